# Everyday commands. Every target that needs Python sets up .venv on its own,
# so `make run` and `make test` work on a fresh clone.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp records that the editable install matches pyproject.toml (and the
# way this file installs it); when it is newer than both nothing is reinstalled,
# so repeated runs are cheap.
STAMP  := $(VENV)/.installed

.PHONY: venv run test xserver bench dist screenshots clean distclean

venv: $(STAMP)

# editable_mode=compat: the checkout goes on sys.path by a plain .pth line. The
# default installs an import hook whose own imports (pathlib and more) made every
# Python start in the venv take 22 ms instead of 10 (2026-11-28), paid again by
# each `linjat` command the engine server runs.
$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dist]' --config-settings editable_mode=compat
	touch $(STAMP)

run: venv
	$(BIN)/linjat-editor

# A few GUI tests run the editor on a private Xvfb (a real X server shows modal
# and layout bugs the offscreen plugin hides). Qt >= 6.5's xcb plugin needs
# libxcb-cursor0, and icccm/keysyms, which minimal Debian images lack. Installed
# when missing and we may (root with apt-get, as in CI); otherwise those tests
# skip with a message naming the packages. poppler-utils reads the printed
# sheets back (tests/export/test_sheets_for_players.py).
XPACKAGES := xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 poppler-utils
xserver:
	@if command -v dpkg-query >/dev/null && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    missing=$$(for p in $(XPACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	    if [ -n "$$missing" ]; then \
	        echo "installing for the X server tests: $$missing"; \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	    fi; \
	fi

# Qt runs offscreen in tests (the X server ones start their own Xvfb); the
# architecture contracts (docs/architecture.md) and the type check of every
# package run first because they are fast and a broken layering makes other
# failures misleading. pytest runs on two processes (pytest-xdist), a test
# file to each at a time (--dist loadfile: a file's module fixtures, such as
# the wheel's venv, are made once): the tests share no state but the kernels'
# compile cache, and half the suite waits on subprocesses, fsync and timers.
# PYTEST_WORKERS=0 runs them in this process, in order.
PYTEST_WORKERS ?= 2
test: venv xserver
	QT_QPA_PLATFORM=offscreen $(BIN)/lint-imports
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile

bench: venv
	$(BIN)/linjat bench

# The editor as a one-folder app in dist/linjat-editor/ with its engine compiled in, and
# dist/linjat-editor-VERSION-linux-x86_64.tar.gz to hand out (see packaging/README.md).
dist: venv
	rm -rf dist/linjat-editor
	$(BIN)/python packaging/build_dist.py

# The user guide's pictures (docs/img/), from a scripted designer session at 1280x860
# (offscreen; settings and autosaves in a temporary folder). Re-run after window changes.
screenshots: venv
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(BIN)/python scripts/screenshots.py docs/img --size 1280x860

# Build outputs and caches only; the virtual environment stays (see distclean).
clean:
	rm -rf build dist .pytest_cache .mypy_cache .import_linter_cache
	find . -path ./$(VENV) -prune -o -name '*.egg-info' -prune -exec rm -rf {} + \
	    -o -name __pycache__ -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

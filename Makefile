# Everyday commands. Every target that needs Python sets up .venv on its own,
# so `make run` and `make test` work on a fresh clone.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp records that the editable install matches pyproject.toml; when it
# is newer than pyproject.toml nothing is reinstalled, so repeated runs are cheap.
STAMP  := $(VENV)/.installed

.PHONY: venv run test bench dist clean distclean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dist]'
	touch $(STAMP)

run: venv
	$(BIN)/linjat-editor

# Qt needs no display in tests; the architecture contracts (docs/architecture.md)
# and the type check of every package run first because they are fast and a
# broken layering makes other failures misleading.
test: venv
	QT_QPA_PLATFORM=offscreen $(BIN)/lint-imports
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: venv
	$(BIN)/linjat bench

# The editor as a one-folder app in dist/linjat-editor/ (see packaging/README.md).
dist: venv
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
	    packaging/linjat-editor.spec

# Build outputs and caches only; the virtual environment stays (see distclean).
clean:
	rm -rf build dist .pytest_cache .mypy_cache .import_linter_cache
	find . -path ./$(VENV) -prune -o -name '*.egg-info' -prune -exec rm -rf {} + \
	    -o -name __pycache__ -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

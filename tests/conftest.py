"""Shared test fixtures: the published reference corpus, and Qt set up for a headless run."""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from linjat_editor.core.level import Level

#: The warm engine servers the suite's commands start (cli/server.py) live in a folder of this run's own (each
#: xdist worker its own), short-lived, and are all stopped at the end (pytest_unconfigure). Short: a socket's
#: path has at most 107 bytes.
SERVER_FOLDER = tempfile.mkdtemp(prefix="ljs-")
os.environ["LINJAT_SERVER_DIR"] = SERVER_FOLDER
os.environ["LINJAT_SERVER_IDLE"] = "120"

# Tests must run without a display, and pytest-qt must pick PySide6 even if
# another binding happens to be installed (pyproject also sets qt_api).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYTEST_QT_API", "pyside6")

#: The corpus lives beside the repository, never inside it (see its README).
CORPUS_PATH = Path(
    os.environ.get("LINJAT_CORPUS")
    or Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "linjat-published.json"
)


NO_CORPUS = f"published corpus not found at {CORPUS_PATH} (set LINJAT_CORPUS to its path)"


def pytest_report_header() -> str:
    """Said once, at the top: whether the tests that read the published corpus will run."""
    return f"published corpus: {CORPUS_PATH}" if CORPUS_PATH.is_file() else f"published corpus: none, {NO_CORPUS}"


#: The tests left out for want of the corpus in this run.
_without_corpus: list[pytest.Item] = []


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without the corpus, the tests that read it are left out as one group, not skipped one by one."""
    if CORPUS_PATH.is_file():
        return
    _without_corpus[:] = [item for item in items if "corpus_path" in getattr(item, "fixturenames", ())]
    if _without_corpus:
        config.hook.pytest_deselected(items=_without_corpus)
        items[:] = [item for item in items if item not in _without_corpus]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Said once, at the end: how many tests the missing corpus left out."""
    if _without_corpus:
        terminalreporter.write_line(f"{len(_without_corpus)} tests that read the corpus did not run: {NO_CORPUS}",
                                    yellow=True, bold=True)


_APP: list[Any] = []  # the session's QApplication, kept alive


@pytest.fixture(scope="session", autouse=True)
def _widgets_possible() -> None:
    """The process's Qt application is a ``QApplication`` from the first test on.

    ``render.app.ensure_app`` makes a ``QGuiApplication`` when there is none
    (drawing needs no widgets), and Qt aborts the whole process at the first
    widget made after that. Spread over workers, an export test that ran first
    in a worker took down the GUI tests after it (seen 2026-11-25, with an empty
    kernel cache: a worker aborted in SettingsForm()).
    """
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        _APP.append(QApplication([]))


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    """Where the published corpus file is (skips the test if it is absent)."""
    if not CORPUS_PATH.is_file():
        pytest.skip(NO_CORPUS)
    return CORPUS_PATH


@pytest.fixture(scope="session")
def corpus(corpus_path: Path) -> dict[str, Any]:
    """The published corpus as loaded from JSON: tier name -> list of records."""
    with open(corpus_path, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def corpus_levels(corpus: dict[str, Any]) -> Callable[[str], list[Level]]:
    """A function ``corpus_levels(tier)`` giving that tier's levels (message-only entries skipped)."""

    def levels(tier: str) -> list[Level]:
        return [
            Level.from_rows(rec["puzzle"], message=rec.get("message") or "")
            for rec in corpus[tier]
            if rec.get("puzzle") is not None
        ]

    return levels


@pytest.fixture
def background_compile_in() -> Iterator[Callable[[Path], int | None]]:
    """``background_compile_in(cache)``: the pid of the background compile a test started with NUMBA_CACHE_DIR=cache.

    Waits for it to take its lock (a Python of its own starting: seconds), and
    ends it after the test, with its workers (it leads its process group).
    Without its pid file, any process whose cache is ``cache`` is ended (Linux).
    """
    caches: list[Path] = []

    def pid(cache: Path, timeout: float = 120.0) -> int | None:
        caches.append(cache)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [p.read_text().strip() for p in cache.glob("numba/*/compiling.pid")]
            if found and found[0]:
                return int(found[0])
            time.sleep(0.1)
        return None

    yield pid
    for cache in caches:
        found = [p.read_text().strip() for p in cache.glob("numba/*/compiling.pid")]
        for process in [int(found[0])] if found and found[0] else _processes_with_cache(cache):
            try:
                os.killpg(os.getpgid(process), signal.SIGKILL)
            except ProcessLookupError:
                pass


def _processes_with_cache(cache: Path) -> list[int]:
    return processes_with_env(f"NUMBA_CACHE_DIR={cache}")


def pytest_unconfigure(config: pytest.Config) -> None:
    """No process left behind: every server of the run's folder asked to stop, then whatever is left ended."""
    from linjat_editor.cli import servers

    for folder, _, _ in list(os.walk(SERVER_FOLDER)):
        servers.stop(folder, wait=5)
    # A server still loading, or a command a server runs (tests may use folders inside this one); only
    # servers: the folder is also in the environment of the xdist workers this process started.
    for pid in processes_with_env(f"LINJAT_SERVER_DIR={SERVER_FOLDER}", "linjat_editor.cli.server", prefix=True):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    shutil.rmtree(SERVER_FOLDER, ignore_errors=True)


def processes_with_env(setting: str, running: str = "", prefix: bool = False) -> list[int]:
    """Processes (not this one) started with ``setting`` (NAME=value; with ``prefix``, a path and what is
    below it) in their environment, and ``running`` in their command line (Linux; none elsewhere)."""
    wanted = [f"{setting}\0".encode()] + ([f"{setting}/".encode()] if prefix else [])
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if (any(w in environ.read_bytes() for w in wanted) and int(environ.parent.name) != os.getpid()
                    and running.encode() in (environ.parent / "cmdline").read_bytes()):
                found.append(int(environ.parent.name))
        except OSError:
            pass
    return found

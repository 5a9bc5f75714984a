"""GUI test fixtures: settings and recovery files go to a temporary directory, never the user's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("LINJAT_EDITOR_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LINJAT_EDITOR_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def next_start(qtbot, monkeypatch):
    """``next_start()``: the editor's next start, after a crash or a session end. Its window (no modal prompt on
    close), the recovery questions it asked (each answered Yes) and the problems it had to tell."""
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.core.level import Level
    from linjat_editor.gui.shell import launch
    from linjat_editor.gui.shell.main_window import MainWindow

    def start():
        fresh = MainWindow(Level(4, 4))
        qtbot.addWidget(fresh)
        fresh.set_panel.analyse = False
        fresh.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
        fresh.set_panel.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
        fresh.optimizer.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
        asked: list[str] = []
        monkeypatch.setattr(QMessageBox, "question",
                            lambda parent, title, text, *a, **k: asked.append(text) or QMessageBox.StandardButton.Yes)
        return fresh, asked, launch.offer_recovery(fresh)

    return start


@pytest.fixture
def drained_pool():
    """After the test, Qt's global thread pool has finished its jobs (analyses, checks): none runs into the next."""
    yield
    from PySide6.QtCore import QThreadPool

    QThreadPool.globalInstance().waitForDone(60_000)


@pytest.fixture
def window(qtbot):
    """A main window with modal boxes replaced by recorders (``window.errors``, ``window.infos``)."""
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.core.level import Level
    from linjat_editor.gui.shell.main_window import MainWindow

    w = MainWindow(Level.from_rows(["    ", "    ", ".3. ", "    "]))
    w.errors, w.infos = [], []
    w.show_error = lambda title, text: w.errors.append((title, text))
    w.show_info = lambda title, text: w.infos.append((title, text))
    # pytest-qt closes the window before fixture teardown: never let that open a modal prompt.
    w.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    w.set_panel.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    w.optimizer.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    yield w
    w.analysis.runner.cancel()
    w.generator.runner.cancel()
    w.analysis.runner.pool.waitForDone(60_000)
    w.generator.runner.pool.waitForDone(60_000)



# -- a real X server -------------------------------------------------------------------
# The offscreen plugin hides bugs of real modal loops, so a few tests run the
# editor in a child process on a private Xvfb (one process cannot switch Qt
# platform plugins, and the other tests run offscreen).

NO_XVFB = ("no X server for this test: install the Debian packages xvfb, xauth and libxcb-cursor0 "
           "(`make test` does so when it runs as root)")
SCRIPTS = Path(__file__).resolve().parent / "xvfb_scripts"


def _end_with_parent() -> None:
    """In the Xvfb child: end when the test process ends, even if it crashes (Linux)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _xvfb(screen: str):
    """A private Xvfb of ``screen`` (WIDTHxHEIGHT): yields its DISPLAY; skips where no X server can be had."""
    binary = shutil.which("Xvfb")
    if binary is None:
        pytest.skip(NO_XVFB)
    read, write = os.pipe()
    proc = subprocess.Popen([binary, "-displayfd", str(write), "-screen", "0", f"{screen}x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=_end_with_parent)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        pytest.skip(NO_XVFB + " (Xvfb did not start)")
    yield f":{number}"
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="session")
def xdisplay():
    """DISPLAY of a private Xvfb (1920x1080) for the session; skipped where no X server can be had."""
    yield from _xvfb("1920x1080")


@pytest.fixture(scope="session")
def laptop_xdisplay():
    """DISPLAY of a private Xvfb of a small laptop's screen (1366x768)."""
    yield from _xvfb("1366x768")


def _runner(display: str, tmp_path: Path):
    def run(script: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
               "PYTHONPATH": os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p),
               "LINJAT_EDITOR_CONFIG_DIR": str(tmp_path / "x-config"),
               "LINJAT_EDITOR_DATA_DIR": str(tmp_path / "x-data")}
        env.pop("WAYLAND_DISPLAY", None)
        return subprocess.run([sys.executable, str(SCRIPTS / script), *args], env=env, capture_output=True,
                              text=True, timeout=timeout)

    return run


@pytest.fixture
def run_on_x(xdisplay, tmp_path):
    """``run_on_x(script_name, *args, timeout=...)``: run a script of ``xvfb_scripts`` on the Xvfb (xcb plugin)."""
    return _runner(xdisplay, tmp_path)


@pytest.fixture
def run_on_laptop_x(laptop_xdisplay, tmp_path):
    """``run_on_x`` on the 1366x768 Xvfb."""
    return _runner(laptop_xdisplay, tmp_path)

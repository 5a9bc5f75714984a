"""The one place a headless run gets its Qt application (fonts and painting need one)."""

from __future__ import annotations

import atexit
import os

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

_APP: QGuiApplication | None = None  # the application made here, kept alive until exit


def ensure_app() -> QCoreApplication:
    """The running Qt application, or a new ``QGuiApplication`` (offscreen when there is no display).

    Painting needs QtGui only. A process that shows widgets later (the editor,
    the GUI tests) must make its ``QApplication`` before anything calls this.
    """
    global _APP
    app = QCoreApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = _APP = QGuiApplication([])
        # Tear it down before the interpreter does: letting the GC do it at
        # exit crashes PySide6 after painting.
        atexit.register(_shutdown)
    return app


def _shutdown() -> None:
    global _APP
    if _APP is not None:
        _APP.shutdown()
        _APP = None

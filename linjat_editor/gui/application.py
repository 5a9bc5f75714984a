"""The editor's one QApplication (widgets need the full kind), for the window and the stall benchmark."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication


def application(headless: bool) -> QApplication:
    """The running QApplication or a new one; ``headless`` goes offscreen when there is no display."""
    if headless and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("linjat-editor")
    app.setApplicationDisplayName("Linjat Editor")
    return app

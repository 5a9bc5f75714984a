"""The editor's one QApplication (widgets need the full kind), for the window and the stall benchmark."""

from __future__ import annotations

import os
import sys

from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication


def application(headless: bool) -> QApplication:
    """The running QApplication or a new one; ``headless`` goes offscreen when there is no display."""
    if headless and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("linjat-editor")
    app.setApplicationDisplayName("Linjat Editor")
    app.setDesktopFileName("linjat-editor")  # so the desktop shows the entry's icon and name
    app.setWindowIcon(app_icon())
    return app


def app_icon() -> QIcon:
    """The icon in every size, from the package's resources (a checkout, any install, the app)."""
    icon = QIcon()
    for png in sorted((Path(__file__).resolve().parents[2] / "resources" / "icons" / "hicolor").glob("*/apps/linjat-editor.png")):
        icon.addFile(str(png))
    return icon if not icon.isNull() else QIcon.fromTheme("linjat-editor")

"""How much of the screen a window may take: what the screen leaves free, less a title bar.

Before a window manager has framed a window, Qt does not know its title bar;
a window sized to the whole free height then ends below the screen's bottom
edge, its lowest buttons out of reach (a 1366x768 laptop has no room to spare).
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: Room left for a title bar when a window is fitted to the screen before it has a frame.
TITLE_BAR_ALLOWANCE = 32


def room_on_screen(widget: QWidget | None) -> QRect:
    """The free area of ``widget``'s screen (the primary screen without one), less a title bar's height."""
    screen = (widget.screen() if widget is not None else None) or QGuiApplication.primaryScreen()
    room = screen.availableGeometry()
    return room.adjusted(0, 0, 0, -TITLE_BAR_ALLOWANCE)

"""What the docks use of the main window: one small Protocol.

The docks (``install_optimizer``, ``install_play_mode``, ``install_set_panel``)
put a panel beside the board and follow the level being edited; that is all
they know of the window. :class:`~linjat_editor.gui.shell.main_window.MainWindow`
satisfies it by its shape (no base class); mypy checks that where the window
is handed over. It sits between the docks and the board: it names only the
board's types, so it needs nothing of the shell, and no import contract has to
look away (the shell's own wider view is ``gui/shell/shell_window.py``).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.document import Document


class EditorWindow(Protocol):
    document: Document
    board: BoardView
    set_menu: QMenu  # the Level set menu, once the set dock has added it
    export_menu: QMenu  # File ▸ Export, added by the set dock

    def widget(self) -> QMainWindow:
        """The window as a Qt widget: the parent of dialogs, menus and actions."""
        ...

    def add_dock(self, widget: QWidget, area: Qt.DockWidgetArea = ...,
                 title: str | None = None) -> QDockWidget: ...


__all__ = ["EditorWindow"]

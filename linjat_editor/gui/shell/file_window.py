"""What the file workflow needs of its window: the document, the settings, a way to show an error.

A base class of :class:`~linjat_editor.gui.shell.main_window.MainWindow`, declared
below it so that ``file_controller`` can name its window's type without
importing ``main_window`` (which builds the controller): no import cycle.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from linjat_editor.gui.board.document import Document
from linjat_editor.gui.shell.settings import Settings


class WindowBase(QMainWindow):
    document: Document
    settings: Settings

    def show_error(self, title: str, text: str) -> None:
        raise NotImplementedError


__all__ = ["WindowBase"]

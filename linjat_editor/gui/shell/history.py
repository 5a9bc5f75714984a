"""The two documents' undo histories: one Undo for both, one History panel showing both.

The level and the level set each keep their own undo stack. Edit ▸ Undo (Ctrl+Z)
acts on the set's while the keyboard focus is in the Level set panel (or in the
set's history), on the level's everywhere else, as a ``QUndoGroup`` does for
the documents of an office program. The History panel lists the level's steps
above the set's, each list headed by how its document began.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QLabel, QSplitter, QUndoView, QVBoxLayout, QWidget

from linjat_editor.gui.board.document import Document


class HistoryPanel(QWidget):
    """The History dock's contents: the level's undo steps, and the set's under them."""

    scrolls_itself = True  # each list scrolls; the dock needs no scroll area around them

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Undo history")
        self.document = document
        self.level_view = _view(document.undo_stack, "Level undo history")
        self.set_view: QUndoView | None = None
        self._split = QSplitter(Qt.Orientation.Vertical, self)
        self._split.addWidget(_titled("Level", self.level_view))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._split)
        document.reset.connect(self._name_level_start)
        self._name_level_start()

    def add_set(self, stack: QUndoStack) -> QUndoView:
        """Show the level set's steps under the level's."""
        self.set_view = _view(stack, "Level set undo history")
        self._split.addWidget(_titled("Level set", self.set_view))
        return self.set_view

    def name_set_start(self, origin: str) -> None:
        if self.set_view is not None:
            self.set_view.setEmptyLabel(f"<{origin}>")

    def _name_level_start(self) -> None:
        self.level_view.setEmptyLabel(f"<{self.document.origin}>")


class UndoRouter(QObject):
    """Puts the stack of the document the keyboard focus is in at the front of ``group``."""

    def __init__(self, group: QUndoGroup, level_stack: QUndoStack, window: QWidget) -> None:
        super().__init__(window)
        self.group, self.level_stack, self.window = group, level_stack, window
        self.set_areas: list[QWidget] = []
        self.set_stack: QUndoStack | None = None
        group.addStack(level_stack)
        group.setActiveStack(level_stack)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self.follow_focus)

    def add_set(self, stack: QUndoStack, *areas: QWidget) -> None:
        """The set's stack, active while the focus is inside any of ``areas``."""
        self.set_stack = stack
        self.set_areas = list(areas)
        self.group.addStack(stack)

    def follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or new.window() is not self.window:
            return  # a menu, a dialog or another window: the choice made before it stands
        in_set = any(area is new or area.isAncestorOf(new) for area in self.set_areas)
        stack = self.set_stack if in_set and self.set_stack is not None else self.level_stack
        if self.group.activeStack() is not stack:
            self.group.setActiveStack(stack)


def _view(stack: QUndoStack, name: str) -> QUndoView:
    view = QUndoView(stack)
    view.setAccessibleName(name)
    return view


def _titled(title: str, view: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(4, 2, 4, 0)
    layout.setSpacing(2)
    label = QLabel(f"<b>{title}</b>")
    layout.addWidget(label)
    layout.addWidget(view, 1)
    return box

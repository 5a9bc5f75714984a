"""The open document: one immutable :class:`Level`, its file, and its undo stack.

Tiled-style: views never change the level themselves. They push a command
(see :mod:`linjat_editor.gui.commands`) and redraw when :attr:`Document.levelChanged`
fires, so undo, redo and every other view stay in step for free.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from linjat_editor.core.level import Level


class Document(QObject):
    """Owns the current level, its path, the modified flag and the undo stack."""

    #: The level changed (edit, undo, redo, open, new). Carries the new Level.
    levelChanged = Signal(object)  # Signal(object): a Level travels, a Python object Qt has no type for
    #: The modified flag flipped.
    modifiedChanged = Signal(bool)
    #: The file path changed (save as, open, new). Carries a str ("" for none).
    pathChanged = Signal(str)
    #: A whole new level was loaded (open/new/recover): views drop per-level state.
    reset = Signal()

    def __init__(self, level: Level | None = None, path: str | Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._level = level if level is not None else Level(9, 6)
        self._path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        #: How this document began, as the History's first line says it ("opened med0.txt", "new level"...).
        self.origin = f"opened {self._path.name}" if self._path else "new level"
        #: Asked before a whole new level replaces this one: True when its unsaved changes may go
        #: (saved, discarded or none). The shell puts its Save / Discard / Cancel prompt here.
        self.confirm_drop: Callable[[], bool] = lambda: True
        # A bound method (not a lambda) so Qt drops the connection when we are destroyed.
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    def _on_clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # -- state ---------------------------------------------------------------

    @property
    def level(self) -> Level:
        return self._level

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """File name for the title bar, or the level name, or 'untitled'."""
        if self._path is not None:
            return self._path.name
        return self._level.name or "untitled"

    # -- changes -------------------------------------------------------------

    def set_level(self, level: Level) -> None:
        """Replace the level without touching the undo stack. Only commands call this."""
        if level is self._level:
            return
        self._level = level
        self.levelChanged.emit(level)

    def push(self, command: QUndoCommand) -> bool:
        """Push an edit. Commands that would change nothing are dropped (no empty undo steps)."""
        if not getattr(command, "changes", True):
            return False
        self.undo_stack.push(command)
        return True

    def load(self, level: Level, path: str | Path | None = None, modified: bool = False,
             origin: str | None = None) -> None:
        """Start over with ``level`` (open, new, recover): fresh undo history.

        ``modified=True`` marks the loaded level as unsaved (a recovered autosave); ``origin`` says how it began, for the History's first line.
        """
        self.undo_stack.clear()  # emits cleanChanged(True) if it was modified
        self._level = level
        self._path = Path(path) if path else None
        self.origin = origin or (f"opened {self._path.name}" if self._path else "new level")
        self.reset.emit()
        self.levelChanged.emit(level)
        self.pathChanged.emit(str(self._path or ""))
        if modified:
            # An undo stack with no commands is always clean; a never-reachable
            # clean index makes it report "modified" until the next save.
            self.undo_stack.resetClean()

    def start_new(self, level: Level, origin: str) -> bool:
        """Make ``level`` a new untitled document (generated, imported, taken from a set), once
        :attr:`confirm_drop` agrees. False, and nothing changed, when the designer cancels.

        Untitled, so Save asks for a file: it never writes this level over the file of the one before;
        and nothing unsaved yet, like any new document (its first edit makes it "untitled*").
        """
        if not self.confirm_drop():
            return False
        self.load(level, None, origin=origin)
        return True

    def mark_saved(self, path: str | Path) -> None:
        """The level was written to ``path``: remember it and clear the modified flag."""
        new = Path(path)
        if new != self._path:
            self._path = new
            self.pathChanged.emit(str(new))
        self.undo_stack.setClean()

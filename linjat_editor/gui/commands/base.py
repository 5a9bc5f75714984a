"""Shared machinery: a command is the level before and the level after."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from linjat_editor.core.level import Level


class LevelDocument(Protocol):
    """What a command needs of the document it edits (the board's :class:`Document`): its level, and a way to swap it.

    Named here so that commands import nothing of the board that pushes them.
    """

    @property
    def level(self) -> Level: ...

    def set_level(self, level: Level) -> None: ...


def cell_name(row: int, col: int) -> str:
    """A cell as a designer reads it (1-based), for undo history texts."""
    return f"r{row + 1}c{col + 1}"


class LevelCommand(QUndoCommand):
    """Swap the document between two immutable levels.

    Levels are values, so undo is exact and cheap: no diffing, no replay.
    Subclasses compute ``after`` from the document's current level.
    """

    def __init__(self, document: LevelDocument, after: Level, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.before = document.level
        self.after = after

    @property
    def changes(self) -> bool:
        """False when the edit would leave the board as it is (the document then skips it)."""
        return self.before != self.after

    def redo(self) -> None:
        self.document.set_level(self.after)

    def undo(self) -> None:
        self.document.set_level(self.before)

"""One change to a level set (add, remove, duplicate, drag, sort, tier) as one undo step on the set panel's stack.

Sets are immutable values, so a step is the set before and after; ``show``
puts a set on the panel (and selects row ``select``, -1 for none).
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtGui import QUndoCommand

from linjat_editor.io.level_set import LevelSet


class ChangeSetCommand(QUndoCommand):
    """Swap the panel between two sets."""

    def __init__(self, show: Callable[[LevelSet, int], None], before: LevelSet, after: LevelSet, text: str,
                 select: int = -1) -> None:
        super().__init__(text)
        self.show, self.before, self.after, self.select = show, before, after, select

    def redo(self) -> None:
        self.show(self.after, self.select)

    def undo(self) -> None:
        self.show(self.before, self.select)

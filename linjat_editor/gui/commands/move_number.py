"""Drag a number to another cell (a dot on the target is replaced)."""

from __future__ import annotations

from linjat_editor.core.level import Cell
from linjat_editor.gui.commands.base import LevelCommand, LevelDocument, cell_name


class MoveNumberCommand(LevelCommand):
    """Move the number at ``source`` to ``target``. Nothing happens onto another number."""

    def __init__(self, document: LevelDocument, source: Cell, target: Cell) -> None:
        level = document.level
        number = level.number_at(*source)
        after = level
        if number is not None and source != target and level.number_at(*target) is None:
            after = level.cleared(*source).with_number(*target, number.value)
        text = f"Move {number.value if number else '?'} {cell_name(*source)} \u2192 {cell_name(*target)}"
        super().__init__(document, after, text)

"""Place a number (1-9) on a cell, replacing whatever was there."""

from __future__ import annotations

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument, cell_name


class SetNumberCommand(LevelCommand):
    """Typing a digit on the selected cell."""

    def __init__(self, document: LevelDocument, row: int, col: int, value: int) -> None:
        super().__init__(document, document.level.with_number(row, col, value), f"Set {value} at {cell_name(row, col)}")

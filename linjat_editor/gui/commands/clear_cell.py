"""Empty a cell (Delete / Backspace)."""

from __future__ import annotations

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument, cell_name


class ClearCellCommand(LevelCommand):
    """Remove the number or dot on a cell."""

    def __init__(self, document: LevelDocument, row: int, col: int) -> None:
        super().__init__(document, document.level.cleared(row, col), f"Clear {cell_name(row, col)}")

"""Empty a cell (Delete / Backspace)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linjat_editor.gui.commands.base import LevelCommand, cell_name

if TYPE_CHECKING:
    from linjat_editor.gui.board.document import Document


class ClearCellCommand(LevelCommand):
    """Remove the number or dot on a cell."""

    def __init__(self, document: Document, row: int, col: int) -> None:
        super().__init__(document, document.level.cleared(row, col), f"Clear {cell_name(row, col)}")

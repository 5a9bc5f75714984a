"""Toggle a dot on a cell: empty -> dot, dot -> empty, number -> dot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linjat_editor.gui.commands.base import LevelCommand, cell_name

if TYPE_CHECKING:
    from linjat_editor.gui.board.document import Document


class ToggleDotCommand(LevelCommand):
    """`.` or right-click on a cell."""

    def __init__(self, document: Document, row: int, col: int) -> None:
        level = document.level
        if (row, col) in level.dots:
            after, text = level.cleared(row, col), f"Remove dot at {cell_name(row, col)}"
        else:
            after, text = level.with_dot(row, col), f"Add dot at {cell_name(row, col)}"
        super().__init__(document, after, text)

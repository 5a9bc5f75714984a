"""Toggle a dot on a cell: empty -> dot, dot -> empty, number -> dot."""

from __future__ import annotations

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument, cell_name


class ToggleDotCommand(LevelCommand):
    """`.` or right-click on a cell."""

    def __init__(self, document: LevelDocument, row: int, col: int) -> None:
        level = document.level
        if (row, col) in level.dots:
            after, text = level.cleared(row, col), f"Remove dot at {cell_name(row, col)}"
        else:
            after, text = level.with_dot(row, col), f"Add dot at {cell_name(row, col)}"
        super().__init__(document, after, text)

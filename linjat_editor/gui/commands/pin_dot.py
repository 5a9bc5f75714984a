"""Pin or unpin a dot: pinned dots survive "Fill dots" and the optimizer."""

from __future__ import annotations

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument, cell_name


class PinDotCommand(LevelCommand):
    """Shift-click: a pinned dot becomes a plain dot; anything else but a number becomes a pinned dot."""

    def __init__(self, document: LevelDocument, row: int, col: int) -> None:
        level = document.level
        cell = (row, col)
        if level.number_at(row, col) is not None:
            after, text = level, "Pin dot (on a number: nothing to do)"
        elif cell in level.pinned:
            after, text = level.with_dot(row, col, pinned=False), f"Unpin dot at {cell_name(row, col)}"
        else:
            after, text = level.with_dot(row, col, pinned=True), f"Pin dot at {cell_name(row, col)}"
        super().__init__(document, after, text)

"""Moving a whole level: rotate a quarter turn, mirror, shift by a cell.

Each keeps the numbers' values, the dots, which dots are pinned and the
metadata; only where they stand changes. A level and its rotations or mirror
images are the same puzzle: one solution each, the same deductions. A shift is
not: the row or column it frees on the other side is room the lines did not have.

>>> level = Level.from_rows(["2 .", "   "])
>>> rotated(level).rows()
[' 2', '  ', ' .']
>>> mirrored(level).rows()
['. 2', '   ']
>>> shifted(level, 1, 0).rows()
['   ', '2 .']
>>> shifted(level, 0, 1) is None  # the dot would fall off the right edge
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from linjat_editor.core.level import Cell, Level, Number


def _moved(level: Level, place: Callable[[Cell], Cell], height: int, width: int) -> Level:
    return replace(
        level,
        height=height,
        width=width,
        numbers=tuple(Number(*place(n.cell), n.value) for n in level.numbers),
        dots=frozenset(place(c) for c in level.dots),
        pinned=frozenset(place(c) for c in level.pinned),
    )


def rotated(level: Level) -> Level:
    """The level turned a quarter clockwise (an H×W grid becomes W×H)."""
    h = level.height
    return _moved(level, lambda cell: (cell[1], h - 1 - cell[0]), level.width, level.height)


def mirrored(level: Level, left_right: bool = True) -> Level:
    """The level's mirror image: left and right swapped, or (``left_right=False``) top and bottom."""
    h, w = level.height, level.width
    if left_right:
        return _moved(level, lambda cell: (cell[0], w - 1 - cell[1]), h, w)
    return _moved(level, lambda cell: (h - 1 - cell[0], cell[1]), h, w)


def shifted(level: Level, rows: int, columns: int) -> Level | None:
    """Everything moved ``rows`` down and ``columns`` right (negative: up, left), or None when a
    number or dot would fall off the grid (nothing is dropped silently)."""
    h, w = level.height, level.width
    cells = [n.cell for n in level.numbers] + list(level.dots)
    if any(not (0 <= r + rows < h and 0 <= c + columns < w) for r, c in cells):
        return None
    return _moved(level, lambda cell: (cell[0] + rows, cell[1] + columns), h, w)

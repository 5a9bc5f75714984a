"""Plain words for cells, numbers and lines (rows and columns counted from 1, for people).

>>> from linjat_editor.core.level import Level
>>> level = Level.from_rows(["    ", " 3  ", "    "])
>>> cell_name((2, 4)), number_name(level, 0)
('row 3, column 5', 'the 3 at row 2, column 2')
>>> line_words(level, 0, (1, 1, 1, 3)), line_words(level, 0, (0, 1, 2, 1))
('rightwards', 'vertically over rows 1-3')
>>> cell_list([(0, 0), (0, 1), (2, 3), (3, 3)], most=3)
'row 1, column 1, row 1, column 2, row 3, column 4 and 1 more'
"""

from __future__ import annotations

from typing import Iterable

from ..level import Cell, Level, Line
from ..prose import join as join  # the analysis' sentences list things as every other does


def cell_name(cell: Cell) -> str:
    """``row R, column C`` counted from 1."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def number_name(level: Level, index: int) -> str:
    """``the 4 at row 2, column 5`` for the number with that index."""
    n = level.numbers[index]
    return f"the {n.value} at {cell_name(n.cell)}"


def cell_list(cells: Iterable[Cell], most: int = 4) -> str:
    """A few cells by name, then how many more."""
    cells = sorted(set(cells))
    names = [cell_name(c) for c in cells[:most]]
    if len(cells) > most:
        return ", ".join(names) + f" and {len(cells) - most} more"
    return join(names)


def number_list(level: Level, indices: Iterable[int], most: int = 3) -> str:
    """A few numbers by name, then how many more."""
    idx = sorted(set(indices))
    names = [number_name(level, i) for i in idx[:most]]
    if len(idx) > most:
        return ", ".join(names) + f" and {len(idx) - most} other numbers"
    return join(names)


def line_words(level: Level, index: int, line: Line) -> str:
    """Which way a number's line goes: ``leftwards``, ``downwards``, ``horizontally over columns 2-4``..."""
    n = level.numbers[index]
    r1, c1, r2, c2 = line
    if n.value == 1:
        return "on its own cell"
    if r1 == r2:
        if c1 == n.col:
            return "rightwards"
        if c2 == n.col:
            return "leftwards"
        return f"horizontally over columns {c1 + 1}-{c2 + 1}"
    if r1 == n.row:
        return "downwards"
    if r2 == n.row:
        return "upwards"
    return f"vertically over rows {r1 + 1}-{r2 + 1}"

"""Whether a number can fit on the board at all, said at once (before any engine work).

>>> from linjat_editor.core.level import Level
>>> numbers_that_cannot_fit(Level.from_rows(["9   ", "    ", "    ", "    "]))
"The 9 at row 1, column 1 cannot fit: its line needs 9 cells in a row or column, and this 4\u00d74 board's longest is 4."
>>> numbers_that_cannot_fit(Level.from_rows(["4   "]))
''
"""

from __future__ import annotations

from linjat_editor.core.level import Level


def numbers_that_cannot_fit(level: Level) -> str:
    """A sentence naming the numbers longer than any row or column of the board ('' when all fit).

    A number n is a straight line of n cells through its own cell, so it needs
    a row or a column at least n long.
    """
    longest = max(level.height, level.width)
    big = [n for n in level.numbers if n.value > longest]
    if not big:
        return ""
    names = ", ".join(f"the {n.value} at row {n.row + 1}, column {n.col + 1}" for n in big)
    return (f"{names[0].upper()}{names[1:]} cannot fit: its line needs {big[0].value} cells in a row or column, "
            f"and this {level.height}\u00d7{level.width} board's longest is {longest}.")

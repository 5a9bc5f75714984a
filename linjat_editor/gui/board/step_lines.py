"""Step lines for the board's overlay, built from the solver's ownership grid.

The overlay's data classes live beside the painter (:mod:`linjat_editor.render.marks`).
"""

from __future__ import annotations

from linjat_editor.core.level import Cell
from linjat_editor.render.marks import StepLine


def known_lines(numbers: list[tuple[int, int, int]], owner: object, extended: set[int]) -> tuple[StepLine, ...]:
    """Lines known from an ownership grid: each number's claimed cells plus its own cell.

    ``owner`` is the solver's H×W array (index of the claiming number, -1 none);
    ``extended`` the indices of numbers that gained a claim in the step.
    """
    out = []
    for i, (r, c, value) in enumerate(numbers):
        rows, cols = [r], [c]
        for (rr, cc) in _cells_of(owner, i):
            rows.append(rr)
            cols.append(cc)
        line = (min(rows), min(cols), max(rows), max(cols))
        length = max(line[2] - line[0], line[3] - line[1]) + 1
        out.append(StepLine(line, length >= value, i in extended))
    return tuple(out)


def _cells_of(owner: object, index: int) -> list[Cell]:
    import numpy as np  # numpy is an engine dependency anyway; imported late to keep this module light

    rr, cc = np.nonzero(np.asarray(owner) == index)
    return [(int(a), int(b)) for a, b in zip(rr, cc)]

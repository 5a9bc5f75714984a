"""Between a :class:`Level` and the kernels' :class:`~.kernels.board.Board`: the one conversion each way."""

from __future__ import annotations

import numpy as np

from .kernels.board import Board, allocate
from .level import Level, LevelError, Line, Number
from .limits import check_numbers


def from_level(level: Level, pinned_only: bool = False, trace: bool = False) -> Board:
    """A fresh board holding ``level``'s numbers and dots (only its pinned dots if ``pinned_only``).

    Placements are not built yet: the kernels do that (``build_board``).
    ``trace``: with room to record every point of a solve.
    """
    check_numbers(len(level.numbers))
    w = level.width
    b = allocate(level.height, w, len(level.numbers), trace)
    for i, n in enumerate(level.numbers):
        b.pos[i] = n.row * w + n.col
        b.val[i] = n.value
    for r, c in level.pinned if pinned_only else level.dots:
        b.dot[r * w + c] = True
    return b


def to_level(template: Level, pos: np.ndarray, val: np.ndarray, dot: np.ndarray) -> Level:
    """``template`` (its size, pinned dots and metadata) with the numbers and dots of kernel arrays.

    ``pos``/``val``: exactly the numbers (a board's are ``b.pos[:b.n]``); ``dot``: per cell.
    """
    w = template.width
    numbers = [Number(p // w, p % w, v) for p, v in zip(pos.tolist(), val.tolist())]
    dots = [(c // w, c % w) for c in np.flatnonzero(dot[: template.height * w]).tolist()]
    # One new Level, not two: the optimizer makes one per candidate.
    return template.with_numbers(numbers, dots)


def placement_lines(start: np.ndarray, step: np.ndarray, length: np.ndarray, width: int) -> list[Line]:
    """The (row1, col1, row2, col2) lines of kernel placements (arrays: one entry per placement)."""
    end = start + (length - 1) * step
    return list(zip((start // width).tolist(), (start % width).tolist(), (end // width).tolist(), (end % width).tolist()))

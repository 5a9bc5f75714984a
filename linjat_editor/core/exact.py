"""Exact solving: how many solutions a level has (up to a limit), and which.

Independent of the human-style solver on purpose: its own placement list and
its own search, so each can check the other.

>>> from linjat_editor.core.level import Level
>>> count_solutions(Level.from_rows([".3. "])).count
1
>>> count_solutions(Level.from_rows([" 2 "])).count
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Sequence

import numpy as np

from .limits import check_numbers
from .kernels.exact import BUDGET
from .kernels.exact import count_solutions as _count
from .kernels.exact import number_lines as _number_lines
from .level import Level, LevelError, Line


@dataclass(frozen=True)
class ExactResult:
    """``count`` solutions were found, stopping at ``limit``; ``solutions`` lists them."""

    count: int
    limit: int
    solutions: tuple[tuple[Line, ...], ...]

    @property
    def unique(self) -> bool:
        return self.count == 1


def placements(level: Level) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every line each number could take on the empty board (other numbers block): number, length and cells of each.

    ``cells[k, :length[k]]`` are line k's cells (flat, ``row * width + col``;
    0-padded). Per number, the line slid from left (up) to right (down),
    horizontal then vertical for each start; a 1 has one line, itself.
    """
    w = level.width
    pos = np.array([n.row * w + n.col for n in level.numbers], np.int64)
    val = np.array([n.value for n in level.numbers], np.int64)
    return _number_lines(level.height, w, pos, val)  # type: ignore[no-any-return]


def line_of(cells: np.ndarray, length: np.ndarray, k: int, width: int) -> Line:
    """Line ``k`` of :func:`placements` as (row1, col1, row2, col2)."""
    first, last = int(cells[k, 0]), int(cells[k, length[k] - 1])
    return (first // width, first % width, last // width, last % width)


def number_lines(level: Level) -> list[list[Line]]:
    """Per number, every line it could take on the empty board, in the order of :func:`placements`."""
    piece, length, cells = placements(level)
    out: list[list[Line]] = [[] for _ in level.numbers]
    for k in range(len(piece)):
        out[piece[k]].append(line_of(cells, length, k, level.width))
    return out


def count_solutions(
    level: Level,
    limit: int = 2,
    allowed: Sequence[Collection[Line] | None] | None = None,
    budget: int = BUDGET,
) -> ExactResult:
    """Count solutions, stopping once ``limit`` are found.

    ``allowed`` optionally restricts each number (by index in
    ``level.numbers``) to a set of lines; ``None`` for a number leaves it free.
    Raises :class:`LevelError` if the search needs more than ``budget`` steps
    (only huge, open boards do), rather than hang or guess.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    check_numbers(len(level.numbers))  # the same levels as the deduction solver, so count and solve agree
    w = level.width
    n = len(level.numbers)
    piece, length, cells = placements(level)
    ok = np.ones(len(piece), np.bool_)
    if allowed is not None:
        for k in range(len(piece)):
            if allowed[piece[k]] is not None:
                ok[k] = line_of(cells, length, k, w) in allowed[piece[k]]
    dots = np.array(sorted(r * w + c for r, c in level.dots), np.int64)
    keep = min(limit, 16)
    out = np.zeros((keep, n), np.int64)
    found = _count(level.height * w, n, piece, cells, length, ok, dots, limit, out, budget)
    if found < 0:
        raise LevelError(f"too open to count exactly: gave up after {budget:,} search steps")
    solutions = tuple(tuple(line_of(cells, length, int(out[s, p]), w) for p in range(n)) for s in range(min(found, keep)))
    return ExactResult(int(found), limit, solutions)

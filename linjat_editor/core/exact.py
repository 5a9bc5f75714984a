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

from .board import check_numbers
from .kernels.exact import BUDGET
from .kernels.exact import count_solutions as _count
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


def number_lines(level: Level) -> list[list[Line]]:
    """Every line each number could take on the empty board (other numbers block).

    Per number: the line slid from left (up) to right (down), horizontal
    then vertical for each start; a 1 has one line, itself.
    """
    taken = {n.cell for n in level.numbers}
    h, w = level.height, level.width

    def room(r: int, c: int, dr: int, dc: int, most: int) -> int:
        """Free cells from (r, c) in direction (dr, dc), at most ``most``, before the edge or a number."""
        k = 0
        while k < most:
            r, c = r + dr, c + dc
            if not (0 <= r < h and 0 <= c < w) or (r, c) in taken:
                break
            k += 1
        return k

    out: list[list[Line]] = []
    for n in level.numbers:
        r, c, v = n.row, n.col, n.value
        left, right = room(r, c, 0, -1, v - 1), room(r, c, 0, 1, v - 1)
        up, down = room(r, c, -1, 0, v - 1), room(r, c, 1, 0, v - 1)
        lines: list[Line] = []
        for first in range(v):
            if first <= left and v - 1 - first <= right:
                lines.append((r, c - first, r, c - first + v - 1))
            if v > 1 and first <= up and v - 1 - first <= down:
                lines.append((r - first, c, r - first + v - 1, c))
        out.append(lines)
    return out


def line_arrays(level: Level, flat: Sequence[tuple[int, Line]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The exact search's view of (number index, line) pairs: number, length, and the cells of each (0-padded)."""
    w = level.width
    piece = np.fromiter((p for p, _ in flat), np.int64, len(flat))
    length = np.array([n.value for n in level.numbers], np.int64)[piece]
    start = np.fromiter((r1 * w + c1 for _, (r1, c1, _, _) in flat), np.int64, len(flat))
    step = np.fromiter((w if r2 > r1 else 1 for _, (r1, _, r2, _) in flat), np.int64, len(flat))
    i = np.arange(max(length, default=1))
    cells = np.where(i < length[:, None], start[:, None] + i * step[:, None], 0)
    return piece, length, cells


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
    flat = [(p, line) for p, lines in enumerate(number_lines(level)) for line in lines]
    n = len(level.numbers)
    piece, length, cells = line_arrays(level, flat)
    ok = np.ones(len(flat), np.bool_)
    if allowed is not None:
        for k, (p, line) in enumerate(flat):
            if allowed[p] is not None:
                ok[k] = line in allowed[p]  # type: ignore[operator]
    dots = np.array(sorted(r * w + c for r, c in level.dots), np.int64)
    keep = min(limit, 16)
    out = np.zeros((keep, n), np.int64)
    found = _count(level.height * w, n, piece, cells, length, ok, dots, limit, out, budget)
    if found < 0:
        raise LevelError(f"too open to count exactly: gave up after {budget:,} search steps")
    solutions = tuple(tuple(flat[int(out[s, p])][1] for p in range(n)) for s in range(min(found, keep)))
    return ExactResult(int(found), limit, solutions)

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
    """Every line each number could take on the empty board (other numbers block)."""
    taken = {n.cell for n in level.numbers}
    out: list[list[Line]] = []
    for n in level.numbers:
        lines: list[Line] = []
        for first in range(n.value):
            for horizontal in (True, False):
                if horizontal:
                    line = (n.row, n.col - first, n.row, n.col - first + n.value - 1)
                else:
                    line = (n.row - first, n.col, n.row - first + n.value - 1, n.col)
                r1, c1, r2, c2 = line
                if r1 < 0 or c1 < 0 or r2 >= level.height or c2 >= level.width or line in lines:
                    continue
                cells = [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
                if any(cell in taken and cell != n.cell for cell in cells):
                    continue
                lines.append(line)
        out.append(lines)
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
    per_number = number_lines(level)
    flat = [(p, line) for p, lines in enumerate(per_number) for line in lines]
    n = len(level.numbers)
    piece = np.array([p for p, _ in flat], np.int64)
    length = np.array([level.numbers[p].value for p, _ in flat], np.int64)
    cells = np.zeros((len(flat), max(length, default=1)), np.int64)
    ok = np.ones(len(flat), np.bool_)
    for k, (p, (r1, c1, r2, c2)) in enumerate(flat):
        covered = [r * w + c for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
        cells[k, : len(covered)] = covered
        if allowed is not None and allowed[p] is not None:
            ok[k] = (r1, c1, r2, c2) in allowed[p]  # type: ignore[operator]
    dots = np.array(sorted(r * w + c for r, c in level.dots), np.int64)
    keep = min(limit, 16)
    out = np.zeros((keep, n), np.int64)
    found = _count(level.height * w, n, piece, cells, length, ok, dots, limit, out, budget)
    if found < 0:
        raise LevelError(f"too open to count exactly: gave up after {budget:,} search steps")
    solutions = tuple(tuple(flat[int(out[s, p])][1] for p in range(n)) for s in range(min(found, keep)))
    return ExactResult(int(found), limit, solutions)

"""Filling in dots for a designer's numbers, and random starting levels (spec section 5).

>>> from linjat_editor.core.level import Level
>>> result = fill_dots(Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    "]), seed=1)
>>> result.solved, result.level.numbers == Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    "]).numbers
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .board_arrays import MAX_NUMBERS
from .exact import count_solutions
from .kernels.bits import seed_state
from .kernels.fill import random_numbers
from .kernels.layer import CONTRADICTION, SOLVED
from .kernels.optimize import fill, workspace
from .level import Level, LevelError, Number


@dataclass(frozen=True)
class FillResult:
    """The filled level; ``solved`` means unique and solved by deduction, else ``reason`` says why not."""

    level: Level
    solved: bool
    reason: str = ""


def load(level: Level, ws: tuple) -> None:
    """Put a level's numbers and pinned dots into a kernel workspace."""
    w = level.width
    for i, n in enumerate(level.numbers):
        ws[0][i] = n.row * w + n.col
        ws[1][i] = n.value
    ws[2][:] = False
    for r, c in level.pinned:
        ws[2][r * w + c] = True


def dots_of(level: Level, ws: tuple) -> Level:
    """The level with the dots the kernel left in ``ws`` (pinned ones kept)."""
    w = level.width
    return level.with_dots((int(c) // w, int(c) % w) for c in np.flatnonzero(ws[2]))


def new_seed() -> int:
    return random.randrange(2**63)


def fill_dots(level: Level, seed: int | None = None, attempts: int = 20) -> FillResult:
    """Replace the unpinned dots so that deduction solves the level, if dots can.

    Keeps numbers and pinned dots. Tries up to ``attempts`` dot fillings (the
    tie-breaks are random) and returns the first that is solved and unique.
    """
    if len(level.numbers) > MAX_NUMBERS:
        raise LevelError(f"{len(level.numbers)} numbers: the engine handles at most {MAX_NUMBERS}")
    rng = seed_state(new_seed() if seed is None else seed)
    h, w, n = level.height, level.width, len(level.numbers)
    ws = workspace(h, w, n)
    reason = ""
    result = level
    for _ in range(max(1, attempts)):
        load(level, ws)
        status = fill(h, w, n, rng, ws)
        result = dots_of(level, ws)
        if status == SOLVED:
            count = count_solutions(result, limit=2).count
            if count == 1:
                return FillResult(result, True)
            reason = "deduction only finishes by assuming a unique solution, and the level has several"
        elif status == CONTRADICTION:
            # No dot can repair that: the numbers and pinned dots admit no solution.
            return FillResult(result, False, _why_impossible(level))
        else:
            reason = "the solver gets stuck and every cell it could use already has a dot"
    return FillResult(result, False, reason)


def _why_impossible(level: Level) -> str:
    if count_solutions(level, limit=1).count == 0:
        if level.pinned:
            return "no solution exists with these numbers and pinned dots"
        return "no solution exists: the numbers cannot all be drawn without crossing"
    return "the dots the generator added left no solution"


def random_level(height: int, width: int, count: int, seed: int | None = None, pinned: frozenset[tuple[int, int]] = frozenset()) -> Level:
    """``count`` numbers from 2 to 5 on distinct random cells (no dots).

    >>> len(random_level(9, 6, 8, seed=3).numbers)
    8
    """
    if count > MAX_NUMBERS:
        raise LevelError(f"{count} numbers: the engine handles at most {MAX_NUMBERS}")
    rng = seed_state(new_seed() if seed is None else seed)
    blocked = np.zeros(height * width, np.bool_)
    for r, c in pinned:
        blocked[r * width + c] = True
    pos = np.zeros(max(count, 1), np.int64)
    val = np.zeros(max(count, 1), np.int64)
    if not random_numbers(height, width, count, pos, val, blocked, rng):
        raise LevelError(f"{count} numbers do not fit on a {height}x{width} grid")
    numbers = tuple(Number(int(p) // width, int(p) % width, int(v)) for p, v in zip(pos[:count], val[:count]))
    return Level(height, width, numbers, pinned, pinned)

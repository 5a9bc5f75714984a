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

from .board import check_numbers, from_level, to_level
from .exact import count_solutions
from .kernels.bits import seed_state
from .kernels.fill import random_numbers
from .kernels.layer import CONTRADICTION, SOLVED
from .kernels.optimize import fill
from .level import Level, LevelError


@dataclass(frozen=True)
class FillResult:
    """The filled level; ``solved`` means unique and solved by deduction, else ``reason`` says why not."""

    level: Level
    solved: bool
    reason: str = ""


def new_seed() -> int:
    return random.randrange(2**63)


def fill_dots(level: Level, seed: int | None = None, attempts: int = 20) -> FillResult:
    """Replace the unpinned dots so that deduction solves the level, if dots can.

    Keeps numbers and pinned dots. Tries up to ``attempts`` dot fillings (the
    tie-breaks are random) and returns the first that is solved and unique.
    """
    check_numbers(len(level.numbers))
    rng = seed_state(new_seed() if seed is None else seed)
    reason = ""
    result = level
    for _ in range(max(1, attempts)):
        b = from_level(level, pinned_only=True)
        status = fill(b, rng)
        result = to_level(level, b.pos[: b.n], b.val[: b.n], b.dot)
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
    check_numbers(count)
    rng = seed_state(new_seed() if seed is None else seed)
    blocked = np.zeros(height * width, np.bool_)
    for r, c in pinned:
        blocked[r * width + c] = True
    pos = np.zeros(max(count, 1), np.int64)
    val = np.zeros(max(count, 1), np.int64)
    if not random_numbers(height, width, count, pos, val, blocked, rng):
        raise LevelError(f"{count} numbers do not fit on a {height}x{width} grid")
    return to_level(Level(height, width, (), pinned, pinned), pos[:count], val[:count], np.zeros(height * width, np.bool_))

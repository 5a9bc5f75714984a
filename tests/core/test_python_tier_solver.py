"""The Python tier solves and counts as the compiled engine does: published levels of every tier, random ones.

A first start answers from the kernels' Python (``jit/tier.py``) while
they compile; a designer must get the same verdict then as the day after.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from linjat_editor.core import Level, Number, count_solutions, fill_dots, random_level, solve
from linjat_editor.core.kinds import Kind
from linjat_editor.core.limits import MAX_NUMBERS
from linjat_editor.core.level import MAX_SIDE

from .python_tier import assert_same, both
from .reference import random_levels as small_random_levels

#: The kinds a beginner's level may use.
BASIC = (Kind.COVER, Kind.CANT_FIT)
#: Published levels per tier, spread over the tier (the Python tier is some 30 times slower).
PER_TIER = 3


def solve_and_count(levels: list[Level]) -> Callable[[], list[tuple]]:
    return lambda: [(solve(level, trace=True), count_solutions(level)) for level in levels]


def corpus_sample(corpus_levels: Callable[[str], list[Level]]) -> list[Level]:
    sample = []
    for name in ("tutorial", "easy", "medium", "hard", "expert"):
        levels = corpus_levels(name)
        sample += levels[:: max(1, len(levels) // PER_TIER)][:PER_TIER]
    return sample


def test_published_levels(corpus_levels: Callable[[str], list[Level]]) -> None:
    levels = corpus_sample(corpus_levels)
    assert {(level.height, level.width) for level in levels} == {(4, 4), (9, 6), (10, 7), (11, 8), (13, 9)}

    def run() -> list[tuple]:
        # All the kinds, and a designer's subset (stuck where it is not enough).
        return solve_and_count(levels)() + [solve(level, trace=True, rules=BASIC) for level in levels]

    compiled, python, calls = both(run)
    assert {"build_board", "solve_board", "count_solutions"} <= set(calls)
    assert_same(compiled, python)
    found = compiled[: len(levels)]
    assert sum(result.solved for result, _ in found) >= len(levels) - 3  # (a few published levels need a leak)
    assert "stuck" in {str(result.status) for result in compiled[len(levels):]}  # the subset is not always enough


def random_levels() -> list[Level]:
    """Levels of several sizes, up to the largest the engine takes: numbers alone, with dots filled, with a dot less."""
    rng = random.Random(28)
    levels = []
    for h, w, n in ((3, 3, 2), (7, 5, 6), (9, 6, 10), (13, 9, 23), (20, 14, 40)):
        bare = random_level(h, w, n, seed=rng.randrange(2**32))
        filled = fill_dots(bare, seed=rng.randrange(2**32)).level
        levels += [bare, filled]
        if filled.dots:
            levels.append(filled.cleared(*sorted(filled.dots)[rng.randrange(len(filled.dots))]))
    # The largest: every number the solver's masks hold, values up to the longest line, some dots at random;
    # and one in rows of lines, each number's line dotted (a fill of that size takes minutes).
    cells = [(r, c) for r in range(MAX_SIDE) for c in range(MAX_SIDE)]
    rng.shuffle(cells)
    numbers = tuple(Number(r, c, rng.randint(1, 9)) for r, c in cells[:MAX_NUMBERS])
    levels.append(Level(MAX_SIDE, MAX_SIDE, numbers).with_dots(cell for cell in cells[MAX_NUMBERS:] if rng.random() < 0.1))
    side = MAX_SIDE // 8
    rows = Level(MAX_SIDE, MAX_SIDE, tuple(Number(side * r, side * c, side) for r in range(8) for c in range(8)))
    levels.append(rows.with_dots((side * r, side * c + i) for r in range(8) for c in range(8) for i in range(1, side)))
    assert len(rows.numbers) == MAX_NUMBERS
    # And many small ones of every shape up to 15x11, mostly filled: solved, stuck, ambiguous, without solution.
    levels += small_random_levels(seed=28, count=60)
    return levels


@pytest.fixture(scope="module")
def random_sample() -> list[Level]:
    return random_levels()


def test_random_levels(random_sample: list[Level]) -> None:
    compiled, python, _ = both(solve_and_count(random_sample))
    assert_same(compiled, python)
    statuses = {str(result.status) for result, _ in compiled}
    assert statuses == {"solved", "stuck", "ambiguous", "contradiction"}, statuses  # every verdict

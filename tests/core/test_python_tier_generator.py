"""The Python tier makes the levels the compiled engine makes, byte for byte: fill, polish, optimizer, generate."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import PRESETS, Level, Optimizer, fill_dots, generate, polish_dots
from linjat_editor.core.kinds import Kind
from linjat_editor.core.objective import canon, lesson, toward_score
from linjat_editor.io.level_json import write_level_json

from .python_tier import assert_same, both


def test_fill_dots(corpus_levels: Callable[[str], list[Level]]) -> None:
    numbers = [corpus_levels(tier)[5].without_dots() for tier in ("easy", "medium", "expert")]
    compiled, python, calls = both(lambda: [fill_dots(level, seed=seed) for seed, level in enumerate(numbers)])
    assert "fill" in calls
    assert_same(compiled, python)


def test_polish(corpus_levels: Callable[[str], list[Level]]) -> None:
    # Freshly filled levels, whose dots a few moves improve (the published ones' mostly stay).
    levels = [fill_dots(corpus_levels(tier)[i].without_dots(), seed=1).level for tier, i in (("medium", 3), ("expert", 9))]
    compiled, python, calls = both(lambda: [polish_dots(level, PRESETS["expert"], 15, seed=1) for level in levels])
    assert "polish" in calls
    assert_same(compiled, python)
    assert all(a != b for a, b in zip(compiled, levels))  # dots moved: the climb ran


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("tier", "iterations"), [("medium", 30), ("expert", 12)])
def test_optimizer(corpus_levels: Callable[[str], list[Level]], tier: str, iterations: int, workers: int) -> None:
    # The medium search starts from numbers without a solution (a 2 boxed in a corner by two 1s: no solution
    # known, its children change blindly, ``mutate``), the expert one from a published level (its children keep
    # its solution, ``mutate_along``). 1s allowed, so that the pool may keep the start's.
    start = corpus_levels(tier)[4 if tier == "medium" else 6]
    if tier == "medium":
        start = start.without_dots().with_number(0, 0, 2).with_number(0, 1, 1).with_number(1, 0, 1)
    goal = canon(PRESETS[tier], allow_ones=True)

    def run() -> tuple[int, list]:
        optimizer = Optimizer(start, goal, seed=11, workers=workers)
        return optimizer.run(iterations), optimizer.pool

    compiled, python, calls = both(run)
    assert "search" in calls  # the optimizer's kernel and its door (``door.search``)
    assert_same(compiled, python)
    assert compiled[1]  # the pool holds levels to compare


#: A 13x9 expert start takes the Python tier some 14 s (random levels until one needs a hard kind):
#: the expert weights search a 9x6 board here, and ``test_optimizer`` climbs from a 13x9 expert level.
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("preset", "iterations"), [("easy", 60), ("expert", 30)])
def test_generate(preset: str, iterations: int, workers: int) -> None:
    def run() -> list[str]:
        return [write_level_json(generate(9, 6, 10, PRESETS[preset], iterations=iterations, seed=seed, workers=workers))
                for seed in ((1, 2) if workers == 1 else (3,))]

    compiled, python, _ = both(run)
    assert_same(compiled, python)


def test_generate_part_compiled() -> None:
    """A first start's search once the search's kernels are loaded (their door inside) but not the door Python calls
    (``pool.check``, for the first level and the pool's start): the same levels."""
    def run() -> list[str]:
        return [write_level_json(generate(9, 6, 10, PRESETS["easy"], iterations=60, seed=3, workers=2))]

    compiled, python, calls = both(run, compiled=("search", "enter", "optimize", "polish"))
    assert "admission" in calls and "search" not in calls and "optimize" not in calls
    assert_same(compiled, python)


@pytest.mark.parametrize("aim", ["lesson", "target"])
def test_generate_aims(aim: str) -> None:
    """A lesson (the taught kind needed, only the kinds before it allowed) and a target score: the kernels' other branches."""
    goal = lesson(Kind.DEPENDENCY) if aim == "lesson" else toward_score(PRESETS["medium"], 60)

    def run() -> list[str]:
        return [write_level_json(generate(9, 6, 10, goal, iterations=60, seed=1))]

    compiled, python, _ = both(run)
    assert_same(compiled, python)

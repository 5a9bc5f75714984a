"""The Python tier against the compiled engine at length (``-m slow``): the whole published corpus, 13x9 expert searches."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import PRESETS, Level, count_solutions, generate, solve
from linjat_editor.core.analysis import analyze
from linjat_editor.io.level_json import write_level_json

from .python_tier import assert_same, both
from .reference import random_levels

TIERS = ("tutorial", "easy", "medium", "hard", "expert")


@pytest.mark.slow
def test_whole_corpus(corpus_levels: Callable[[str], list[Level]]) -> None:
    """Every published level: the solve, the exact count and the analysis report (a minute or two as Python)."""
    levels = [level for tier in TIERS for level in corpus_levels(tier)]

    def run() -> list[tuple]:
        return [(solve(level, trace=True), count_solutions(level), analyze(level, PRESETS["expert"])) for level in levels]

    compiled, python, _ = both(run)
    assert_same(compiled, python, skip=frozenset({"elapsed_ms"}))


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_expert_generate(workers: int) -> None:
    """13x9 expert levels, as ``linjat generate`` makes them by default (some 15 s each as Python)."""
    def run() -> list[str]:
        return [write_level_json(generate(13, 9, 23, PRESETS["expert"], iterations=100, seed=seed, workers=workers))
                for seed in (1, 2)]

    compiled, python, _ = both(run)
    assert_same(compiled, python)


@pytest.mark.slow
def test_random_levels() -> None:
    """Seeded random levels of every size up to 15x11, mostly filled by the generator: the solve and the exact count."""
    levels = list(random_levels(seed=29, count=4000))

    def run() -> list[tuple]:
        return [(solve(level, trace=True), count_solutions(level)) for level in levels]

    compiled, python, _ = both(run)
    assert_same(compiled, python)

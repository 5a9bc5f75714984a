"""fix_leaks: fewer dots, no leak left, still exactly one solution and solved by deduction."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import Level, LevelError, count_solutions, solve
from linjat_editor.core.analysis import detect_leaks, fix_leaks

from .helpers import CLEAN, GENERAL, SINGLE_SOLUTION, UNCONTESTED


def check_fixed(level: Level, fixed: Level) -> None:
    assert fixed.numbers == level.numbers
    assert level.dots <= fixed.dots
    result = count_solutions(fixed, limit=2)
    assert result.count == 1 and result.solutions == count_solutions(level).solutions
    assert solve(fixed).solved


@pytest.mark.parametrize("rows", [SINGLE_SOLUTION, UNCONTESTED, GENERAL])
def test_fix_hand_built(rows: list[str]) -> None:
    level = Level.from_rows(rows)
    assert detect_leaks(level)
    fixed = fix_leaks(level)
    check_fixed(level, fixed)
    assert detect_leaks(fixed) == []
    assert 1 <= len(fixed.dots - level.dots) <= 2


def test_clean_level_unchanged() -> None:
    level = Level.from_rows(CLEAN)
    assert fix_leaks(level) == level


def test_refuses_levels_without_one_solution() -> None:
    with pytest.raises(LevelError, match="two or more"):
        fix_leaks(Level.from_rows([" 2 "]))
    with pytest.raises(LevelError, match="no solution"):
        fix_leaks(Level.from_rows([".2 ."]))


def test_fix_published(corpus_levels: Callable[[str], list[Level]]) -> None:
    fixed_all = 0
    leaky = [lv for lv in corpus_levels("medium")[:12] if detect_leaks(lv)]
    assert leaky
    for level in leaky:
        fixed = fix_leaks(level)
        check_fixed(level, fixed)
        left = detect_leaks(fixed)
        assert len(left) < len(detect_leaks(level))
        fixed_all += not left
    assert fixed_all >= len(leaky) // 2

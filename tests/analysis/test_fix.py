"""fix_leaks: fewer dots, no leak left, still exactly one solution and solved by deduction."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import Level, LevelError, count_solutions, solve
from linjat_editor.core.analysis import detect_leaks, fix_leaks, fix_leaks_report
from linjat_editor.core.level import line_cells

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


def test_fix_names_the_leaks_it_cannot_remove_and_why(corpus_levels: Callable[[str], list[Level]]) -> None:
    """Published medium #1: 8 leaks, of which 2 (the 3 at row 3, column 5 drawn up) no dot removes."""
    level = corpus_levels("medium")[0]
    report = fix_leaks_report(level)
    check_fixed(level, report.level)
    assert report.before == len(detect_leaks(level)) == 8
    assert report.level.dots - level.dots == set(report.added)
    assert [leak.message for leak in report.left] == [leak.message for leak in detect_leaks(report.level)]
    assert len(report.left) == 2 and {leak.number for leak in report.left} == {(2, 4)}
    assert report.summary().startswith(f"Added {len(report.added)} dots (")
    assert report.summary().endswith(": 6 of 8 leaks removed. Left: 2 general leaks of the 3 at row 3, column 5: "
                                     "no dot on an empty cell of the solution's lines removes them.")
    # The reason holds: each empty cell under the solution, dotted, leaves those leaks.
    solution = count_solutions(level).solutions[0]
    empty = {c for line in solution for c in line_cells(line)} - set(report.level.dots) - {n.cell for n in level.numbers}
    for cell in empty:
        assert {(leak.number, leak.line) for leak in report.left} <= \
            {(leak.number, leak.line) for leak in detect_leaks(report.level.with_dot(*cell))}
    again = fix_leaks_report(report.level)
    assert again.level == report.level and again.summary().startswith("Added no dot: 0 of 2 leaks removed. Left: 2 general")


def test_fix_report_of_a_clean_level_says_there_is_nothing_to_fix() -> None:
    report = fix_leaks_report(Level.from_rows(CLEAN))
    assert report.summary() == "The level has no uniqueness leak to fix." and not report.left and not report.added


def count_leak_searches(monkeypatch: pytest.MonkeyPatch) -> list[Level]:
    """Record every level whose leaks the fix looks for."""
    from linjat_editor.core.analysis import fix

    seen: list[Level] = []
    real = fix.detect_leaks

    def counting(level: Level, **kw: object) -> list:
        seen.append(level)
        return real(level, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(fix, "detect_leaks", counting)
    return seen


def test_the_fix_looks_for_each_levels_leaks_once(corpus_levels: Callable[[str], list[Level]], monkeypatch) -> None:
    """Why a leak is left is read off the last sweep of trial dots, not found again by a sweep per leak."""
    seen = count_leak_searches(monkeypatch)
    report = fix_leaks_report(corpus_levels("medium")[0])
    assert len(report.left) == 2 and seen
    assert len(seen) == len(set(seen))


def test_fill_stops_its_leak_fix_when_asked(corpus_levels: Callable[[str], list[Level]], monkeypatch) -> None:
    """Cancel during Fill's leak fix stops the fix at the next trial dot (Fill drops a stopped result)."""
    from linjat_editor.core import fill_dots

    seen = count_leak_searches(monkeypatch)
    level = corpus_levels("medium")[0]
    fixing = []

    def should_stop() -> bool:  # stop as soon as the fix has looked at one level
        if seen and not fixing:
            fixing.append(len(seen))
        return bool(seen)

    fill_dots(level.with_meta(pinned=level.dots), seed=1, should_stop=should_stop)
    assert fixing and len(seen) <= fixing[0] + 1


def test_a_stopped_fix_says_it_was_stopped(corpus_levels: Callable[[str], list[Level]]) -> None:
    level = corpus_levels("medium")[0]
    report = fix_leaks_report(level, should_stop=lambda: True)
    assert report.level == level and not report.added and report.before == len(report.left) == 8
    assert report.why == ("the fix was stopped",) * 8
    assert report.summary().startswith("Added no dot: 0 of 8 leaks removed. Left: ")

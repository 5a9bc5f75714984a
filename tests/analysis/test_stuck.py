"""Where deduction gets stuck."""

from __future__ import annotations

from linjat_editor.core import Level, count_solutions, solve
from linjat_editor.core.analysis import stuck_info
from linjat_editor.core.analysis.stuck import stuck_from

from .helpers import CLEAN, STUCK_UNIQUE


def test_stuck_unique_level() -> None:
    level = Level.from_rows(STUCK_UNIQUE)
    assert count_solutions(level).count == 1
    result = solve(level)
    stuck = stuck_from(result)
    assert stuck is not None and stuck.status == "stuck"
    open_numbers = {level.numbers[p].cell for p, lines in enumerate(result.placements) if len(lines) > 1}
    assert set(stuck.numbers) == open_numbers and open_numbers
    assert set(stuck.dots) == {d for d in level.dots if result.owner[d] < 0}
    assert set(stuck.dots) <= set(stuck.cells)
    assert all(result.owner[c] < 0 for c in stuck.cells)
    assert "still open" in stuck.describe(level)
    assert set(stuck.to_json()) == {"numbers", "cells", "dots", "message"}


def test_two_solutions_left_open() -> None:
    stuck = stuck_info(Level.from_rows([" 2 "]))
    assert stuck is not None and stuck.numbers == ((0, 1),) and stuck.cells == ((0, 0), (0, 2))


def test_solved_level_is_not_stuck() -> None:
    assert stuck_info(Level.from_rows(CLEAN)) is None


def test_contradiction() -> None:
    stuck = stuck_info(Level.from_rows([".2 ."]))
    assert stuck is not None and stuck.status == "contradiction"

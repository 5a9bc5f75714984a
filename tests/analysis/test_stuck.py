"""Where deduction gets stuck."""

from __future__ import annotations

from linjat_editor.core import Level, SolveStatus, count_solutions
from linjat_editor.core.analysis import stuck_info

from .helpers import CLEAN, STUCK_UNIQUE


def test_stuck_unique_level() -> None:
    """Worked out by hand: one can't-fit layer (the 5 at row 4, column 6 can only stand
    upright, over rows 1-5, 2-6 or 3-7, so it claims rows 3 and 5), then nothing."""
    level = Level.from_rows(STUCK_UNIQUE)
    assert count_solutions(level).count == 1
    stuck = stuck_info(level)
    assert stuck is not None and stuck.status is SolveStatus.STUCK
    # No number is down to one line: all seven are open.
    assert stuck.numbers == ((0, 1), (0, 4), (1, 4), (3, 3), (3, 5), (7, 5), (8, 3))
    # No dot is claimed yet.
    assert stuck.dots == ((0, 3), (0, 5), (1, 3), (1, 5), (3, 1), (5, 5), (6, 5), (7, 3), (8, 5))
    # The free cells of every line still possible (the 5's claimed cells (2, 5), (4, 5) are not open).
    assert stuck.cells == (
        (0, 0), (0, 2), (0, 3), (0, 5), (1, 1), (1, 3), (1, 5), (2, 1), (2, 3), (2, 4), (3, 1),
        (3, 2), (3, 4), (4, 3), (5, 3), (5, 5), (6, 3), (6, 5), (7, 3), (7, 4), (8, 4), (8, 5),
    )
    assert "7 numbers and 22 cells still open" in stuck.describe(level)
    assert set(stuck.to_json()) == {"numbers", "cells", "dots", "message"}


def test_two_solutions_left_open() -> None:
    stuck = stuck_info(Level.from_rows([" 2 "]))
    assert stuck is not None and stuck.numbers == ((0, 1),) and stuck.cells == ((0, 0), (0, 2))


def test_solved_level_is_not_stuck() -> None:
    assert stuck_info(Level.from_rows(CLEAN)) is None


def test_contradiction() -> None:
    stuck = stuck_info(Level.from_rows([".2 ."]))
    assert stuck is not None and stuck.status is SolveStatus.CONTRADICTION

"""Filling dots: what the generator keeps, and that its 'solved' is true."""

from __future__ import annotations

import pytest

from linjat_editor.core import Level, LevelError, count_solutions, fill_dots, random_level, solve

BOARD = Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    ", "   5  "])


def test_filled_level_keeps_numbers_and_is_unique_and_solved() -> None:
    result = fill_dots(BOARD, seed=4)
    assert result.solved and result.reason == ""
    assert result.level.numbers == BOARD.numbers
    assert count_solutions(result.level).count == 1
    assert solve(result.level).solved


def test_pinned_dots_stay_and_old_dots_go() -> None:
    pinned = BOARD.with_dot(1, 0, pinned=True)
    start = pinned.with_dot(5, 0)
    result = fill_dots(start, seed=1)
    assert (1, 0) in result.level.dots and result.level.pinned == {(1, 0)}
    # The old unpinned dot is gone: the filling is exactly the one of the level without it.
    assert (5, 0) not in result.level.dots
    assert result.level == fill_dots(pinned, seed=1).level
    assert result.level.numbers == BOARD.numbers


def test_same_seed_same_dots_and_other_seeds_vary() -> None:
    a = fill_dots(BOARD, seed=11).level
    assert fill_dots(BOARD, seed=11).level == a
    others = {fill_dots(BOARD, seed=s).level.dots for s in range(12, 30)}
    assert len(others | {a.dots}) > 1


def test_impossible_numbers_say_why() -> None:
    # Two 3s in a 1x4 strip cannot both be drawn.
    result = fill_dots(Level.from_rows(["3 3 "]), seed=0)
    assert not result.solved
    assert "no solution" in result.reason


def test_random_level_shape() -> None:
    level = random_level(13, 9, 24, seed=5)
    assert len(level.numbers) == 24 and not level.dots
    assert all(2 <= n.value <= 5 for n in level.numbers)
    assert random_level(13, 9, 24, seed=5) == level
    with pytest.raises(LevelError):
        random_level(2, 2, 5, seed=0)


@pytest.mark.parametrize("seed", range(20))
def test_generated_levels_are_unique_whenever_reported_solved(seed: int) -> None:
    level = random_level(9, 6, 8, seed=seed)
    result = fill_dots(level, seed=seed)
    assert result.solved == (count_solutions(result.level).count == 1 and solve(result.level).solved)


def test_a_sound_contradiction_in_the_generator_means_no_solution() -> None:
    """The optimizer skips classifying such levels; that is only safe if this holds."""
    from linjat_editor.core.board import from_level, to_level
    from linjat_editor.core.kernels.bits import seed_state
    from linjat_editor.core.kernels.fill import fill_board
    from linjat_editor.core.kernels.layer import CONTRADICTION

    checked = 0
    for seed in range(300):
        level = random_level(7, 6, 9, seed=seed)
        b = from_level(level, pinned_only=True)
        state, leaked = fill_board(b, seed_state(seed))
        if state == CONTRADICTION and not leaked:
            assert count_solutions(to_level(level, b.pos[: b.n], b.val[: b.n], b.dot), limit=1).count == 0
            checked += 1
    assert checked > 30

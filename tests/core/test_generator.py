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


def test_a_number_without_room_is_pointed_at() -> None:
    # In a 1x4 strip the first 3 would have to cross the second.
    result = fill_dots(Level.from_rows(["3 3 "]), seed=0)
    assert not result.solved and "no room" in result.reason and result.cells == ((0, 0),)


def test_numbers_that_cannot_all_be_drawn_are_pointed_at() -> None:
    # Each fits alone; the first three 2s (the third only by standing in the way) and the 3 cannot
    # all be drawn. The far 2 is not part of it.
    level = Level.from_rows(["2 22    2", "3        "])
    result = fill_dots(level, seed=0)
    assert not result.solved and "cannot all be drawn" in result.reason
    assert result.cells == ((0, 0), (0, 2), (0, 3), (1, 0))
    assert count_solutions(level).count == 0


def test_a_pinned_dot_no_line_reaches_is_pointed_at() -> None:
    start = Level.from_rows(["2  ", "   ", "   "]).with_dot(2, 2, pinned=True)
    result = fill_dots(start, seed=0)
    assert not result.solved and "pinned dot" in result.reason and result.cells == ((2, 2),)


def test_numbers_no_dots_can_make_unique_say_so_and_mark_the_open_cells() -> None:
    # Two 2s on a 2x2 diagonal: both solutions cover every cell, dots cannot tell them apart.
    result = fill_dots(Level.from_rows(["2 ", " 2"]), seed=0)
    assert not result.solved and count_solutions(Level.from_rows(["2 ", " 2"])).count == 2
    assert result.cells == ((0, 1), (1, 0)) and "more than one way" in result.reason


def test_progress_and_stop() -> None:
    seen: list[tuple[int, int]] = []
    result = fill_dots(Level.from_rows(["2 ", " 2"]), seed=0, progress=lambda i, n: seen.append((i, n)))
    assert seen and seen[-1][0] == result.attempts
    stopped = fill_dots(BOARD, seed=0, should_stop=lambda: True)
    assert not stopped.solved and stopped.attempts == 0


@pytest.mark.parametrize("tier", ["easy", "medium", "hard", "expert"])
def test_fill_finds_a_filling_for_published_numbers(tier: str, corpus_levels) -> None:  # type: ignore[no-untyped-def]
    """Published numbers with their dots removed are known to admit a good filling."""
    levels = corpus_levels(tier)
    for level in levels[::33]:
        result = fill_dots(level.with_dots(()), seed=len(level.numbers))
        assert result.solved, result.reason
        assert result.level.numbers == level.numbers
        assert count_solutions(result.level).count == 1 and solve(result.level).solved


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
    import numpy as np

    from linjat_editor.core.board import from_level, to_level
    from linjat_editor.core.kernels.bits import seed_state
    from linjat_editor.core.kernels.fill import fill_board
    from linjat_editor.core.kernels.layer import CONTRADICTION

    checked = 0
    for seed in range(300):
        level = random_level(7, 6, 9, seed=seed)
        b = from_level(level, pinned_only=True)
        state, leaked, _ = fill_board(b, seed_state(seed), np.ones(7 * 6, np.bool_), False)
        if state == CONTRADICTION and not leaked:
            assert count_solutions(to_level(level, b.pos[: b.n], b.val[: b.n], b.dot), limit=1).count == 0
            checked += 1
    assert checked > 30


def test_the_boards_dot_list_follows_its_dots() -> None:
    """The rules visit ``dots[:ndots]``; the generator adds to it as it adds dots: it must list exactly the dots, in order."""
    import numpy as np

    from linjat_editor.core.kernels.bits import seed_state
    from linjat_editor.core.kernels.board import allocate
    from linjat_editor.core.kernels.fill import fill_board

    for seed in range(30):
        level = random_level(9, 6, 10, seed=seed)
        b = allocate(9, 6, 10)
        for i, n in enumerate(level.numbers):
            b.pos[i], b.val[i] = n.row * 6 + n.col, n.value
        b.dot[[seed % 54]] = not any(n.row * 6 + n.col == seed % 54 for n in level.numbers)
        fill_board(b, seed_state(seed), np.ones(54, np.bool_), False)
        assert list(b.dots[: b.ndots[0]]) == list(np.flatnonzero(b.dot)), seed
        assert b.ndots[0] > 0

"""A child's fill that leaves its numbers' known solution and fails goes back to where it left and stays on it."""

from __future__ import annotations

import numpy as np

from linjat_editor.core import PRESETS, Level, count_solutions, first_level
from linjat_editor.core.board import from_level, to_level
from linjat_editor.core.kernels.bits import seed_state
from linjat_editor.core.kernels.fill import fill_board, fill_or_keep
from linjat_editor.core.kernels.layer import CONTRADICTION, EVERY_RULE, SOLVED
from linjat_editor.core.level import line_cells
from linjat_editor.core.solver import deduce

Fill = tuple[int, bool, tuple[int, ...], Level]


def known_cells(level: Level) -> np.ndarray:
    """The cells the level's deduced solution covers (flat), as the optimizer marks a child's known solution."""
    solution = deduce(level).solution
    assert solution is not None
    known = np.zeros(level.height * level.width, np.bool_)
    for line in solution:
        for r, c in line_cells(line):
            known[r * level.width + c] = True
    return known


def fill(level: Level, seed: int, known: np.ndarray | None) -> Fill:
    """(status, whether a uniqueness leak was used, the dots added in order, the filled level) of a fill of ``level``'s numbers, with a way back
    to ``known`` or (None) without one."""
    b = from_level(level, pinned_only=True)
    b.hint_at[0] = 0
    everywhere = np.ones(level.height * level.width, np.bool_)
    if known is None:
        state, leaked, _ = fill_board(b, seed_state(seed), everywhere, False)
    else:
        b.known[:] = known
        state, leaked, _ = fill_or_keep(b, seed_state(seed), everywhere, False, EVERY_RULE)
    n = b.n
    return int(state), bool(leaked), tuple(b.added[: b.nadded[0]].tolist()), to_level(level, b.pos[:n], b.val[:n], b.dot)


def starts(count: int) -> list[Level]:
    return [first_level(13, 9, 25, PRESETS["expert"], seed=s) for s in range(count)]


def test_a_fill_that_never_leaves_the_known_solution_is_the_fill_without_a_way_back() -> None:
    for i, level in enumerate(starts(12)):
        everywhere = np.ones(level.height * level.width, np.bool_)
        for seed in range(3):
            assert fill(level, 100 * i + seed, everywhere) == fill(level, 100 * i + seed, None)


def test_a_failed_fill_goes_back_to_its_first_dot_off_the_known_solution_and_stays_on_it() -> None:
    went_back = solved_plain = solved_back = 0
    for i, level in enumerate(starts(12)):
        known = known_cells(level)
        for seed in range(10):
            plain = fill(level, 1000 * i + seed, None)
            back = fill(level, 1000 * i + seed, known)
            solved_plain += plain[0] == SOLVED
            solved_back += back[0] == SOLVED
            off = [k for k, cell in enumerate(plain[2]) if not known[cell]]
            if plain[0] == SOLVED or not off:
                # Solved, or never off the known solution: nothing to go back for, the same fill.
                assert back == plain
                continue
            went_back += 1
            first_off = off[0]
            # The same fill up to its first dot off the known solution; from there on the known solution only.
            assert back[2][:first_off] == plain[2][:first_off]
            assert all(known[cell] for cell in back[2][first_off:])
            # The known solution is still one: only a uniqueness leak can have led into a contradiction.
            assert back[0] != CONTRADICTION or back[1]
            if back[0] == SOLVED and deduce(back[3]).solved:
                assert count_solutions(back[3], limit=2).count == 1
    assert went_back >= 30, went_back
    # The point of it: most fills that went astray are solved after all.
    assert solved_back >= solved_plain + went_back // 2, (solved_plain, solved_back, went_back)

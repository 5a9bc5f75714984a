"""The optimizer's mutation: changes along the parent's solution always leave numbers with a solution.

Every claim is held to the independent solution counter in ``reference``.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pytest

from linjat_editor.core import PRESETS, Level, Number, fill_dots
from linjat_editor.core.kernels.bits import seed_state
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.board import allocate, build_board
from linjat_editor.core.kernels.layer import SOLVED, solution_owners, solve_board
from linjat_editor.core.kernels.mutate import UNKNOWN, mutate, mutate_along
from linjat_editor.core.level import line_cells
from linjat_editor.core.pool import Pool, owners
from linjat_editor.core.solver import deduce

from .reference import count_lines

Corpus = Callable[[str], list[Level]]


def children(level: Level, count: int, seed: int, along: bool, pinned: frozenset[tuple[int, int]] = frozenset(),
             fixed: frozenset[tuple[int, int]] = frozenset(), lowest: int = 1) -> list[Level]:
    """``count`` mutations of ``level``'s numbers, without dots (the pinned ones stay), none lowered below ``lowest``."""
    h, w, n = level.height, level.width, len(level.numbers)
    b = allocate(h, w, n)
    pin = np.zeros(h * w, np.bool_)
    for r, c in pinned:
        pin[r * w + c] = True
    fix = np.zeros(h * w, np.bool_)
    for r, c in fixed:
        fix[r * w + c] = True
    solution = owners(level)
    rng = seed_state(seed)
    out = []
    for _ in range(count):
        b.pos[:n] = [x.row * w + x.col for x in level.numbers]
        b.val[:n] = [x.value for x in level.numbers]
        if along:
            mutate_along(h, w, n, b.pos, b.val, pin, fix, rng, b.owner, solution, lowest)
        else:
            mutate(h, w, n, b.pos, b.val, pin, fix, rng, b.taken, lowest)
        numbers = [Number(int(p) // w, int(p) % w, int(v)) for p, v in zip(b.pos[:n], b.val[:n])]
        out.append(Level(h, w, tuple(numbers), frozenset(pinned), frozenset(pinned)))
    return out


def test_owners_is_the_deduced_solution(corpus_levels: Corpus) -> None:
    level = corpus_levels("expert")[0]
    owner = owners(level)
    solution = deduce(level).solution
    assert solution is not None
    w = level.width
    for p, line in enumerate(solution):
        assert {(r, c) for r, c in line_cells(line)} == {(i // w, i % w) for i in np.flatnonzero(owner == p)}
    assert owners(Level.from_rows(["2 2", "   "]))[0] == UNKNOWN  # two solutions: none known


def test_every_child_has_a_solution(corpus_levels: Corpus) -> None:
    levels = corpus_levels("expert")[:4] + corpus_levels("hard")[:2]
    changed = 0
    for i, level in enumerate(levels):
        for child in children(level, 60, seed=i, along=True):
            assert count_lines(child, limit=1) == 1, f"{level.name}: {child.numbers}"
            changed += child.numbers != level.numbers
    assert changed >= 300  # the mutation did change numbers, nearly always


def test_blind_changes_often_leave_none(corpus_levels: Corpus) -> None:
    # The contrast that makes the test above mean something: the same levels, blind changes.
    levels = corpus_levels("expert")[:4]
    unsolvable = sum(count_lines(child, limit=1) == 0 for i, level in enumerate(levels)
                     for child in children(level, 60, seed=i, along=False))
    assert unsolvable >= 24


def test_all_three_changes_happen(corpus_levels: Corpus) -> None:
    level = corpus_levels("expert")[1]
    values = sorted(x.value for x in level.numbers)
    lower = higher = moved = 0
    for child in children(level, 200, seed=3, along=True):
        cells = {(x.row, x.col) for x in child.numbers}
        moved += cells != {(x.row, x.col) for x in level.numbers}
        total = sum(x.value for x in child.numbers) - sum(values)
        lower += total < 0
        higher += total > 0
    assert lower > 20 and higher > 20 and moved > 20


@pytest.mark.parametrize("along", [True, False])
def test_no_change_makes_a_1_unless_1s_are_allowed(along: bool) -> None:
    # Twos everywhere: every "one lower" drawn would make a 1 (the canon has none). Filled, so its solution is known.
    level = fill_dots(Level.from_rows(["2  2  ", "      ", " 2  2 ", "      ", "2   2 "]), seed=1).level
    assert owners(level)[0] != UNKNOWN
    made = [min(x.value for x in child.numbers) for child in children(level, 200, seed=4, along=along, lowest=2)]
    assert min(made) == 2
    allowed = [min(x.value for x in child.numbers) for child in children(level, 200, seed=4, along=along, lowest=1)]
    assert 1 in allowed  # the contrast: with 1s allowed the same draws make them


def test_pinned_dots_stay_covered_and_fixed_numbers_stay(corpus_levels: Corpus) -> None:
    level = corpus_levels("expert")[2]
    pinned = frozenset(sorted(level.dots)[:6])
    fixed = frozenset((x.row, x.col) for x in level.numbers[:8])
    kept = set(level.numbers[:8])
    for child in children(level, 120, seed=5, along=True, pinned=pinned, fixed=fixed):
        assert kept <= set(child.numbers)
        assert not pinned & {(x.row, x.col) for x in child.numbers}
        assert count_lines(child, limit=1) == 1  # its lines cover the pinned dots too


def test_solution_owners_is_the_solution_even_where_the_solve_left_cells_unclaimed(corpus_levels: Corpus) -> None:
    unclaimed = 0
    for level in corpus_levels("expert")[:40]:
        b = from_level(level)
        build_board(b)
        assert solve_board(b) == SOLVED
        owner = np.empty(level.height * level.width, np.int64)
        solution_owners(b, owner)
        assert (owner == owners(level)).all(), level.name
        unclaimed += not (b.claimed[: owner.size] == owner).all()
    # The contrast: the solve stops once one placement is left per number, some cells of it still unclaimed.
    assert unclaimed > 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pool_keeps_each_members_solution(seed: int, corpus_levels: Corpus) -> None:
    # The kernel hands the pool its candidate's solution (from the placements left): the same as deduction's.
    start = corpus_levels("expert")[seed]
    pool = Pool(start, PRESETS["expert"], seed)
    pool.run(600)
    assert len(pool.search) > 1
    for i, (_, entry) in enumerate(pool.search):
        assert (pool._members.solution[i] == owners(entry.level)).all()

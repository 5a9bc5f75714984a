"""Easy's search keeps the best level of each niche of the technique mix (``Objective.by_niche``, MAP-Elites)."""

from __future__ import annotations

import numpy as np

from linjat_editor.core import count_solutions
from linjat_editor.core.analysis import detect_leaks
from linjat_editor.core.kernels.door import allocate_door, enter
from linjat_editor.core.kernels.members import CANT_FIT_STEP, NICHES, POOL_SIZE, allocate_members, niche_of
from linjat_editor.core.objective import tier_goal
from linjat_editor.core.pool import Pool
from linjat_editor.core.starts import first_level

H, W, N = 5, 5, 2


def offer(search, door, cells: tuple[int, int], cant_fit: int, width: int, score: float, leaks: int = 0) -> bool:
    """Offer the kernel's door a level of two 2s at ``cells`` whose solve has ``cant_fit`` can't-fit layers and
    widest layer ``width``; whether it entered the search."""
    table = np.zeros((8, 2), np.int64)
    table[2, 0], table[0, 1] = cant_fit, width
    pos, val = np.array(cells, np.int64), np.array([2, 2], np.int64)
    entries, selected = allocate_members(H, W, N), allocate_members(H, W, N)
    _, entered = enter(search, entries, selected, door, pos, val, np.zeros(H * W, np.bool_), np.zeros(H * W, np.int64),
                       0, np.full(H * W, -1, np.int64), table, score, score, leaks, 10.0)
    return bool(entered)


def held(search) -> list[tuple[float, tuple[int, ...]]]:
    """The search list as (rank, numbers' cells), best first."""
    return [(float(search.rank[i]), tuple(search.pos[i])) for i in range(search.size[0])]


def test_a_niche_keeps_its_best_level_and_a_tie_takes_its_place() -> None:
    search, door = allocate_members(H, W, N, by_niche=True), allocate_door(H, W, N)
    assert search.rank.shape[0] == NICHES
    top = CANT_FIT_STEP - 1  # the most can't-fit layers in the first band
    assert offer(search, door, (0, 1), cant_fit=0, width=1, score=5)
    assert not offer(search, door, (0, 2), cant_fit=top, width=1, score=4)  # the same niche, lower
    assert held(search) == [(5.0, (0, 1))]
    assert not offer(search, door, (0, 3), cant_fit=top, width=1, score=6, leaks=1)  # its rank, 6 - 10, is lower
    assert offer(search, door, (0, 4), cant_fit=top, width=1, score=5)  # as high: it drifts, as the ten best do
    assert held(search) == [(5.0, (0, 4))]
    assert offer(search, door, (1, 2), cant_fit=0, width=2, score=3)  # another width, another niche, however low
    assert offer(search, door, (1, 3), cant_fit=CANT_FIT_STEP, width=1, score=4)  # and the next band of can't fit
    assert held(search) == [(5.0, (0, 4)), (4.0, (1, 3)), (3.0, (1, 2))]
    assert offer(search, door, (1, 4), cant_fit=top, width=2, score=9)  # the best of its niche, so the best of all
    assert held(search) == [(9.0, (1, 4)), (5.0, (0, 4)), (4.0, (1, 3))]
    assert all(search.serial[i] >= 0 for i in range(3)) and search.serial[3] == -1


def test_the_ten_best_keep_what_a_niche_would_refuse() -> None:
    """The same offers to the ranked list (hard's, expert's, and any objective not by niche) all get in."""
    search, door = allocate_members(H, W, N), allocate_door(H, W, N)
    assert search.rank.shape[0] == POOL_SIZE
    assert offer(search, door, (0, 1), cant_fit=0, width=1, score=5)
    assert offer(search, door, (0, 2), cant_fit=1, width=1, score=4)
    assert held(search) == [(5.0, (0, 1)), (4.0, (0, 2))]


def test_an_easy_run_keeps_one_level_a_niche_and_emits_unique_leak_free_levels() -> None:
    goal = tier_goal("easy")
    assert goal.by_niche and not tier_goal("hard").by_niche
    pool = Pool(first_level(9, 6, 10, goal, seed=11), goal, 12)
    pool.run(3000)
    search = pool._members
    niches = [niche_of(search.table[i]) for i in range(search.size[0])]
    assert 3 <= len(niches) == len(set(niches))  # several niches, one level each
    ranks = [rank for rank, _ in pool.search]
    assert ranks == sorted(ranks, reverse=True)
    # The levels it lists for the designer are the ten best as before: unique, leak-free, best first.
    assert len(pool.entries) == POOL_SIZE
    assert [e.score for e in pool.entries] == sorted((e.score for e in pool.entries), reverse=True)
    for e in pool.entries:
        assert count_solutions(e.level).count == 1 and detect_leaks(e.level) == []
    # And the best of them is at least the best the niches hold free of leaks and within the canon (rank = score).
    clean = [search.score[i] for i in range(search.size[0]) if search.rank[i] == search.score[i]]
    assert clean and pool.entries[0].score >= max(clean)

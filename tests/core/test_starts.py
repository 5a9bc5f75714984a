"""The first level's random starts: the same good starts, in the same order, on any number of threads."""

from __future__ import annotations

import numpy as np

from linjat_editor.core import PRESETS, count_solutions, first_level, solve
from linjat_editor.core.kernels.bits import next_start, rand_below, start_states
from linjat_editor.core.objective import as_objective
from linjat_editor.core.starts import Starts


def test_a_start_draws_from_the_seed_and_its_number_alone() -> None:
    def draws(rng: np.ndarray) -> tuple[int, list[int]]:
        number = int(next_start(rng))
        return number, [int(rand_below(rng, 1000)) for _ in range(5)]

    one = start_states(42)
    every = dict(draws(one) for _ in range(6))
    other = start_states(42, first=1, step=2)
    odd = dict(draws(other) for _ in range(3))
    assert sorted(odd) == [1, 3, 5] and all(odd[k] == every[k] for k in odd)
    assert dict(draws(start_states(43)) for _ in range(6)) != every


def test_threads_find_the_same_candidates_in_the_same_order() -> None:
    goal = as_objective(PRESETS["expert"])
    for seed in (1, 2):
        lists = []
        for workers in (1, 2, 3):
            starts = Starts(13, 9, 24, goal, seed, workers, require_hard=True)
            lists.append([starts.next_candidate() for _ in range(3)])
        assert lists[0] == lists[1] == lists[2]
        for level in lists[0]:
            assert level is not None and solve(level).solved and count_solutions(level, limit=2).count == 1


def test_the_first_level_is_the_same_on_one_and_two_workers() -> None:
    for tier, (h, w, n) in {"expert": (13, 9, 26), "hard": (11, 8, 22), "easy": (9, 6, 10)}.items():
        for seed in (5, 6):
            assert first_level(h, w, n, PRESETS[tier], seed, workers=2) == first_level(h, w, n, PRESETS[tier], seed)


def test_a_start_is_refused_only_when_it_has_no_solution() -> None:
    """hemmed_in says what the board's placements say; a 200-node count's 0 is the exact count's, with no budget."""
    from linjat_editor.core.kernels.board import allocate, build_board
    from linjat_editor.core.kernels.exact import BUDGET, count_numbers_and_dots, count_solutions, hemmed_in, number_lines
    from linjat_editor.core.kernels.fill import random_numbers

    seen = {True: 0, False: 0}
    refuted = 0
    for h, w, n in ((13, 9, 26), (11, 8, 22), (9, 6, 10), (5, 5, 9)):
        b = allocate(h, w, n)
        rng = start_states(7)
        for _ in range(600):
            next_start(rng)
            assert random_numbers(h, w, n, b.pos, b.val, np.zeros(h * w, np.bool_), b.taken, rng)
            b.dot[:] = False
            build_board(b)
            no_line = any(b.pbeg[p + 1] == b.pbeg[p] for p in range(n))
            hemmed = bool(hemmed_in(h, w, n, b.pos, b.val, b.taken))
            assert hemmed == no_line
            seen[hemmed] += 1
            if hemmed:
                continue
            piece, length, cells = number_lines(h, w, b.pos[:n].copy(), b.val[:n].copy())
            exact = count_solutions(h * w, n, piece, cells, length, np.ones(len(piece), np.bool_),
                                    np.zeros(0, np.int64), 1, np.zeros((1, n), np.int64), BUDGET)
            quick = count_numbers_and_dots(h, w, n, b.pos, b.val, b.dot, 1, 200)
            assert quick == exact or quick == -1, (quick, exact)
            refuted += quick == 0
    assert seen[True] > 100 and seen[False] > 100 and refuted > 100, (seen, refuted)


def test_an_error_in_a_searchers_thread_reaches_the_caller(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from linjat_editor.core.starts import Searcher

    search = Searcher.search

    def failing(self: Searcher, below, attempt) -> None:  # type: ignore[no-untyped-def]
        if int(self.rng[1]) % 2:  # the second searcher (odd starts) fails
            raise RuntimeError("a kernel failed")
        search(self, below, attempt)

    monkeypatch.setattr(Searcher, "search", failing)
    starts = Starts(13, 9, 24, as_objective(PRESETS["expert"]), 1, 2, require_hard=True)
    with pytest.raises(RuntimeError, match="a kernel failed"):
        starts.next_candidate()

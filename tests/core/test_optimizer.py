"""The optimizer: results are unique and solved, seeds reproduce, runs stop and resume."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from linjat_editor.core import (PRESETS, Level, LevelError, Optimizer, Progress, count_solutions, first_level, generate, score,
                                 solve)
from linjat_editor.core.pool import check


def test_generate_emits_a_unique_level_solved_by_deduction() -> None:
    level = generate(9, 6, 9, PRESETS["easy"], iterations=300, seed=2)
    assert len(level.numbers) == 9 and level.size == (9, 6)
    assert count_solutions(level).count == 1
    assert solve(level).solved


def test_a_first_level_carries_no_leak_warning_where_a_few_starts_find_one() -> None:
    # A third of random expert starts leak; the search from such a start could stay on it.
    for seed in range(12):
        found = check(first_level(13, 9, 26, PRESETS["expert"], seed=seed))
        assert found is not None and found[1] == 0, seed


def test_generate_from_a_start_that_used_to_leak_emits_within_300_iterations() -> None:
    # Seed 9's first random start has a leak warning; all 300 iterations from it stayed leaky.
    level = generate(13, 9, 26, PRESETS["expert"], iterations=300, seed=9)
    assert count_solutions(level).count == 1


def test_same_seed_same_level() -> None:
    a = generate(9, 6, 8, PRESETS["medium"], iterations=200, seed=9)
    assert generate(9, 6, 8, PRESETS["medium"], iterations=200, seed=9) == a


def test_pool_is_sorted_capped_unique_and_scored_by_the_weights() -> None:
    weights = PRESETS["hard"]
    optimizer = Optimizer(first_level(11, 8, 18, weights, seed=3), weights, seed=3)
    optimizer.run(400)
    pool = optimizer.pool
    assert 1 <= len(pool) <= 10
    assert [e.score for e in pool] == sorted((e.score for e in pool), reverse=True)
    for entry in pool:
        assert count_solutions(entry.level).count == 1
        assert entry.score == score(solve(entry.level).classification, weights)


def test_the_kernels_pool_mirrors_the_search_pool() -> None:
    # The pool crosses into the kernel as one Members structure: after offers it must list
    # the same levels, in the same order, with the same ranks, as the Python side.
    weights = PRESETS["hard"]
    island = Optimizer(first_level(11, 8, 18, weights, seed=3), weights, seed=3).islands[0]
    island.run(300)
    members, search = island._members, island.search
    assert members.size[0] == len(search) >= 2
    w = island.template.width
    for i, (rank, entry) in enumerate(search):
        assert members.rank[i] == rank
        assert members.pos[i].tolist() == [x.row * w + x.col for x in entry.level.numbers]
        assert members.val[i].tolist() == [x.value for x in entry.level.numbers]
        assert members.nadded[i] == len(entry.fill_order) and members.solution[i, 0] != -2  # its solution known


def test_progress_cancel_and_resume() -> None:
    optimizer = Optimizer(first_level(9, 6, 8, PRESETS["easy"], seed=1), PRESETS["easy"], seed=1)
    seen = []

    def progress(p):  # type: ignore[no-untyped-def]
        seen.append(p.iteration)
        if p.iteration >= 50:
            optimizer.cancel()

    ran = optimizer.run(100_000, progress)
    assert 50 <= ran < 100_000 and seen == sorted(seen)
    more = optimizer.run(30)
    assert more == 30 and optimizer.iterations_done == ran + 30


@pytest.mark.parametrize("workers", [1, 2])
def test_the_last_progress_report_is_the_whole_run(workers) -> None:  # type: ignore[no-untyped-def]
    """What a progress bar and a plot show at the end: every iteration run and the pool's best score, however
    the islands' threads happen to finish (one finishing while the run waited on the other was never told)."""
    level = first_level(9, 6, 8, PRESETS["easy"], seed=1)
    for seed in range(30):  # short runs: the threads often end together
        optimizer = Optimizer(level, PRESETS["easy"], seed=seed, workers=workers)
        seen: list[Progress] = []
        ran = optimizer.run(20 + 10 * seed, seen.append)
        assert seen, seed
        last = seen[-1]
        assert (last.iteration, last.best_score, last.pool_scores) == (ran, optimizer.pool[0].score,
                                                                      optimizer.pool_scores()), seed


@pytest.mark.parametrize("workers", [1, 2])
def test_a_report_says_something_new(workers) -> None:  # type: ignore[no-untyped-def]
    """While an island polishes its best (``then``) or waits, the run reported every chunk what it had just
    said: a plot drew the same point again and again."""
    level = first_level(9, 6, 8, PRESETS["easy"], seed=1)
    optimizer = Optimizer(level, PRESETS["easy"], seed=3, workers=workers)
    seen: list[Progress] = []
    ran = optimizer.run(2000 * workers, seen.append, then=lambda i: time.sleep(0.25))
    said = [(p.iteration, p.pool_scores) for p in seen]
    assert said and said[-1] == (ran, optimizer.pool_scores())
    assert all(a != b for a, b in zip(said, said[1:])), said


def test_cancel_from_another_thread() -> None:
    optimizer = Optimizer(first_level(9, 6, 8, PRESETS["easy"], seed=2), PRESETS["easy"], seed=2)
    started = threading.Event()
    result = []
    worker = threading.Thread(target=lambda: result.append(optimizer.run(10_000_000, lambda p: started.set())))
    worker.start()
    assert started.wait(30)
    optimizer.cancel()
    worker.join(30)
    assert not worker.is_alive() and result[0] < 10_000_000


def test_fixed_numbers_and_pinned_dots_survive() -> None:
    start = first_level(9, 6, 8, PRESETS["easy"], seed=4)
    keep = start.numbers[0]
    free = next((r, c) for r in range(9) for c in range(6) if (r, c) not in start.dots and start.number_at(r, c) is None)
    start = start.with_dot(*free, pinned=True)
    optimizer = Optimizer(start, PRESETS["easy"], seed=4, fixed=[keep.cell])
    optimizer.run(300)
    for entry in optimizer.pool:
        assert keep in entry.level.numbers
        assert free in entry.level.pinned


def test_a_level_without_numbers_is_refused() -> None:
    with pytest.raises(LevelError):
        Optimizer(Level(9, 6), PRESETS["easy"])


def test_pool_levels_carry_no_leak_warning() -> None:
    from linjat_editor.core.analysis import detect_leaks

    weights = PRESETS["expert"]
    optimizer = Optimizer(first_level(13, 9, 24, weights, seed=5), weights, seed=5)
    optimizer.run(300)
    assert optimizer.pool
    for entry in optimizer.pool:
        assert count_solutions(entry.level).count == 1
        assert detect_leaks(entry.level) == []


def test_islands_reproduce_per_seed_and_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    from linjat_editor.core import optimizer as module
    from linjat_editor.core.optimizer import EXCHANGE_EVERY, Mailboxes

    weights = PRESETS["easy"]
    start = first_level(9, 6, 9, weights, seed=6)
    posted: list[tuple[int, Any]] = []
    taken: list[tuple[int, int, Any]] = []
    real_post, real_take = Mailboxes.post, Mailboxes.take

    def post(self, island, best):  # type: ignore[no-untyped-def]
        posted.append((island, best))
        real_post(self, island, best)

    def take(self, island, epoch):  # type: ignore[no-untyped-def]
        given = real_take(self, island, epoch)
        taken.append((island, epoch, given))
        return given

    monkeypatch.setattr(module.Mailboxes, "post", post)
    monkeypatch.setattr(module.Mailboxes, "take", take)
    # Three whole epochs each, and a short fourth: after epochs 1 and 2 each island takes what its neighbour
    # posted an epoch before; after the last, nothing is passed (the pools are merged).
    iterations = 2 * 3 * EXCHANGE_EVERY + 300
    runs = []
    for _ in range(2):
        posted.clear()
        taken.clear()
        optimizer = Optimizer(start, weights, seed=6, workers=2)
        assert optimizer.run(iterations) == iterations
        runs.append([(e.level, e.score) for e in optimizer.pool])
    assert runs[0] == runs[1]
    by_island = {i: [best for j, best in posted if j == i] for i in (0, 1)}
    assert [len(by_island[i]) for i in (0, 1)] == [3, 3]
    assert sorted((i, e) for i, e, _ in taken) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    for island, epoch, given in taken:
        assert given is not None and given is by_island[island][epoch]
    # What was passed across (not the start both islands began from) stayed in the other island's lists.
    kept = [(island, given) for island, _, given in taken
            if given.level != start and given.level in {e.level for e in optimizer.islands[1 - island].selected}]
    assert kept


def test_the_pool_merges_islands_by_level() -> None:
    # The merge goes by a key of the kernel's rows, not by Level; it must list what merging by Level would.
    weights = PRESETS["easy"]
    optimizer = Optimizer(first_level(9, 6, 9, weights, seed=4), weights, seed=4, workers=3)
    optimizer.run(3 * 600)
    for i, island in enumerate(optimizer.islands):  # as an exchange does: some levels now in two islands
        island.offer(optimizer.islands[i - 1].entries[0])
    merged: list = []
    for island in optimizer.islands:
        for entry in island.entries:
            if all(e.level != entry.level for e in merged):
                merged.append(entry)
    merged.sort(key=lambda e: -e.score)
    lists = [{e.level for e in island.entries} for island in optimizer.islands]
    assert any(a & b for a in lists for b in lists if a is not b)  # some level in two islands: the merge has work
    assert [(e.level, e.score) for e in optimizer.pool] == [(e.level, e.score) for e in merged[:10]]
    assert optimizer.pool_scores() == tuple(e.score for e in merged[:10])
    for island in optimizer.islands:  # an island's best, made alone, is its lists' first
        assert island.best == island.entries[0] and island.best_selected == island.selected[0]


def test_then_runs_on_each_islands_thread_when_its_share_is_done_and_not_when_stopped() -> None:
    weights = PRESETS["easy"]
    optimizer = Optimizer(first_level(9, 6, 9, weights, seed=2), weights, seed=2, workers=2)
    calls: list[tuple[int, bool]] = []
    then = lambda i: calls.append((i, threading.current_thread() is threading.main_thread()))  # noqa: E731
    assert optimizer.run(900, then=then) == 900
    assert sorted(calls) == [(0, False), (1, False)]
    calls.clear()
    ran = optimizer.run(10_000_000, lambda p: optimizer.cancel() if p.iteration else None, then=then)
    assert ran < 10_000_000 and calls == []
    one = Optimizer(first_level(9, 6, 9, weights, seed=2), weights, seed=2)
    one.run(50, then=then)
    assert calls == [(0, True)]  # one island runs on the caller's thread


def test_an_island_that_fails_stops_the_others_and_its_error_reaches_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    from linjat_editor.core import pool

    weights = PRESETS["easy"]
    optimizer = Optimizer(first_level(9, 6, 9, weights, seed=5), weights, seed=5, workers=2)
    real = pool.Pool.run
    calls = [0]

    def run(self, iterations):  # type: ignore[no-untyped-def]
        if self is optimizer.islands[1]:
            calls[0] += 1
            if calls[0] > 5:
                raise RuntimeError("island 1 broke")
        real(self, iterations)

    monkeypatch.setattr(pool.Pool, "run", run)
    # Island 0 waits for what island 1 would have posted: it must not wait for ever.
    with pytest.raises(RuntimeError, match="island 1 broke"):
        optimizer.run(10_000_000)
    assert 0 < optimizer.iterations_done < 10_000_000


def test_islands_cancel_promptly() -> None:
    weights = PRESETS["easy"]
    optimizer = Optimizer(first_level(9, 6, 8, weights, seed=7), weights, seed=7, workers=2)
    seen = []

    def progress(p):  # type: ignore[no-untyped-def]
        seen.append(p.iteration)
        if p.iteration > 0:
            optimizer.cancel()

    ran = optimizer.run(10_000_000, progress)
    assert 0 < ran < 10_000_000 and optimizer.iterations_done == ran
    assert optimizer.run(50) == 50


def test_best_by_selection_is_unique_leak_free_and_beats_the_pool_by_selection() -> None:
    from linjat_editor.core import selection_score
    from linjat_editor.core.analysis import detect_leaks

    from linjat_editor.core.polish import polish_moves

    weights = PRESETS["hard"]
    optimizer = Optimizer(first_level(11, 8, 19, weights, seed=3), weights, seed=4)
    optimizer.run(400 - polish_moves(400))
    picked = optimizer.best_by_selection
    assert picked is not None
    assert count_solutions(picked.level).count == 1 and solve(picked.level).solved
    assert detect_leaks(picked.level) == []
    chosen = selection_score(solve(picked.level).classification)
    assert all(chosen >= selection_score(solve(e.level).classification) for e in optimizer.pool)
    # generate(by_selection) emits that level's numbers (its optimizer is seeded seed + 1), the
    # dots polished with the rest of the budget: never lower by selection score, still unique.
    emitted = generate(11, 8, 19, weights, iterations=400, seed=3, by_selection=True)
    assert emitted.numbers == picked.level.numbers
    assert selection_score(solve(emitted).classification) >= chosen
    assert count_solutions(emitted).count == 1 and detect_leaks(emitted) == []


@pytest.mark.parametrize("workers", [1, 2, 3, 4])
def test_islands_share_the_pools_ten_places(workers: int) -> None:
    # A young pool admits the most, and each island is young on its own: two islands of ten each
    # checked 60% more levels than one pool for the same iterations. Together they hold ten, also
    # three or four of them (ten divided and rounded down once left three islands nine places).
    weights = PRESETS["easy"]
    optimizer = Optimizer(first_level(9, 6, 9, weights, seed=2), weights, seed=2, workers=workers)
    optimizer.run(workers * 600)
    held = [len(island.search) for island in optimizer.islands]
    assert sum(held) == 10 and max(held) - min(held) <= 1  # each island's places, filled
    assert len(optimizer.pool) == 10  # what the designer is shown is still the ten best of all

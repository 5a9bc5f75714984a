"""The optimizer: a pool of the ten best levels, improved by mutation (spec section 6).

It runs one or more pools (islands, :mod:`.pool`) in chunks of kernel calls
that release the GIL; between chunks it reports progress and checks whether
it should stop, so a GUI can run it in a worker thread, pause it (stop) and
resume it (run again) from its pools.

>>> from linjat_editor.core.scoring import PRESETS
>>> level = generate(9, 6, 8, PRESETS["easy"], iterations=200, seed=7)
>>> from linjat_editor.core.exact import count_solutions
>>> count_solutions(level).count
1
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Callable, Collection

from .generator import new_seed
from .limits import CHUNK_SECONDS, MAX_WORKERS, check_numbers, next_chunk
from .level import Cell, Level, LevelError
from .polish import climb, polish_moves
from .starts import first_level
from .pool import POOL_SIZE, Listed, Pool, PoolEntry
from .objective import Objective, as_objective
from .scoring import Weights


@dataclass(frozen=True)
class Progress:
    """Where a run is: iterations done of ``total``, the pool's scores, iterations per second."""

    iteration: int
    total: int
    best_score: float
    pool_scores: tuple[float, ...]
    rate: float


#: Iterations each island runs between exchanges of their best levels.
EXCHANGE_EVERY = 1000


def island_seed(seed: int, island: int) -> int:
    """Island 0 keeps the run's seed (one worker is the plain optimizer); the others get unrelated ones."""
    return (seed + island * 0x9E3779B97F4A7C15) % 2**63


def shares_of(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` whole shares as equal as can be, the larger first."""
    return [total // parts + (i < total % parts) for i in range(parts)]


def search_room(workers: int) -> list[int]:
    """How many levels each island's search pool holds: the original's ten, shared among the islands as
    equally as can be (three islands: 4, 3 and 3), at least 2 each.

    Two islands of ten admitted 10,156 levels where one pool of ten admitted 6,305 in the same
    20,000 iterations (a pool admits most while young, and each island is young on its own),
    each admission a leak test and an exact count; two of five admit 7,807, and their levels
    score as two of ten's did, within what 60 levels a tier resolve
    (docs/dev/search-experiments.md, 2026-11-28, evening).

    >>> search_room(1), search_room(2), search_room(3), search_room(4), search_room(8)
    ([10], [5, 5], [4, 3, 3], [3, 3, 2, 2], [2, 2, 2, 2, 2, 2, 2, 2])
    """
    return [max(2, room) for room in shares_of(POOL_SIZE, workers)]


class Optimizer:
    """Improve a level: its numbers are the starting point, pinned dots stay.

    ``fixed`` lists cells whose numbers the optimizer must not change or move.
    ``workers`` independent pools (islands, sharing the ten places of the
    search pool: ``search_room``; easy's keep one level per niche each:
    ``Objective.by_niche``) run in threads, the kernels without the GIL; every
    ``EXCHANGE_EVERY`` iterations each island passes its best level to the
    next (``Mailboxes``). Exchanges happen at fixed
    iteration counts, so a seed gives the same result however the threads
    are scheduled.
    """

    def __init__(
        self, level: Level, weights: Weights | Objective, seed: int | None = None, fixed: Collection[Cell] = (),
        workers: int = 1,
    ) -> None:
        n = len(level.numbers)
        if n == 0:
            raise LevelError("the level has no numbers to optimize")
        check_numbers(n)
        if not 1 <= workers <= MAX_WORKERS:
            raise LevelError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}")
        self.template = level
        self.weights = weights
        self.seed = new_seed() if seed is None else seed
        self.workers = workers
        self.islands = [Pool(level, weights, island_seed(self.seed, i), fixed, room)
                        for i, room in enumerate(search_room(workers))]
        self._stop = threading.Event()
        self.iterations_done = 0

    @property
    def pool(self) -> list[PoolEntry]:
        """The best unique, leak-free levels of all islands, best first (a snapshot; safe from any thread)."""
        return [listed.entry() for listed in self._merged()]

    def pool_scores(self) -> tuple[float, ...]:
        """The scores of ``pool``, without making its levels (a progress report asks after every chunk)."""
        return tuple(listed.score for listed in self._merged())

    def _merged(self) -> list[Listed]:
        """The islands' entries, each level once (as the first island listing it has it), best score first."""
        merged: dict[bytes, Listed] = {}
        for island in self.islands:
            for listed in island.listed():
                merged.setdefault(listed.key, listed)
        return sorted(merged.values(), key=lambda e: -e.score)[:POOL_SIZE]  # stable: island order breaks ties

    @property
    def best(self) -> PoolEntry | None:
        pool = self.pool
        return pool[0] if pool else None

    @property
    def best_by_selection(self) -> PoolEntry | None:
        """The best leak-free level by selection score (then score) any island admitted during the runs."""
        tops = [top for top in (island.best_selected for island in self.islands) if top is not None]
        return max(tops, key=lambda e: (e.selection, e.score), default=None)

    def cancel(self) -> None:
        """Ask a running :meth:`run` to stop after its current chunk (tens of milliseconds)."""
        self._stop.set()

    def run(
        self,
        iterations: int,
        progress: Callable[[Progress], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        then: Callable[[int], None] | None = None,
    ) -> int:
        """Run up to ``iterations`` more iterations in all, shared by the islands; returns how many ran.

        ``then(i)`` runs on island ``i``'s thread once its share is done (not
        if the run stops): work on that island alone, such as polishing its
        best, fills the time it would otherwise wait for the others.
        """
        self._stop.clear()
        stopped = lambda: self._stop.is_set() or (should_stop is not None and should_stop())  # noqa: E731
        started = time.perf_counter()
        done = [0] * self.workers
        said: tuple[int, tuple[float, ...]] | None = None  # the last report's iterations and scores

        def report() -> None:
            nonlocal said
            if progress is None:
                return
            total = sum(done)
            scores = self.pool_scores()
            # The run looks in every chunk, also while islands polish or wait: only news is a report.
            if said == (total, scores):
                return
            said = (total, scores)
            rate = total / max(time.perf_counter() - started, 1e-9)
            progress(Progress(total, iterations, scores[0] if scores else math.nan, scores, rate))

        shares = shares_of(iterations, self.workers)
        if self.workers == 1:
            self._run_island(0, [shares[0]], done, stopped, report, None, then)
        else:
            # The same epochs for every island, so each has a best to post after every one.
            epochs = -(-shares[0] // EXCHANGE_EVERY)
            plans = [[min(EXCHANGE_EVERY, max(0, share - e * EXCHANGE_EVERY)) for e in range(epochs)] for share in shares]
            mail = Mailboxes(self.workers)
            failures: list[BaseException] = []

            def island(i: int) -> None:
                try:
                    self._run_island(i, plans[i], done, stopped, None, mail, then)
                except BaseException as error:  # raised again on the caller's thread once the others have stopped
                    failures.append(error)
                    self._stop.set()
                    mail.close_all()

            threads = [threading.Thread(target=island, args=(i,), daemon=True) for i in range(self.workers)]
            for t in threads:
                t.start()
            # Wait on a thread still running: joining a finished one returns at once and would spin.
            for t in threads:
                while t.is_alive():
                    if stopped():
                        self._stop.set()
                        mail.close_all()
                    t.join(CHUNK_SECONDS)  # as often as one island reports: the plot and Pause answer alike
                    report()
            report()  # the whole run: an island that ended while the loop waited on another was not reported yet
            if failures:
                self.iterations_done += sum(done)
                raise failures[0]
        ran = sum(done)
        self.iterations_done += ran
        return ran

    def _run_island(
        self, i: int, plan: list[int], done: list[int], stopped: Callable[[], bool],
        report: Callable[[], None] | None, mail: Mailboxes | None, then: Callable[[int], None] | None,
    ) -> None:
        """Island ``i``'s part of a run: ``plan[e]`` iterations in epoch ``e``, in chunks of about CHUNK_SECONDS.

        With mailboxes, after every epoch but the last the island posts its
        best level and takes the one its neighbour posted an epoch earlier:
        a level a thousand iterations old, so an island waits only when it
        runs a whole epoch ahead (at a barrier every epoch, the faster one
        waited every time, some 9% of the run).
        """
        try:
            finished = self._epochs(i, plan, done, stopped, report, mail)
        finally:
            if mail is not None:
                mail.close(i)  # what this island will post it has posted: its neighbour stops waiting for more
        if finished and then is not None:
            then(i)

    def _epochs(
        self, i: int, plan: list[int], done: list[int], stopped: Callable[[], bool],
        report: Callable[[], None] | None, mail: Mailboxes | None,
    ) -> bool:
        """The epochs of ``_run_island``: True if all ran, False if the run stopped."""
        island = self.islands[i]
        chunk = 8
        for epoch, epoch_left in enumerate(plan):
            while epoch_left > 0:
                if stopped() or self._stop.is_set():
                    return False
                step = min(chunk, epoch_left)
                t0 = time.perf_counter()
                island.run(step)
                spent = time.perf_counter() - t0
                epoch_left -= step
                done[i] += step
                chunk = next_chunk(chunk, step, spent)
                if report is not None:
                    report()
            if mail is None or epoch == len(plan) - 1:
                continue  # after the last epoch the pools are merged anyway
            mail.post(i, island.best)
            if epoch == 0:
                continue
            try:
                given = mail.take((i - 1) % self.workers, epoch - 1)
            except Closed:
                return False
            if given is not None:
                island.offer(given)
        return True


class Closed(Exception):
    """The run was stopped while an island waited for its neighbour's level."""


class Mailboxes:
    """Each island's best level after each epoch, posted by the island itself and read by its neighbour.

    A level is taken by epoch number, so what an island receives does not
    depend on how the threads were scheduled: a seed gives one result.
    """

    def __init__(self, islands: int) -> None:
        self._posted: list[list[PoolEntry | None]] = [[] for _ in range(islands)]
        self._changed = threading.Condition()
        self._closed = [False] * islands

    def post(self, island: int, best: PoolEntry | None) -> None:
        with self._changed:
            self._posted[island].append(best)
            self._changed.notify_all()

    def take(self, island: int, epoch: int) -> PoolEntry | None:
        """What ``island`` posted after ``epoch``, once it has; raises Closed if it never will (the run stopped)."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed[island] or len(self._posted[island]) > epoch)
            if len(self._posted[island]) <= epoch:
                raise Closed
            return self._posted[island][epoch]

    def close(self, island: int) -> None:
        """No more posts from ``island`` (it ended): its neighbour stops waiting for them."""
        with self._changed:
            self._closed[island] = True
            self._changed.notify_all()

    def close_all(self) -> None:
        """The run stops: no island waits any more."""
        with self._changed:
            self._closed = [True] * len(self._closed)
            self._changed.notify_all()


def generate(
    height: int,
    width: int,
    count: int,
    weights: Weights | Objective,
    iterations: int = 10_000,
    seed: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    workers: int = 1,
    should_stop: Callable[[], bool] | None = None,
    by_selection: bool = False,
) -> Level:
    """A new level: a solvable random start, then ``iterations`` of optimization (shared by ``workers`` islands).

    The level is unique (exact solver) and carries no leak warning: the
    pool's best by the weights, or ``by_selection`` the best by selection
    score of all the levels the pool admitted during the run, its dots
    polished (:mod:`.polish`) with a fiftieth of the iterations (with
    several islands, each island's best with its share as soon as that
    island is done, and the best result).
    """
    seed = new_seed() if seed is None else seed
    optimizer = Optimizer(first_level(height, width, count, weights, seed, workers), weights, seed=seed + 1,
                          workers=workers)
    moves = polish_moves(iterations)
    shares = shares_of(moves, workers)
    climbs: list[tuple[Level, tuple[float, float], int]] = []  # (level, its key, island)

    def polish_own(i: int) -> None:
        """Island ``i``'s best, polished with its share of the moves as soon as the island is done."""
        island = optimizer.islands[i]
        top = island.best_selected if by_selection else island.best
        if top is not None:
            climbs.append(climb(top.level, weights, shares[i], seed + 2 + i, by_selection) + (i,))

    optimizer.run(iterations - moves, progress, should_stop, then=polish_own)
    best = optimizer.best_by_selection if by_selection else optimizer.best
    if best is None:
        raise NotFound(not_found(optimizer, iterations))
    if (should_stop is not None and should_stop()) or not climbs:
        return best.level
    # The best climb; of equal ones, the lowest island's (the threads end in any order).
    return max(climbs, key=lambda c: (c[1], -c[2]))[0]


class NotFound(LevelError):
    """The search admitted no level in its budget (its message names the nearest miss)."""


def not_found(optimizer: Optimizer, iterations: int) -> str:
    """One line: nothing the objective admits was found, and what the nearest miss lacks."""
    goal = as_objective(optimizer.weights)
    wanted = f"level that can {goal.label}" if goal.teach is not None else "unique, leak-free level solved by deduction"
    misses = [island.near_miss for island in optimizer.islands if island.near_miss is not None]
    line = f"no {wanted} found in {iterations} iterations"
    if not misses:
        return line + "; nothing the allowed techniques solve came close"
    miss = max(misses, key=lambda e: e.score)
    return f"{line}; nearest miss (rank {miss.score:g}): {goal.miss(miss.level)}"


__all__ = ["NotFound", "Optimizer", "PoolEntry", "Progress", "generate"]

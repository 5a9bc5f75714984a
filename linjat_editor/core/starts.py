"""The first level: random numbers until deduction solves them, searched on one core or several.

Start k of a seed draws its numbers from the seed and k alone
(:func:`.kernels.bits.start_states`), so the starts need not be tried in
order: with two workers each takes every other start, and the first level is
the good start with the lowest number, whichever thread found it. A seed
gives the same first level on any number of workers.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Callable

import numpy as np

from .board import to_level
from .generator import new_seed
from .kernels.bits import NEXT_START, START_STEP, start_states
from .kernels.board import allocate
from .kernels.members import allocate_members
from .kernels.optimize import optimize
from .level import Level, LevelError
from .limits import MAX_NUMBERS, next_chunk
from .objective import Objective, as_objective
from .pool import check
from .scoring import Weights

#: Random starts to try. On dense grids few are solvable (about 1 in 300 for
#: 18 numbers on 10x7); the original allowed a million tries.
ATTEMPTS = 200_000
#: Starts drawn in search of one without leak warnings. A third of random
#: expert starts have one, and the search can stay on such numbers for
#: hundreds of iterations (nothing it emits may leak).
LEAK_FREE_TRIES = 20


def first_level(height: int, width: int, count: int, weights: Weights | Objective, seed: int | None = None,
                workers: int = 1) -> Level:
    """A random level that deduction solves: the optimizer's usual starting point.

    For weights that reward square, dependency or one-of, it must use one of
    them, as the original required. Unique and free of leak warnings if one
    of ``LEAK_FREE_TRIES`` starts is. ``workers`` threads share the starts;
    the level is the same for any number of them.
    """
    if count < 1 or count > min(MAX_NUMBERS, height * width):
        raise LevelError(f"{count} numbers do not fit a {height}x{width} grid")
    seed = new_seed() if seed is None else seed
    goal = as_objective(weights)
    for require_hard in ([True, False] if goal.rewards_hard_kinds else [False]):
        starts = Starts(height, width, count, goal, seed, max(1, workers), require_hard)
        leaky = None
        for _ in range(LEAK_FREE_TRIES):
            level = starts.next_candidate()
            if level is None:
                break
            checked = check(level)
            if checked is not None and not checked[1] and goal.admits(level, checked[0]):
                return level
            if leaky is None:
                leaky = level
        if leaky is not None:
            return leaky
    raise LevelError(f"could not find a solvable {height}x{width} level with {count} numbers")


class Starts:
    """A seed's random starts, in order of their numbers, shared by ``workers`` searchers (one thread each)."""

    def __init__(self, height: int, width: int, count: int, goal: Objective, seed: int, workers: int,
                 require_hard: bool) -> None:
        self.height, self.width, self.count = height, width, count
        self.goal = goal.as_array()
        self.require_hard = require_hard
        self.searchers = [Searcher(height, width, count, seed, first, workers) for first in range(workers)]
        # The optimizer's kernel with an empty pool (size 0) looks for a first level: one kernel to load, not two.
        self.empty = allocate_members(height, width, count)
        self.blocked = np.zeros(height * width, np.bool_)
        self.everywhere = np.ones(height * width, np.bool_)
        self.stopped = False
        self.failed: BaseException | None = None  # what stopped a searcher's thread

    def next_candidate(self) -> Level | None:
        """The good start with the lowest number after the last one given (None: none within ``ATTEMPTS``).

        An error in any searcher stops them all and is raised here.
        """
        if len(self.searchers) == 1:
            self._search(self.searchers[0])
        else:
            others = [threading.Thread(target=self._in_thread, args=(s,), daemon=True) for s in self.searchers[1:]]
            for thread in others:
                thread.start()
            try:
                self._search(self.searchers[0])
            except BaseException:
                self.stopped = True  # interrupted (Ctrl-C): the others stop at their next chunk
                raise
            finally:
                for thread in others:
                    thread.join()
                self.stopped = False
            if self.failed is not None:
                raise self.failed
        found = [s for s in self.searchers if s.found is not None]
        if not found:
            return None
        first = min(found, key=lambda s: s.found)  # type: ignore[arg-type, return-value]
        first.found = None  # given: that searcher goes on past it next time
        b = first.board
        return to_level(Level(self.height, self.width), b.pos[: self.count], b.val[: self.count], b.dot)

    def _below(self) -> int:
        """Starts from this number on need no searching: a searcher has a good one before them."""
        if self.stopped:
            return -1
        return min((s.found for s in self.searchers if s.found is not None), default=ATTEMPTS)

    def _in_thread(self, searcher: Searcher) -> None:
        try:
            self._search(searcher)
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread, which raises it
            self.failed = error
            self.stopped = True

    def _search(self, searcher: Searcher) -> None:
        searcher.search(self._below, lambda b, rng, step: optimize(
            b, self.empty, self.blocked, self.blocked, self.goal, rng, step, self.everywhere, self.require_hard)[1])


class Searcher:
    """Every ``step``-th start from ``first``; a good one it finds stays in its board until it is given."""

    def __init__(self, height: int, width: int, count: int, seed: int, first: int, step: int) -> None:
        self.board = allocate(height, width, count)
        self.rng = start_states(seed, first, step)
        self.step = step
        self.found: int | None = None  # the number of the good start in the board

    def search(self, below: Callable[[], int], attempt: Callable[..., float]) -> None:
        """Try starts until one is good, or the next is at ``below()``.

        In kernel calls of about ``CHUNK_SECONDS``: Ctrl-C and SIGTERM act between two, where 200,000 starts
        in one call on a 40x40 grid held them off for over a minute.
        """
        chunk = 16
        while self.found is None:
            upto = min(below(), ATTEMPTS)
            left = (upto - int(self.rng[NEXT_START]) + self.step - 1) // self.step
            if left <= 0:
                return
            tries = min(chunk, left)
            t0 = time.perf_counter()
            if not math.isnan(attempt(self.board, self.rng, tries)):
                self.found = int(self.rng[NEXT_START]) - int(self.rng[START_STEP])
                return
            chunk = next_chunk(chunk, tries, time.perf_counter() - t0)


__all__ = ["ATTEMPTS", "LEAK_FREE_TRIES", "first_level"]

"""The optimizer: a pool of the ten best levels, improved by mutation (spec section 6).

It runs in chunks of kernel calls that release the GIL; between chunks it
reports progress and checks whether it should stop, so a GUI can run it in a
worker thread, pause it (stop) and resume it (run again) from its pool.

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

import numpy as np

from .board import MAX_NUMBERS, check_numbers, from_level, to_level
from .classification import Classification
from .exact import count_solutions
from .generator import fill_dots, new_seed
from .kernels.bits import seed_state
from .kernels.board import allocate
from .kernels.optimize import POOL_SIZE, first_candidate, optimize
from .level import Cell, Level, LevelError
from .scoring import Weights, score
from .solver import classify


@dataclass(frozen=True)
class PoolEntry:
    """A level in the pool, with its classification and score."""

    level: Level
    classification: Classification
    score: float


@dataclass(frozen=True)
class Progress:
    """Where a run is: iterations done of ``total``, the pool's scores, iterations per second."""

    iteration: int
    total: int
    best_score: float
    pool_scores: tuple[float, ...]
    rate: float


#: Aim for kernel chunks this long: short enough to stop promptly, long
#: enough that the Python between chunks costs nothing measurable.
CHUNK_SECONDS = 0.03


class Optimizer:
    """Improve a level: its numbers are the starting point, pinned dots stay.

    ``fixed`` lists cells whose numbers the optimizer must not change or move.
    """

    def __init__(self, level: Level, weights: Weights, seed: int | None = None, fixed: Collection[Cell] = ()) -> None:
        n = len(level.numbers)
        if n == 0:
            raise LevelError("the level has no numbers to optimize")
        check_numbers(n)
        self.template = level
        self.weights = weights
        self.seed = new_seed() if seed is None else seed
        h, w = level.height, level.width
        self._rng = seed_state(self.seed)
        self._board = allocate(h, w, n)
        self._pinned = np.zeros(h * w, np.bool_)
        for r, c in level.pinned:
            self._pinned[r * w + c] = True
        self._fixed = np.zeros(h * w, np.bool_)
        for r, c in fixed:
            if level.number_at(r, c) is not None:
                self._fixed[r * w + c] = True
        self._pos = np.zeros((POOL_SIZE, n), np.int64)
        self._val = np.zeros((POOL_SIZE, n), np.int64)
        self._dot = np.zeros((POOL_SIZE, h * w), np.bool_)
        self._score = np.full(POOL_SIZE, np.nan)
        self._table = np.zeros((POOL_SIZE, 8, 2), np.int64)
        self._size = 1
        self._weights = weights.as_array()
        self._stop = threading.Event()
        self.iterations_done = 0
        self._seed_pool(level)
        self._snapshot: list[PoolEntry] = self._make_snapshot()

    def _seed_pool(self, level: Level) -> None:
        """The starting level as it is if deduction solves it uniquely, else with dots filled in."""
        start = level
        cls = classify(level)
        if not (cls.solved and count_solutions(level).count == 1):
            filled = fill_dots(level, seed=self.seed, attempts=5)
            start = filled.level
            cls = classify(start) if filled.solved else Classification()
        b = from_level(start)
        self._pos[0] = b.pos[: b.n]
        self._val[0] = b.val[: b.n]
        self._dot[0] = b.dot
        self._score[0] = score(cls, self.weights) if cls.solved else np.nan

    def _level(self, i: int) -> Level:
        return to_level(self.template, self._pos[i], self._val[i], self._dot[i])

    def _make_snapshot(self) -> list[PoolEntry]:
        entries = []
        for i in range(self._size):
            if math.isnan(self._score[i]):
                continue
            level = self._level(i)
            # Belt and braces: nothing leaves the engine without an exact check.
            if count_solutions(level).count != 1:
                continue
            entries.append(PoolEntry(level, classify(level), float(self._score[i])))
        return entries

    @property
    def pool(self) -> list[PoolEntry]:
        """The solved, unique levels of the pool, best first (a snapshot; safe from any thread)."""
        return list(self._snapshot)

    @property
    def best(self) -> PoolEntry | None:
        pool = self._snapshot
        return pool[0] if pool else None

    def cancel(self) -> None:
        """Ask a running :meth:`run` to stop after its current chunk (tens of milliseconds)."""
        self._stop.set()

    def run(
        self,
        iterations: int,
        progress: Callable[[Progress], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> int:
        """Run up to ``iterations`` more iterations; returns how many ran."""
        self._stop.clear()
        done = 0
        chunk = 8
        started = time.perf_counter()
        while done < iterations:
            if self._stop.is_set() or (should_stop is not None and should_stop()):
                break
            step = min(chunk, iterations - done)
            t0 = time.perf_counter()
            self._size = optimize(
                self._board, self._pos, self._val, self._dot, self._score, self._table, self._size,
                self._pinned, self._fixed, self._weights, self._rng, step,
            )
            spent = time.perf_counter() - t0
            done += step
            self.iterations_done += step
            # Grow or shrink the next chunk towards CHUNK_SECONDS.
            chunk = max(1, min(chunk * 4, int(step * CHUNK_SECONDS / max(spent, 1e-6))))
            if progress is not None:
                self._snapshot = self._make_snapshot()
                elapsed = time.perf_counter() - started
                scores = tuple(e.score for e in self._snapshot)
                progress(Progress(done, iterations, scores[0] if scores else math.nan, scores, done / max(elapsed, 1e-9)))
        self._snapshot = self._make_snapshot()
        return done


#: Random starts to try. On dense grids few are solvable (about 1 in 300 for
#: 18 numbers on 10x7); the original allowed a million tries.
ATTEMPTS = 200_000


def first_level(height: int, width: int, count: int, weights: Weights, seed: int | None = None) -> Level:
    """A random level that deduction solves: the optimizer's usual starting point.

    For weights that reward square, dependency or one-of, it must use one of
    them, as the original required.
    """
    if count < 1 or count > min(MAX_NUMBERS, height * width):
        raise LevelError(f"{count} numbers do not fit a {height}x{width} grid")
    rng = seed_state(new_seed() if seed is None else seed)
    b = allocate(height, width, count)
    blocked = np.zeros(height * width, np.bool_)
    for require_hard in ([True, False] if weights.rewards_hard_kinds else [False]):
        found = first_candidate(b, blocked, require_hard, weights.as_array(), rng, ATTEMPTS)
        if not math.isnan(found):
            return to_level(Level(height, width), b.pos[:count], b.val[:count], b.dot)
    raise LevelError(f"could not find a solvable {height}x{width} level with {count} numbers")


def generate(
    height: int,
    width: int,
    count: int,
    weights: Weights,
    iterations: int = 10_000,
    seed: int | None = None,
    progress: Callable[[Progress], None] | None = None,
) -> Level:
    """A new level: a solvable random start, then ``iterations`` of optimization."""
    seed = new_seed() if seed is None else seed
    optimizer = Optimizer(first_level(height, width, count, weights, seed), weights, seed=seed + 1)
    optimizer.run(iterations, progress)
    best = optimizer.best
    if best is None:
        raise LevelError("the optimizer found no unique level")
    return best.level


__all__ = ["Optimizer", "PoolEntry", "Progress", "first_level", "generate"]

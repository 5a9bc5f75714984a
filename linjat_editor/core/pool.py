"""One optimizer pool (spec section 6): the ten best levels found so far, and the checks at its door.

The kernel (``kernels.optimize``) mutates, refills and classifies; it hands
back every candidate good enough to enter the pool. Here each candidate is
checked once, when it arrives: exactly one solution (the exact solver) and no
leak warning from the analysis (the article's two patterns and general
leaks). A level that fails stays out, so the search never builds on a leak
and nothing leaky can be emitted; the pool's entries are kept ready for any
thread to read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Collection

import numpy as np

from .classification import Classification
from .exact import count_solutions
from .generator import fill_dots
from .kernels.bits import seed_state
from .kernels.optimize import POOL_SIZE, optimize, workspace
from .level import Cell, Level, Number
from .scoring import Weights, score

#: Levels whose check result is remembered (mutations often find the same level again).
SEEN_LIMIT = 20_000


@dataclass(frozen=True)
class PoolEntry:
    """A level in the pool, with its classification and score."""

    level: Level
    classification: Classification
    score: float


def checked(level: Level) -> Classification | None:
    """The level's classification if it is unique, solved by deduction and free of leak warnings; else None."""
    # The analysis package imports the optimizer (calibration generates levels): import it when first used.
    from .analysis.leaks import detect_leaks
    from .analysis.trace import run_trace

    found = count_solutions(level, limit=2)
    if found.count != 1:
        return None
    trace = run_trace(level)
    if trace.status != "solved" or detect_leaks(level, trace, found.solutions[0]):
        return None
    return trace.result().classification


class Pool:
    """One pool and its random state: the unit an island runs (not thread-safe; one thread drives it)."""

    def __init__(self, level: Level, weights: Weights, seed: int, fixed: Collection[Cell] = ()) -> None:
        h, w, n = level.height, level.width, len(level.numbers)
        self.template = level
        self.weights = weights
        self._rng = seed_state(seed)
        self._ws = workspace(h, w, n)
        self._pinned = np.zeros(h * w, np.bool_)
        for r, c in level.pinned:
            self._pinned[r * w + c] = True
        self._fixed = np.zeros(h * w, np.bool_)
        for r, c in fixed:
            if level.number_at(r, c) is not None:
                self._fixed[r * w + c] = True
        self._pos = np.zeros((POOL_SIZE, n), np.int64)
        self._val = np.zeros((POOL_SIZE, n), np.int64)
        self._score = np.full(POOL_SIZE, np.nan)
        self._weights = weights.as_array()
        self._seen: dict[bytes, Classification | None] = {}
        #: The checked levels, best first, parallel to the arrays (replaced, never changed in place).
        self.entries: list[PoolEntry] = []
        self.admitted = 0
        self._seed(level, seed)

    @property
    def size(self) -> int:
        return max(1, len(self.entries))

    def _seed(self, level: Level, seed: int) -> None:
        """The starting level as it is if it passes the checks, else with dots filled in; else kept unscored."""
        w = level.width
        for i, num in enumerate(level.numbers):
            self._pos[0, i] = num.row * w + num.col
            self._val[0, i] = num.value
        start = level
        cls = checked(level)
        if cls is None:
            filled = fill_dots(level, seed=seed)
            if filled.solved:
                start = filled.level
                cls = checked(start)
        if cls is not None:
            self.offer(PoolEntry(start, cls, score(cls, self.weights)))

    def run(self, iterations: int) -> None:
        """Run ``iterations`` iterations, admitting the candidates that pass."""
        h, w, n = self.template.height, self.template.width, len(self.template.numbers)
        left = iterations
        while left > 0:
            ran, found = optimize(
                h, w, n, self._pos, self._val, self._score, self.size,
                self._pinned, self._fixed, self._weights, self._rng, left, self._ws,
            )
            left -= ran
            if not math.isnan(found):
                self._candidate(float(found))

    def _candidate(self, value: float) -> None:
        ws = self._ws
        n = len(self.template.numbers)
        key = ws[0][:n].tobytes() + ws[1][:n].tobytes() + np.packbits(ws[2]).tobytes()
        if key in self._seen:
            return  # checked before: already in the pool, or failed
        level = self._level(ws[0][:n], ws[1][:n], ws[2])
        cls = checked(level)
        if len(self._seen) >= SEEN_LIMIT:
            self._seen.clear()
        self._seen[key] = cls
        if cls is not None:
            self.offer(PoolEntry(level, cls, value))

    def _level(self, pos: np.ndarray, val: np.ndarray, dot: np.ndarray) -> Level:
        w = self.template.width
        numbers = tuple(Number(int(p) // w, int(p) % w, int(v)) for p, v in zip(pos, val))
        dots = frozenset((int(c) // w, int(c) % w) for c in np.flatnonzero(dot))
        return self.template.with_numbers(numbers).with_dots(dots)

    def offer(self, entry: PoolEntry) -> bool:
        """Insert a checked level by score, ahead of equal scores (so the pool drifts); False if it does not get in."""
        entries = self.entries
        if any(e.level == entry.level for e in entries):
            return False
        i = 0
        while i < len(entries) and entries[i].score > entry.score:
            i += 1
        if i >= POOL_SIZE:
            return False
        size = len(entries)
        last = min(size, POOL_SIZE - 1)
        self._pos[i + 1 : last + 1] = self._pos[i:last].copy()
        self._val[i + 1 : last + 1] = self._val[i:last].copy()
        self._score[i + 1 : last + 1] = self._score[i:last].copy()
        w = self.template.width
        for j, num in enumerate(entry.level.numbers):
            self._pos[i, j] = num.row * w + num.col
            self._val[i, j] = num.value
        self._score[i] = entry.score
        self.entries = (entries[:i] + [entry] + entries[i:])[:POOL_SIZE]
        self.admitted += 1
        return True


__all__ = ["POOL_SIZE", "Pool", "PoolEntry", "checked"]

"""The pool's door in compiled code (``core.kernels.door``) admits exactly what the door in Python did.

``PythonDoor`` is the pool as it was before the door moved into the kernel
(2026-11-27): the optimizer's kernel hands back each candidate good enough
for the pool, and Python keys it into a set of the levels seen, checks it
(``pool.check``) and offers it to lists of ``PoolEntry`` kept in Python,
shifting the kernel's ``Members`` arrays. Both are run from the same start
and seed; every list must come out the same, entry by entry, and the
kernel's arrays the same (the next candidates depend on them).
"""

from __future__ import annotations

import math
import random
from typing import Callable

import numpy as np
import pytest

from linjat_editor.core import PRESETS, Level, count_solutions
from linjat_editor.core.analysis import detect_leaks
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.door import SEEN_LIMIT, allocate_door, grown, seen_before
from linjat_editor.core.kernels.members import POOL_SIZE
from linjat_editor.core.kernels.optimize import optimize
from linjat_editor.core.starts import first_level
from linjat_editor.core.pool import LEAK_PENALTY, Pool, PoolEntry, check, owners


def best_first(entries: list[PoolEntry], entry: PoolEntry, by_selection: bool = False) -> list[PoolEntry]:
    """The Python door's rule (the kernel's is ``door.rank_in``): a new list with ``entry`` inserted by score, then selection score (or the other way round), ahead of equal ones, at most POOL_SIZE long, no duplicate levels."""
    if any(e.level == entry.level for e in entries):
        return entries

    def key(e: PoolEntry) -> tuple[float, float]:
        both = (e.score, e.selection)
        return both[::-1] if by_selection else both

    i = 0
    while i < len(entries) and key(entries[i]) > key(entry):
        i += 1
    return (entries[:i] + [entry] + entries[i:])[:POOL_SIZE]


class PythonDoor(Pool):
    """The pool with its door in Python, as it was: one candidate at a time back from ``optimize``."""

    def __init__(self, level: Level, weights: object, seed: int) -> None:
        self.seen: set[bytes] = set()
        self.python_search: list[tuple[float, PoolEntry]] = []
        self.python_entries: list[PoolEntry] = []
        self.python_selected: list[PoolEntry] = []
        super().__init__(level, weights, seed)  # type: ignore[arg-type]

    def run(self, iterations: int) -> None:
        left = iterations
        while left > 0:
            ran, score = optimize(self._board, self._members, self._pinned, self._fixed, self._weights, self._rng, left,
                             self._everywhere, False)
            left -= ran
            if not math.isnan(score):
                self.candidate(float(score))

    def candidate(self, value: float) -> None:
        b = self._board
        n = b.n
        key = b.pos[:n].tobytes() + b.val[:n].tobytes() + np.packbits(b.dot).tobytes()
        if key in self.seen:
            return
        self.seen.add(key)
        self._candidate(value)  # the pool's own check of a candidate in Python, offered to the Python lists below

    def offer(self, entry: PoolEntry, leaks: int = 0, solution: np.ndarray | None = None) -> bool:
        if not leaks:
            self.python_entries = best_first(self.python_entries, entry)
            self.python_selected = best_first(self.python_selected, entry, by_selection=True)
        rank = entry.score - LEAK_PENALTY * leaks
        search = self.python_search
        if any(e.level == entry.level for _, e in search):
            return False
        i = 0
        while i < len(search) and search[i][0] > rank:
            i += 1
        if i >= POOL_SIZE:
            return False
        last = min(len(search), POOL_SIZE - 1)
        m = self._members
        for member_array in (m.pos, m.val, m.rank, m.added, m.nadded, m.solution):
            member_array[i + 1 : last + 1] = member_array[i:last].copy()
        m.solution[i] = owners(entry.level) if solution is None else solution
        m.added[i, : len(entry.fill_order)] = entry.fill_order
        m.nadded[i] = len(entry.fill_order)
        w = self.template.width
        for j, num in enumerate(entry.level.numbers):
            m.pos[i, j] = num.row * w + num.col
            m.val[i, j] = num.value
        m.rank[i] = rank
        self.python_search = (search[:i] + [(rank, entry)] + search[i:])[:POOL_SIZE]
        m.size[0] = len(self.python_search)
        return True


def entries(listed: list[PoolEntry]) -> list[tuple[object, ...]]:
    return [(e.level, e.classification, e.score, e.fill_order, e.selection) for e in listed]


@pytest.mark.parametrize(("tier", "size", "seed", "iterations"), [
    ("easy", (9, 6, 10), 1, 3000), ("easy", (9, 6, 10), 2, 3000), ("expert", (13, 9, 26), 1, 1500),
    ("expert", (13, 9, 26), 3, 1500), ("hard", (11, 8, 18), 4, 1500),
])
def test_the_compiled_door_admits_what_the_python_door_did(tier: str, size: tuple[int, int, int], seed: int,
                                                          iterations: int) -> None:
    weights = PRESETS[tier]
    start = first_level(*size, weights, seed=seed)
    python, compiled = PythonDoor(start, weights, seed + 1), Pool(start, weights, seed + 1)
    for chunk in (7, 300, iterations):  # cut into kernel calls differently: the same levels
        python.run(chunk)
        compiled.run(chunk)
    assert entries(compiled.entries) == entries(python.python_entries) and len(compiled.entries) == POOL_SIZE
    assert entries(compiled.selected) == entries(python.python_selected)
    assert [listed.score for listed in compiled.listed()] == [e.score for e in python.python_entries]
    assert [(rank, e.level, e.fill_order) for rank, e in compiled.search] == [
        (rank, e.level, e.fill_order) for rank, e in python.python_search]
    a, b = compiled._members, python._members
    size_ = int(a.size[0])
    assert size_ == b.size[0] == POOL_SIZE
    for name in ("pos", "val", "nadded", "solution", "rank"):
        assert np.array_equal(getattr(a, name)[:size_], getattr(b, name)[:size_]), name
    for i in range(size_):
        assert (a.added[i, : a.nadded[i]] == b.added[i, : b.nadded[i]]).all()
    assert compiled._door.held[0] == len(python.seen)
    # What the door lets through is what the exact solver and the leak test say (the pool's promise).
    for e in compiled.entries:
        assert count_solutions(e.level).count == 1 and detect_leaks(e.level) == []


def test_a_lesson_and_a_target_admit_the_same_levels() -> None:
    from linjat_editor.core.kinds import Kind
    from linjat_editor.core.objective import lesson, toward_score

    for goal, size in ((lesson(Kind.DEPENDENCY), (9, 6, 10)), (toward_score(PRESETS["expert"], 150), (13, 9, 26))):
        start = first_level(*size, goal, seed=5)
        python, compiled = PythonDoor(start, goal, 6), Pool(start, goal, 6)
        python.run(800)
        compiled.run(800)
        assert entries(compiled.entries) == entries(python.python_entries) and compiled.entries
        assert entries(compiled.selected) == entries(python.python_selected)


def test_the_seen_set_remembers_exact_levels_and_forgets_all_at_its_limit() -> None:
    """Against a Python set of the same keys, forgotten at SEEN_LIMIT as the Python door's was; rows grow on the way."""
    b = from_level(Level.from_rows([" 2   ", "     ", "  3  ", "     ", "    1"]))
    n, cells = b.n, b.h * b.w
    door = allocate_door(b.h, b.w, n)
    rng = random.Random(1)
    reference: set[bytes] = set()
    levels = []
    for _ in range(SEEN_LIMIT * 5 // 4):
        pos = rng.sample(range(cells), n)
        val = [rng.randint(1, 4) for _ in range(n)]
        dots = rng.sample([c for c in range(cells) if c not in pos], rng.randint(0, 6))
        levels.append((pos, val, dots))
    picks = [levels[rng.randrange(len(levels))] for _ in range(3 * SEEN_LIMIT)]
    picks[:2] = [(levels[0][0][::-1], levels[0][1][::-1], levels[0][2])] * 2  # the same level, numbers reversed: a new key
    answers = []
    for pos, val, dots in picks:
        b.pos[:n], b.val[:n] = pos, val
        b.dot[:] = False
        b.dot[dots] = True
        key = b.pos[:n].tobytes() + b.val[:n].tobytes() + np.packbits(b.dot).tobytes()
        expected = key in reference
        if not expected:
            if len(reference) >= SEEN_LIMIT:
                reference.clear()
            reference.add(key)
        if door.held[0] == door.keys.shape[0] and door.held[0] < SEEN_LIMIT:
            door = grown(door)
        answers.append((seen_before(door, b), expected))
    assert all(got == expected for got, expected in answers)
    assert door.keys.shape[0] == SEEN_LIMIT and door.held[0] == len(reference) < SEEN_LIMIT  # it forgot, once at least
    assert SEEN_LIMIT < sum(expected for _, expected in answers) < 2 * SEEN_LIMIT  # seen before, and not


def test_pool_levels_from_rows_are_the_levels_checked(corpus_levels: Callable[[str], list[Level]]) -> None:
    """A level made from a list's row (``Pool._entry``) is the one the door checked: its numbers, dots, classification."""
    weights = PRESETS["expert"]
    pool = Pool(corpus_levels("expert")[2], weights, 3)
    pool.run(600)
    assert len(pool.entries) > 1
    for e in pool.entries + pool.selected:
        found = check(e.level)
        assert found is not None and found == (e.classification, 0)
        assert e.score == weights_score(e.level, weights)


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_scores_are_the_pools(workers: int) -> None:
    from linjat_editor.core import Optimizer

    weights = PRESETS["expert"]
    optimizer = Optimizer(first_level(13, 9, 26, weights, seed=2), weights, seed=2, workers=workers)
    reported: list[tuple[float, ...]] = []
    optimizer.run(3000, lambda p: reported.append(p.pool_scores))
    assert reported[-1] == optimizer.pool_scores() == tuple(e.score for e in optimizer.pool)
    assert len(set(reported)) > 1  # the scores moved during the run


def test_a_classification_gives_back_its_table(corpus_levels: Callable[[str], list[Level]]) -> None:
    from linjat_editor.core.classification import Classification
    from linjat_editor.core.solver import deduce

    for level in corpus_levels("expert")[:5]:
        run = deduce(level)
        table = run.board.table
        assert (Classification.from_table(table, True).table() == table).all() and table[1:, 0].sum() > 0


def weights_score(level: Level, weights: object) -> float:
    from linjat_editor.core.objective import as_objective

    return as_objective(weights).rank(level)  # type: ignore[arg-type]

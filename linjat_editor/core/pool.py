"""One optimizer pool (spec section 6): the ten best levels found so far, and the checks at its door.

The kernel (``kernels.optimize``) mutates, refills and classifies; it hands
back every candidate good enough to enter the pool. Here each candidate is
checked once, when it arrives: solved by deduction, its leak warnings from
the analysis (the article's two patterns and general leaks), and, if it has
none, exactly one solution by the exact solver. A level with leaks may stay
in the search as a stepping stone, its rank lowered by ``LEAK_PENALTY`` per
warning; only leak-free levels are ever listed as results (``entries``), so
nothing leaky can be emitted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Collection

import numpy as np

from .analysis.admission import admission
from .analysis.leaks import MAX_GROUP, article_points
from .board import to_level
from .classification import Classification
from .exact import count_solutions
from .generator import fill_dots
from .kernels.bits import seed_state
from .kernels.board import Board, allocate
from .kernels.layer import SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER
from .kernels.members import POOL_SIZE, Members, allocate_members
from .kernels.mutate import UNKNOWN
from .kernels.optimize import optimize
from .level import Cell, Level, line_cells
from .objective import Objective, as_objective
from .scoring import Weights, selection_score
from .solver import Deduction, SolveStatus, deduce

#: Levels whose check result is remembered (mutations often find the same level again).
SEEN_LIMIT = 20_000
#: Rank a level loses in the search per leak warning.
LEAK_PENALTY = 10.0


@dataclass(frozen=True)
class PoolEntry:
    """A level in the pool, with its classification and score.

    ``fill_order``: the dots the generator added, in the order it added
    them, as flat cell indices (``row * width + col``, the kernels' cells),
    which its children's fills may replay; empty for a level the search did
    not fill itself.
    """

    level: Level
    classification: Classification
    score: float
    fill_order: tuple[int, ...] = ()

    @cached_property
    def selection(self) -> float:
        """Its selection score, worked out once: the pool compares it at every offer."""
        return selection_score(self.classification)


#: What :func:`check` answers: (classification, leak warnings), or None when refused.
Checked = tuple[Classification, int] | None
_UNCHECKED = object()


def check(level: Level, board: Board | None = None) -> Checked:
    """(classification, how many leak warnings) of a level that is unique and solved by deduction; else None.

    The deduction first: "solved" means its final lines are the only
    solution (its rules are sound, and where it used a leak kind the
    engine's exact count confirmed it), the solution the general leak test
    needs. A leak-free level, the kind the optimizer may emit, is also
    counted by the independent exact solver before it is admitted.

    All of it in one kernel call without the GIL (:mod:`.analysis.admission`)
    on ``board``, a traced board of the level's size the caller may keep for
    the next level (a fresh one if None); the same answer, part by part, as
    ``detect_leaks`` and ``count_solutions``.
    """
    h, w = level.height, level.width
    if board is None:
        board = allocate(h, w, len(level.numbers), trace=True)
    pos, val, dot = board.pos, board.val, board.dot
    for i, num in enumerate(level.numbers):
        pos[i] = num.row * w + num.col
        val[i] = num.value
    dot[:] = False
    for r, c in level.dots:
        dot[r * w + c] = True
    state, leaks, count = admission(board, MAX_GROUP)
    if state != SOLVED:
        return None
    table = board.table
    if table[SINGLE_SOLUTION, 0] or table[UNCONTESTED_NO_COVER, 0]:  # the article's patterns: rare, in Python
        leaks += len(article_points(Deduction(level, SolveStatus.SOLVED, board, traced=True)))
    if not leaks:
        if count < 0:  # not counted in the kernel (or past its budget: count_solutions says so)
            count = count_solutions(level, limit=2).count
        if count != 1:
            return None
    return Classification.from_table(table, True), leaks


class Pool:
    """One pool and its random state: the unit an island runs (not thread-safe; one thread drives it)."""

    def __init__(
        self, level: Level, weights: Weights | Objective, seed: int, fixed: Collection[Cell] = (),
        checked: dict[bytes, Checked] | None = None,
    ) -> None:
        """``weights``: what the search aims for (an :class:`Objective`, or weights to climb);
        ``checked``: check results shared with other islands of the same run (any thread may use it)."""
        self.objective = as_objective(weights)
        h, w, n = level.height, level.width, len(level.numbers)
        self.template = level
        self.weights = weights
        self._rng = seed_state(seed)
        self._board = allocate(h, w, n)
        #: Where candidates are checked (traced), kept from one to the next.
        self._door = allocate(h, w, n, trace=True)
        self._everywhere = np.ones(h * w, np.bool_)
        self._pinned = np.zeros(h * w, np.bool_)
        for r, c in level.pinned:
            self._pinned[r * w + c] = True
        self._fixed = np.zeros(h * w, np.bool_)
        for r, c in fixed:
            if level.number_at(r, c) is not None:
                self._fixed[r * w + c] = True
        #: The search pool as the kernel sees it (best first), parallel to ``_search``.
        self._members: Members = allocate_members(h, w, n)
        self._weights = self.objective.as_array()
        self._seen: set[bytes] = set()
        self._checked: dict[bytes, Checked] = {} if checked is None else checked
        #: The search pool, parallel to ``_members``: (rank, entry), best rank first.
        self._search: list[tuple[float, PoolEntry]] = []
        #: The leak-free levels, best first (replaced, never changed in place: any thread may read it).
        self.entries: list[PoolEntry] = []
        #: The best leak-free levels ever admitted by selection score (then score), best first; same rules.
        self.selected: list[PoolEntry] = []
        self._seed(level, seed)

    @property
    def near_miss(self) -> PoolEntry | None:
        """The search's best level, emitted or not (what to show when nothing could be emitted)."""
        return self._search[0][1] if self._search else None

    def _seed(self, level: Level, seed: int) -> None:
        """The starting level as it is if deduction solves it uniquely, else with dots filled in; else kept unscored."""
        w = level.width
        members = self._members
        members.size[0] = 1  # unscored, its solution unknown, until a checked level takes its place
        for i, num in enumerate(level.numbers):
            members.pos[0, i] = num.row * w + num.col
            members.val[0, i] = num.value
        for start in (level, None):
            if start is None:
                filled = fill_dots(level, seed=seed)
                if not filled.solved:
                    return
                start = filled.level
            found = check(start)
            rank = self.objective.rank(start) if found is not None else math.nan
            if found is not None and not math.isnan(rank):
                cls, leaks = found
                self.offer(PoolEntry(start, cls, rank), leaks + (not self.objective.admits(start)))
                return

    def run(self, iterations: int) -> None:
        """Run ``iterations`` iterations, admitting the candidates that pass."""
        left = iterations
        while left > 0:
            found = optimize(self._board, self._members, self._pinned, self._fixed, self._weights, self._rng, left,
                             self._everywhere, False)
            left -= found.ran
            if not math.isnan(found.score):
                self._candidate(float(found.score))

    def _candidate(self, value: float) -> None:
        b = self._board
        n = b.n
        key = b.pos[:n].tobytes() + b.val[:n].tobytes() + np.packbits(b.dot).tobytes()
        if key in self._seen:
            return  # checked before: in the pool already, or failed
        if len(self._seen) >= SEEN_LIMIT:
            self._seen.clear()
        self._seen.add(key)
        level = to_level(self.template, b.pos[:n], b.val[:n], b.dot)
        found = self._check(key, level)
        if found is not None:
            cls, leaks = found
            # A level the objective does not admit (a lesson that is not one) is a stepping stone, like a leaky one.
            leaks += not self.objective.admits(level)
            order = tuple(b.added[: b.nadded[0]].tolist())
            # The kernel left the candidate's solution in ``owner``.
            self.offer(PoolEntry(level, cls, value, order), leaks, b.owner[: level.height * level.width].copy())

    def _check(self, key: bytes, level: Level) -> Checked:
        """``check(level)``, once per run: islands often find the same level (a sixth of their checks)."""
        found = self._checked.get(key, _UNCHECKED)  # one lookup: another island may clear the dict meanwhile
        if found is _UNCHECKED:
            if len(self._checked) >= SEEN_LIMIT:
                self._checked.clear()
            found = self._checked[key] = check(level, self._door)
        return found  # type: ignore[return-value]

    def offer(self, entry: PoolEntry, leaks: int = 0, solution: np.ndarray | None = None) -> bool:
        """Insert a checked level (with ``leaks`` warnings) into the search by rank; False if it does not get in.

        Ahead of equal ranks, so the pool drifts along plateaus. A leak-free
        level also goes into ``entries``.
        """
        if not leaks:
            self.entries = best_first(self.entries, entry)
            self.selected = best_first(self.selected, entry, by_selection=True)
        rank = entry.score - LEAK_PENALTY * leaks
        search = self._search
        if any(e.level == entry.level for _, e in search):
            return False
        i = 0
        while i < len(search) and search[i][0] > rank:
            i += 1
        if i >= POOL_SIZE:
            return False
        last = min(len(search), POOL_SIZE - 1)
        m = self._members
        for member_array in (m.pos, m.val, m.rank, m.added, m.nadded, m.solution):  # make room at i
            member_array[i + 1 : last + 1] = member_array[i:last].copy()
        m.solution[i] = owners(entry.level) if solution is None else solution
        m.added[i, : len(entry.fill_order)] = entry.fill_order
        m.nadded[i] = len(entry.fill_order)
        w = self.template.width
        for j, num in enumerate(entry.level.numbers):
            m.pos[i, j] = num.row * w + num.col
            m.val[i, j] = num.value
        m.rank[i] = rank
        self._search = (search[:i] + [(rank, entry)] + search[i:])[:POOL_SIZE]
        m.size[0] = len(self._search)
        return True


def owners(level: Level) -> np.ndarray:
    """The number owning each cell (flat) in the level's deduced solution, -1 for none; UNKNOWN if not solved."""
    h, w = level.height, level.width
    owner = np.full(h * w, UNKNOWN, np.int64)
    solution = deduce(level).solution
    if solution is not None:
        owner[:] = -1
        for p, line in enumerate(solution):
            for r, c in line_cells(line):
                owner[r * w + c] = p
    return owner


def best_first(entries: list[PoolEntry], entry: PoolEntry, by_selection: bool = False) -> list[PoolEntry]:
    """A new list with ``entry`` inserted by score, then selection score (or the other way round), ahead of equal ones, at most POOL_SIZE long, no duplicate levels."""
    if any(e.level == entry.level for e in entries):
        return entries

    def key(e: PoolEntry) -> tuple[float, float]:
        both = (e.score, e.selection)
        return both[::-1] if by_selection else both

    i = 0
    while i < len(entries) and key(entries[i]) > key(entry):
        i += 1
    return (entries[:i] + [entry] + entries[i:])[:POOL_SIZE]


__all__ = ["LEAK_PENALTY", "POOL_SIZE", "Pool", "PoolEntry", "check"]

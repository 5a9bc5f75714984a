"""One optimizer pool (spec section 6): the ten best levels found so far (easy: the best of each niche of the
technique mix, ``Objective.by_niche``), and the checks at its door.

The kernel (``kernels.optimize``) mutates, refills and classifies; every
candidate good enough to enter the pool is checked once, when it arrives:
solved by deduction, its leak warnings from the analysis (the article's two
patterns and general leaks), and, if it has none, exactly one solution by the
exact solver (``check``). A level with leaks may stay in the search as a
stepping stone, its rank lowered by ``LEAK_PENALTY`` per warning; only
leak-free levels are ever listed as results (``entries``), so nothing leaky
can be emitted. The search and its door run in one kernel loop
(:mod:`.kernels.door`); Python checks the few candidates that need it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Collection, NamedTuple

import numpy as np

from .analysis.leaks import MAX_GROUP, article_points
from .board import from_level, to_level
from .classification import Classification
from .exact import count_solutions
from .generator import fill_dots
from .kernels.admission import admission
from .kernels.bits import seed_state
from .kernels.board import Board, allocate
from .kernels.door import CANDIDATE, GROW, allocate_door, enter, grown, search
from .kernels.layer import SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER
from .kernels.members import POOL_SIZE, Members, allocate_members
from .kernels.mutate import UNKNOWN
from .level import Cell, Level, line_cells
from .objective import Objective, as_objective
from .scoring import SELECTION, Weights, selection_score
from .solver import Deduction, SolveStatus, deduce

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


def check(level: Level, board: Board | None = None) -> Checked:
    """(classification, how many leak warnings) of a level that is unique and solved by deduction; else None.

    The deduction first: "solved" means its final lines are the only
    solution (its rules are sound, and where it used a leak kind the
    engine's exact count confirmed it), the solution the general leak test
    needs. A leak-free level, the kind the optimizer may emit, is also
    counted by the independent exact solver before it is admitted.

    All of it in one kernel call without the GIL (:mod:`.kernels.admission`)
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

    def __init__(self, level: Level, weights: Weights | Objective, seed: int, fixed: Collection[Cell] = (),
                 room: int = POOL_SIZE) -> None:
        """``weights``: what the search aims for (an :class:`Objective`, or weights to climb); ``room``: how many
        levels the search pool holds (by niche: one a niche, ``Objective.by_niche``)."""
        self.objective = as_objective(weights)
        h, w, n = level.height, level.width, len(level.numbers)
        self.template = level
        self.weights = weights
        self._rng = seed_state(seed)
        self._board = allocate(h, w, n)
        #: Where candidates are checked (traced), kept from one to the next.
        self._traced = allocate(h, w, n, trace=True)
        self._everywhere = np.ones(h * w, np.bool_)
        self._pinned = np.zeros(h * w, np.bool_)
        for r, c in level.pinned:
            self._pinned[r * w + c] = True
        self._fixed = np.zeros(h * w, np.bool_)
        for r, c in fixed:
            if level.number_at(r, c) is not None:
                self._fixed[r * w + c] = True
        #: The search pool as the kernel sees it, best rank first; the leak-free levels by score and by selection score.
        self._members: Members = allocate_members(h, w, n, room, self.objective.by_niche)
        self._entries: Members = allocate_members(h, w, n)
        self._selected: Members = allocate_members(h, w, n)
        #: The seen set and the serials (``kernels/door.py``).
        self._door = allocate_door(h, w, n)
        self._weights = self.objective.as_array()
        self._selection_weights = SELECTION.as_array()
        #: The PoolEntry of each level in the lists by serial: made once, from its row or by ``offer``.
        self._made: dict[int, PoolEntry] = {}
        #: Copies of the leak-free lists as the last kernel call left them (replaced, never changed: any thread
        #: may read them); their PoolEntry objects are made when ``entries`` or ``selected`` is read.
        self._shown = (copied(self._entries), copied(self._selected))
        self._seed(level, seed)

    @property
    def entries(self) -> list[PoolEntry]:
        """The leak-free levels, best first (as the last kernel call left them: safe from any thread)."""
        return self._listed(self._shown[0])

    @property
    def selected(self) -> list[PoolEntry]:
        """The best leak-free levels ever admitted by selection score (then score), best first; same rules."""
        return self._listed(self._shown[1])

    @property
    def best(self) -> PoolEntry | None:
        """``entries[0]``, None if there is none, without making the other entries."""
        return self._first(self._shown[0])

    @property
    def best_selected(self) -> PoolEntry | None:
        """``selected[0]``, None if there is none, without making the others."""
        return self._first(self._shown[1])

    def listed(self) -> list[Listed]:
        """``entries`` as rows, not yet made into levels (a progress report merges islands' after every chunk)."""
        shown = self._shown[0]
        return [Listed(float(shown.score[i]), level_key(shown, i), self, shown, i) for i in range(shown.size[0])]

    @property
    def search(self) -> list[tuple[float, PoolEntry]]:
        """The search pool, best rank first: (rank, entry) (read it between runs: the kernel changes the rows)."""
        m = self._members
        return [(float(m.rank[i]), self._entry(m, i)) for i in range(m.size[0]) if m.serial[i] >= 0]

    @property
    def near_miss(self) -> PoolEntry | None:
        """The search's best level, emitted or not (what to show when nothing could be emitted)."""
        search = self.search
        return search[0][1] if search else None

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
                filled = fill_dots(level, seed=seed, leak_free=False)  # a leaky seed is a stepping stone
                if not filled.solved:
                    return
                start = filled.level
            found = check(start)
            rank = self.objective.rank(start) if found is not None else math.nan
            if found is not None and not math.isnan(rank):
                cls, leaks = found
                self.offer(PoolEntry(start, cls, rank), leaks + (not self.objective.admits(start, cls)))
                return

    def run(self, iterations: int) -> None:
        """Run ``iterations`` iterations, admitting the candidates that pass (in the kernel; a few here)."""
        left = iterations
        lesson = self.objective.teach is not None  # every candidate comes here for ``Objective.admits``
        while left > 0:
            ran, why, score = search(self._board, self._traced, self._members, self._entries, self._selected, self._door,
                          self._pinned, self._fixed, self._weights, self._selection_weights, self._rng, left,
                          self._everywhere, LEAK_PENALTY, lesson)
            left -= ran
            if why == CANDIDATE:
                self._candidate(float(score))
            elif why == GROW:
                self._door = grown(self._door)
        self._publish()

    def _candidate(self, value: float) -> None:
        """A candidate the kernel left in the board for Python's check (seen before it was not)."""
        b = self._board
        n = b.n
        level = to_level(self.template, b.pos[:n], b.val[:n], b.dot)
        found = check(level, self._traced)
        if found is not None:
            cls, leaks = found
            # A level the objective does not admit (outside the canon, a lesson that is not one) is a stepping
            # stone, like a leaky one.
            leaks += not self.objective.admits(level, cls)
            order = tuple(b.added[: b.nadded[0]].tolist())
            # The kernel left the candidate's solution in ``owner``.
            self.offer(PoolEntry(level, cls, value, order), leaks, b.owner[: level.height * level.width].copy())

    def offer(self, entry: PoolEntry, leaks: int = 0, solution: np.ndarray | None = None) -> bool:
        """Insert a checked level (with ``leaks`` warnings) into the search by rank; False if it does not get in.

        Ahead of equal ranks, so the pool drifts along plateaus. A leak-free
        level also goes into ``entries`` (``door.enter``, as the kernel enters its candidates).
        """
        level = entry.level
        b = from_level(level)  # its numbers and dots as the kernels hold them
        added = np.array(entry.fill_order, np.int64)
        if solution is None:
            solution = owners(level)
        serial, entered = enter(self._members, self._entries, self._selected, self._door, b.pos, b.val, b.dot, added,
                                len(added), solution, entry.classification.table(), float(entry.score),
                                float(entry.selection), int(leaks), LEAK_PENALTY)
        self._made[serial] = entry
        self._publish()
        return bool(entered)

    def _entry(self, members: Members, i: int) -> PoolEntry:
        """The PoolEntry of row ``i``: made from the row the first time (the level the kernel entered), then kept."""
        serial = int(members.serial[i])
        entry = self._made.get(serial)
        if entry is None:
            level = to_level(self.template, members.pos[i], members.val[i], members.dot[i])
            order = tuple(members.added[i, : members.nadded[i]].tolist())
            cls = Classification.from_table(members.table[i], True)
            entry = self._made.setdefault(serial, PoolEntry(level, cls, float(members.score[i]), order))
        return entry

    def _first(self, members: Members) -> PoolEntry | None:
        return self._entry(members, 0) if members.size[0] else None

    def _listed(self, members: Members) -> list[PoolEntry]:
        return [self._entry(members, i) for i in range(members.size[0])]

    def _publish(self) -> None:
        """Show the leak-free lists as the kernel left them (between kernel calls), and forget the levels no list holds.

        A level another thread is making from an older copy may be forgotten too: it is made again from its row.
        """
        self._shown = (copied(self._entries), copied(self._selected))
        live = {int(s) for m in (self._members, self._entries, self._selected) for s in m.serial[: m.size[0]]}
        if len(self._made) > 2 * len(live):
            self._made = {s: e for s, e in self._made.items() if s in live}


class Listed(NamedTuple):
    """A level of a pool's ``entries`` as the kernel's row: its score, a key equal for equal levels, and its entry."""

    score: float
    key: bytes
    pool: Pool
    members: Members
    row: int

    def entry(self) -> PoolEntry:
        return self.pool._entry(self.members, self.row)


def level_key(members: Members, i: int) -> bytes:
    """Row ``i``'s numbers in cell order and its dots: equal for rows of equal levels (of one template)."""
    order = np.argsort(members.pos[i], kind="stable")
    return members.pos[i][order].tobytes() + members.val[i][order].tobytes() + np.packbits(members.dot[i]).tobytes()


def copied(members: Members) -> Members:
    return Members._make(a.copy() for a in members)


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


__all__ = ["LEAK_PENALTY", "POOL_SIZE", "Pool", "PoolEntry", "check"]

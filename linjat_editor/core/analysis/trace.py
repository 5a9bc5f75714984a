"""The deduction as a sequence of *points*: what is still possible after each layer.

Point 0 is the start (numbers only claim their own cells); point ``i`` is the
state after the solver's ``i``-th layer. For every point we keep

- ``alive[i]``: the placements still possible there (placements over a cell
  another number has claimed are already gone), and, on demand,
- ``sound_at(i)``: the placements still alive after one more round of every
  *sound* rule (cover, can't fit, square, dependency, one of) from that
  state: what an honest player could *not* rule out at that point.

The leak detector (:mod:`.general`) works on these arrays; they come from the
engine's own kernels, run step by step exactly as :func:`core.solve` does.

>>> from linjat_editor.core.level import Level
>>> t = run_trace(Level.from_rows(["    ", "    ", ".3. ", "    "]))
>>> t.status, t.points, [k.key for k in t.kinds]
('solved', 2, ['cover'])
>>> t.placements_at(1)
(((2, 0, 2, 2),),)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field

import numba as nb
import numpy as np

from . import _cache  # noqa: F401  (drops our numba cache when the engine's kernels change)
from ..board_arrays import level_arrays, placement_line
from ..classification import Classification
from ..kernels.board import build_board
from ..kernels.layer import CONTRADICTION, NONE, RUNNING, SOLVED, contradiction, scratch, step
from ..kernels.layer import SINGLE_SOLUTION as SINGLE_SOLUTION_KIND
from ..kernels.rules import cant_fit, cover, dependency, one_of, single_solution, square, update_possible
from ..kinds import Kind
from ..level import Cell, Level, Line
from ..solver import Layer, SolveResult

_STATUS = {SOLVED: "solved", CONTRADICTION: "contradiction"}


#: Newer engines split one-of into pairs on one line and, when stuck, crossing pairs.
_ONE_OF_CROSSING = "crossing" in inspect.signature(one_of.py_func).parameters

if _ONE_OF_CROSSING:

    @nb.njit(cache=True, nogil=True)
    def _one_of_round(b, s):
        one_of(b, s, False)
        cant_fit(b, s)
        update_possible(b)
        one_of(b, s, True)
        cant_fit(b, s)
        update_possible(b)

else:

    @nb.njit(cache=True, nogil=True)
    def _one_of_round(b, s):
        one_of(b, s)
        cant_fit(b, s)
        update_possible(b)


@nb.njit(cache=True, nogil=True)
def sound_round(b, s):
    """One round of every sound rule from the current claims (changes ``b``)."""
    update_possible(b)
    if contradiction(b):
        return
    cover(b, s)
    update_possible(b)
    cant_fit(b, s)
    update_possible(b)
    square(b, s)
    cant_fit(b, s)
    update_possible(b)
    dependency(b, s)
    cant_fit(b, s)
    update_possible(b)
    _one_of_round(b, s)


@nb.njit(cache=True, nogil=True)
def snapshot(b, alive_out):
    """Record the placements alive at this point (after dropping those over others' claims); ``b`` is kept."""
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    keep_alive = alive.copy()
    keep_possible = possible.copy()
    update_possible(b)
    alive_out[:] = alive[: pbeg[n]]
    alive[:] = keep_alive
    possible[:] = keep_possible


@nb.njit(cache=True, nogil=True)
def sound_from(h, w, n, pos, val, pbeg, pstart, pstep, dot, alive_at, claimed_at, s, out):
    """``out``: the placements still alive after a sound round from a recorded point."""
    alive = np.zeros(pstart.shape[0], np.bool_)
    m = pbeg[n]
    alive[:m] = alive_at
    claimed = claimed_at.copy()
    possible = np.zeros(h * w, np.uint64)
    b = (h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot)
    sound_round(b, s)
    out[:] = alive[:m]


@nb.njit(cache=True, nogil=True)
def single_solution_claims(b, s, out):
    """Cells the single-solution rule alone claims from the current state (``out[cell]`` = number)."""
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    keep_alive = alive.copy()
    keep_claimed = claimed.copy()
    keep_possible = possible.copy()
    update_possible(b)
    single_solution(b, s)
    for c in range(h * w):
        out[c] = claimed[c] if claimed[c] != keep_claimed[c] else -1
    alive[:] = keep_alive
    claimed[:] = keep_claimed
    possible[:] = keep_possible


@dataclass(frozen=True, eq=False)
class Trace:
    """The points of one deduction, as arrays over the engine's placements.

    ``piece[k]`` is the number (index in ``level.numbers``) of placement ``k``;
    ``kinds[i]``/``widths[i]`` describe the layer that led from point ``i`` to
    ``i + 1``; ``leak_claims[i]`` maps cells to numbers for the leak part of
    a single-solution layer (empty otherwise); ``final``: the placements
    alive when the solver stopped (after its last, fruitless, try of the
    rules: what ``solve(level).placements`` lists).
    """

    level: Level
    status: str
    pstart: np.ndarray
    pstep: np.ndarray
    piece: np.ndarray
    alive: np.ndarray
    claimed: np.ndarray
    kinds: tuple[Kind, ...]
    widths: tuple[int, ...]
    leak_claims: tuple[tuple[tuple[Cell, int], ...], ...]
    final: np.ndarray
    board: dict[str, np.ndarray] = field(repr=False)
    _sound: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    def sound_at(self, point: int) -> np.ndarray:
        """Placements alive after a round of every sound rule from ``point`` (computed once)."""
        if point not in self._sound:
            a, level = self.board, self.level
            out = np.zeros(self.piece.size, np.bool_)
            sound_from(
                level.height, level.width, len(level.numbers), a["pos"], a["val"], a["pbeg"], a["pstart"],
                a["pstep"], a["dot"], self.alive[point], self.claimed[point], scratch(level.height * level.width), out,
            )
            self._sound[point] = out
        return self._sound[point]

    @property
    def points(self) -> int:
        return int(self.alive.shape[0])

    def line(self, k: int) -> Line:
        """The line of placement ``k``."""
        value = self.level.numbers[int(self.piece[k])].value
        return placement_line(int(self.pstart[k]), int(self.pstep[k]), value, self.level.width)

    def index_of(self, number: int, line: Line) -> int:
        """The placement index of ``line`` for ``number``, or -1."""
        for k in np.flatnonzero(self.piece == number):
            if self.line(int(k)) == line:
                return int(k)
        return -1

    def result(self) -> SolveResult:
        """The same answer as ``solve(level, trace=True)``, built from the recorded points.

        (Each layer's ``dropped`` lists what went between two points; solve
        lists drops caused by a layer's claims under the next layer instead.)
        """
        h, w = self.level.height, self.level.width
        table = np.zeros((8, 2), np.int64)
        layers = []
        for i, (kind, width) in enumerate(zip(self.kinds, self.widths)):
            for row in (0, int(kind)):
                table[row, 0] += 1
                table[row, 1] = max(table[row, 1], width)
            new = np.flatnonzero(self.claimed[i + 1] != self.claimed[i])
            gone = np.flatnonzero(self.alive[i] & ~self.alive[i + 1])
            layers.append(
                Layer(
                    kind,
                    width,
                    tuple(((int(c) // w, int(c) % w), int(self.claimed[i + 1][c])) for c in new),
                    tuple((int(self.piece[k]), self.line(int(k))) for k in gone),
                    self.claimed[i + 1].reshape(h, w).copy(),
                )
            )
        n = len(self.level.numbers)
        per: list[list[Line]] = [[] for _ in range(n)]
        for k in np.flatnonzero(self.final):
            per[int(self.piece[k])].append(self.line(int(k)))
        placements = tuple(tuple(ls) for ls in per)
        lines = tuple(p[0] for p in placements) if self.status == "solved" else None
        return SolveResult(
            self.level,
            self.status,
            Classification.from_table(table, self.status == "solved"),
            lines,
            self.claimed[-1].reshape(h, w).copy(),
            placements,
            tuple(layers),
        )

    def placements_at(self, point: int) -> tuple[tuple[Line, ...], ...]:
        """Per number, the lines still possible at ``point`` (the ``allowed`` of ``count_solutions``)."""
        n = len(self.level.numbers)
        out: list[list[Line]] = [[] for _ in range(n)]
        for k in np.flatnonzero(self.alive[point]):
            out[int(self.piece[k])].append(self.line(int(k)))
        return tuple(tuple(lines) for lines in out)


@nb.njit(cache=True, nogil=True)
def record_run(b, s, alive_pts, claimed_pts, kinds, widths, ss_claims, final_alive):
    """Solve layer by layer as ``core.solve`` does, recording every point; returns (points, status).

    One kernel call for the whole run: calling a kernel from Python costs more
    than a layer does.
    """
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    m = pbeg[n]
    cells = h * w
    snapshot(b, alive_pts[0])
    claimed_pts[0, :] = claimed[:cells]
    t = 0
    state = RUNNING
    while state == RUNNING and t + 1 < alive_pts.shape[0]:
        keep_alive = alive.copy()
        keep_claimed = claimed.copy()
        keep_possible = possible.copy()
        state, kind, width = step(b, s)
        if kind == NONE:
            break
        ss_claims[t, :] = -1
        if kind == SINGLE_SOLUTION_KIND:
            after_alive = alive.copy()
            after_claimed = claimed.copy()
            after_possible = possible.copy()
            alive[:] = keep_alive
            claimed[:] = keep_claimed
            possible[:] = keep_possible
            single_solution_claims(b, s, ss_claims[t])
            alive[:] = after_alive
            claimed[:] = after_claimed
            possible[:] = after_possible
        kinds[t] = kind
        widths[t] = width
        t += 1
        snapshot(b, alive_pts[t])
        claimed_pts[t, :] = claimed[:cells]
    final_alive[:] = alive[:m]
    return t + 1, state


def run_trace(level: Level) -> Trace:
    """Run the human-style solver layer by layer and record every point."""
    h, w, n = level.height, level.width, len(level.numbers)
    cells = h * w
    a = level_arrays(level)
    m = build_board(h, w, n, a["pos"], a["val"], a["pbeg"], a["pstart"], a["pstep"], a["alive"], a["claimed"])
    b = (h, w, n, a["pos"], a["val"], a["pbeg"], a["pstart"], a["pstep"], a["alive"], a["claimed"], a["possible"], a["dot"])
    most = cells + 2  # every counted layer claims a cell
    alive_pts = np.zeros((most, m), np.bool_)
    claimed_pts = np.zeros((most, cells), np.int64)
    kinds = np.zeros(most, np.int64)
    widths = np.zeros(most, np.int64)
    ss_claims = np.full((most, cells), -1, np.int64)
    final = np.zeros(m, np.bool_)
    points, state = record_run(b, scratch(cells), alive_pts, claimed_pts, kinds, widths, ss_claims, final)
    leak_claims = tuple(
        tuple(((int(c) // w, int(c) % w), int(row[c])) for c in np.flatnonzero(row >= 0)) for row in ss_claims[: points - 1]
    )
    piece = np.repeat(np.arange(n), np.diff(a["pbeg"])) if n else np.zeros(0, np.int64)
    return Trace(
        level,
        _STATUS.get(int(state), "stuck"),
        a["pstart"][:m].copy(),
        a["pstep"][:m].copy(),
        piece,
        alive_pts[:points],
        claimed_pts[:points],
        tuple(Kind(int(k)) for k in kinds[: points - 1]),
        tuple(int(x) for x in widths[: points - 1]),
        leak_claims,
        final,
        a,
    )

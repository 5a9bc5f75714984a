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

from dataclasses import dataclass, field

import numpy as np

from ..board import from_level, placement_line
from ..classification import Classification
from ..kernels.board import build_board
from ..kernels.board import Board
from ..kernels.layer import CONTRADICTION, SOLVED
from ..kinds import Kind
from ..level import Cell, Level, Line
from ..solver import Layer, SolveResult
from .runs import record_run, sound_from

_STATUS = {SOLVED: "solved", CONTRADICTION: "contradiction"}


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
    board: Board = field(repr=False)
    _sound: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    def sound_at(self, point: int) -> np.ndarray:
        """Placements alive after a round of every sound rule from ``point`` (computed once)."""
        if point not in self._sound:
            out = np.zeros(self.piece.size, np.bool_)
            sound_from(self.board, self.alive[point], self.claimed[point], out)
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
                    self.claimed[i + 1].reshape(h, w).astype(np.int64),
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
            self.claimed[-1].reshape(h, w).astype(np.int64),
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


def run_trace(level: Level) -> Trace:
    """Run the human-style solver layer by layer and record every point."""
    h, w, n = level.height, level.width, len(level.numbers)
    cells = h * w
    b = from_level(level)
    m = build_board(b)
    most = cells + 2  # every counted layer claims a cell
    alive_pts = np.zeros((most, m), np.bool_)
    # Owners are number indices (< 64) or -1: int8 keeps a 40x40 board's record small.
    claimed_pts = np.zeros((most, cells), np.int8)
    kinds = np.zeros(most, np.int64)
    widths = np.zeros(most, np.int64)
    ss_claims = np.full((most, cells), -1, np.int8)
    final = np.zeros(m, np.bool_)
    points, state = record_run(b, alive_pts, claimed_pts, kinds, widths, ss_claims, final)
    leak_claims = tuple(
        tuple(((int(c) // w, int(c) % w), int(row[c])) for c in np.flatnonzero(row >= 0)) for row in ss_claims[: points - 1]
    )
    piece = np.repeat(np.arange(n), np.diff(b.pbeg)) if n else np.zeros(0, np.int64)
    return Trace(
        level,
        _STATUS.get(int(state), "stuck"),
        b.pstart[:m].copy(),
        b.pstep[:m].copy(),
        piece,
        alive_pts[:points],
        claimed_pts[:points],
        tuple(Kind(int(k)) for k in kinds[: points - 1]),
        tuple(int(x) for x in widths[: points - 1]),
        leak_claims,
        final,
        b,
    )

"""The human-style solver: layers of deductions, as a person would find them.

One kernel run deduces (``kernels.layer.solve_board``, the engine's only
layer loop); :func:`deduce` returns its record as a :class:`Deduction`, and
:func:`classify`, :func:`solve`, the analysis and the step-through all read
their answers from that record.

>>> from linjat_editor.core.level import Level
>>> result = solve(Level.from_rows(["    ", "    ", ".3. ", "    "]))
>>> result.status.value, result.lines
('solved', ((2, 0, 2, 2),))
>>> result.classification.all
KindStats(depth=1, max_width=1)

A deduction that finishes only by assuming a unique solution is "ambiguous"
when the level has two solutions (the 2 may point left or right):

>>> d = deduce(Level.from_rows(["     2", "      ", "    .2"]), trace=True)
>>> d.status.value, [k.key for k in d.kinds], d.classification.solved
('ambiguous', ['uncontested_no_cover', 'cover'], False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Iterable

import numpy as np

from .board import from_level, placement_lines
from .classification import Classification
from .kernels.board import LAYER_CLAIMED, LAYER_KIND, LAYER_REMOVED, LAYER_WIDTH, Board, build_board
from .kernels.layer import AMBIGUOUS, CONTRADICTION, SOLVED, STUCK, solve_board
from .kinds import ALL_RULES, Kind, rules_mask
from .level import Cell, Level, Line, line_cells

class SolveStatus(StrEnum):
    """How a solve ended (in JSON, its value: "solved", "stuck", "contradiction", "ambiguous")."""

    SOLVED = "solved"
    STUCK = "stuck"
    CONTRADICTION = "contradiction"
    AMBIGUOUS = "ambiguous"


#: The kernel's end states by name.
STATUS = {SOLVED: SolveStatus.SOLVED, STUCK: SolveStatus.STUCK, CONTRADICTION: SolveStatus.CONTRADICTION,
          AMBIGUOUS: SolveStatus.AMBIGUOUS}


@dataclass(frozen=True)
class Layer:
    """One layer of the solve: its kind, its width and what it changed.

    ``claimed``: (cell, number index) pairs newly claimed; ``dropped``:
    (number index, line) placements ruled out (by the layer, or because of
    its claims); ``owner``: H x W array of the number index that has claimed
    each cell after the layer (-1: nobody).
    """

    kind: Kind
    width: int
    claimed: tuple[tuple[Cell, int], ...]
    dropped: tuple[tuple[int, Line], ...]
    owner: np.ndarray = field(repr=False, compare=False)


@dataclass(frozen=True)
class SolveResult:
    """The outcome of :func:`solve`.

    ``status`` is "solved" (the level's only solution is in ``lines``),
    "stuck" (no rule finds anything), "contradiction" (no solution), or
    "ambiguous" (deduction finished, solved or in a contradiction, only by
    assuming a unique solution, and the level has several).
    """

    level: Level
    status: SolveStatus
    classification: Classification
    lines: tuple[Line, ...] | None
    owner: np.ndarray = field(repr=False, compare=False)
    placements: tuple[tuple[Line, ...], ...] = ()
    layers: tuple[Layer, ...] = ()

    @property
    def solved(self) -> bool:
        return self.status is SolveStatus.SOLVED


@dataclass(frozen=True, eq=False)
class Deduction:
    """The record of one run of the solver on ``level``.

    Per layer ``i``: ``kinds[i]``, ``widths[i]``, ``cells_claimed[i]``,
    ``placements_removed[i]``. Placement ``k`` is a line of number
    ``piece[k]`` (:meth:`line`). ``final``: the placements alive when the
    solver stopped (after its last, fruitless, try of the rules); ``owner``:
    who claimed each cell then (flat, -1 nobody).

    A *traced* run also keeps every *point*, the state layer ``i`` started
    from (point ``i``; the last point is where it stopped): ``alive[i]``
    (placements still possible there), ``claimed[i]`` (owner per cell) and
    :meth:`leak_claims`.
    """

    level: Level
    status: SolveStatus
    board: Board = field(repr=False)
    traced: bool = False
    _placements: dict[int, tuple[tuple[Line, ...], ...]] = field(default_factory=dict, repr=False)

    @property
    def solved(self) -> bool:
        return self.status is SolveStatus.SOLVED

    @cached_property
    def classification(self) -> Classification:
        return Classification.from_table(self.board.table, self.solved)

    @property
    def depth(self) -> int:
        """How many layers the solve took."""
        return int(self.board.table[0, 0])

    @cached_property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(Kind(int(k)) for k in self.board.layers[: self.depth, LAYER_KIND])

    @cached_property
    def widths(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.board.layers[: self.depth, LAYER_WIDTH])

    @cached_property
    def cells_claimed(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.board.layers[: self.depth, LAYER_CLAIMED])

    @cached_property
    def placements_removed(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.board.layers[: self.depth, LAYER_REMOVED])

    @cached_property
    def piece(self) -> np.ndarray:
        n = self.board.n
        return np.repeat(np.arange(n), np.diff(self.board.pbeg)) if n else np.zeros(0, np.int64)

    @property
    def pstart(self) -> np.ndarray:
        return self.board.pstart[: self.piece.size]

    @property
    def pstep(self) -> np.ndarray:
        return self.board.pstep[: self.piece.size]

    @property
    def final(self) -> np.ndarray:
        return self.board.alive[: self.piece.size]

    @property
    def owner(self) -> np.ndarray:
        return self.board.claimed

    @property
    def points(self) -> int:
        """Points recorded: the start, then one after each layer (0 unless traced)."""
        return self.depth + 1 if self.traced else 0

    @property
    def alive(self) -> np.ndarray:
        return self._traced().point_alive[: self.points, : self.piece.size]

    @property
    def claimed(self) -> np.ndarray:
        return self._traced().point_claimed[: self.points]

    def _traced(self) -> Board:
        if not self.traced:
            raise ValueError("this deduction was not traced: use deduce(level, trace=True)")
        return self.board

    def leak_claims(self, index: int) -> tuple[tuple[Cell, int], ...]:
        """(cell, number) the single-solution rule itself claimed in layer ``index`` (its cover pass left out)."""
        row = self._traced().point_leak[index]
        w = self.level.width
        return tuple(((int(c) // w, int(c) % w), int(row[c])) for c in np.flatnonzero(row >= 0))

    @cached_property
    def _lines(self) -> list[Line]:
        return placement_lines(self.pstart, self.pstep, self.board.val[self.piece], self.level.width)

    def line(self, k: int) -> Line:
        """The line of placement ``k``."""
        return self._lines[int(k)]

    def index_of(self, number: int, line: Line) -> int:
        """The placement index of ``line`` for ``number``, or -1."""
        b, w = self.board, self.level.width
        r1, c1, r2, c2 = line
        if r2 - r1 + c2 - c1 + 1 != b.val[number]:
            return -1
        start, step = r1 * w + c1, (w if r2 > r1 else 1)  # a 1's only placement steps by 1
        for k in range(int(b.pbeg[number]), int(b.pbeg[number + 1])):
            if b.pstart[k] == start and b.pstep[k] == step:
                return k
        return -1

    @cached_property
    def solution_placements(self) -> np.ndarray | None:
        """The placement index of each number's line in the solution, if the deduction solved the level; else None."""
        return np.flatnonzero(self.final) if self.solved else None

    @cached_property
    def solution(self) -> tuple[Line, ...] | None:
        """The level's only solution, one line per number, if the deduction solved it; else None."""
        k = self.solution_placements
        if k is None:
            return None
        return tuple(placement_lines(self.pstart[k], self.pstep[k], self.board.val[self.piece[k]], self.level.width))

    def _per_number(self, alive: np.ndarray) -> tuple[tuple[Line, ...], ...]:
        out: list[list[Line]] = [[] for _ in self.level.numbers]
        for k in np.flatnonzero(alive):
            out[int(self.piece[k])].append(self.line(int(k)))
        return tuple(tuple(lines) for lines in out)

    def placements_at(self, point: int) -> tuple[tuple[Line, ...], ...]:
        """Per number, the lines still possible at ``point`` (the ``allowed`` of ``count_solutions``)."""
        if point not in self._placements:
            self._placements[point] = self._per_number(self.alive[point])
        return self._placements[point]

    def known_at(self, point: int) -> tuple[Line, ...]:
        """Per number, the line it is known to cover at ``point``: the cells every line still possible
        for it covers (its own cell at least; its whole line once one is left)."""
        out = []
        for n, lines in zip(self.level.numbers, self.placements_at(point)):
            common = set(line_cells(lines[0])) if lines else {n.cell}
            for line in lines[1:]:
                common.intersection_update(line_cells(line))
            rows, cols = [r for r, _ in common], [c for _, c in common]
            out.append((min(rows), min(cols), max(rows), max(cols)))
        return tuple(out)

    def owner_at(self, point: int) -> dict[Cell, int]:
        """The claimed cells at ``point`` and the number that claimed each."""
        w = self.level.width
        row = self.claimed[point]
        return {(int(c) // w, int(c) % w): int(row[c]) for c in np.flatnonzero(row >= 0)}

    @cached_property
    def layers(self) -> tuple[Layer, ...]:
        """What each layer did (traced runs only)."""
        return tuple(self._layer(i) for i in range(self.depth))

    def _layer(self, index: int) -> Layer:
        """What layer ``index`` did, from the points before and after it."""
        h, w = self.level.height, self.level.width
        before, after = self.claimed[index], self.claimed[index + 1]
        new = np.flatnonzero(after != before)
        gone = np.flatnonzero(self.alive[index] & ~self.alive[index + 1])
        return Layer(
            self.kinds[index],
            self.widths[index],
            tuple(((int(c) // w, int(c) % w), int(after[c])) for c in new),
            tuple((int(self.piece[k]), self.line(int(k))) for k in gone),
            after.reshape(h, w).astype(np.int64),
        )

    def result(self) -> SolveResult:
        """The :class:`SolveResult` of this run (with its layers if traced)."""
        placements = self._per_number(self.final)
        lines = self.solution
        layers = self.layers if self.traced else ()
        owner = self.owner.reshape(self.level.height, self.level.width).copy()
        return SolveResult(self.level, self.status, self.classification, lines, owner, placements, layers)


def deduce(level: Level, trace: bool = False, rules: Iterable[Kind] | None = None) -> Deduction:
    """Run the solver once on ``level``; ``trace`` also records every point (for step-through and leaks).

    ``rules``: the solving kinds it may use (default all; the leak kinds are
    always tried); "stuck" when they are not enough.
    """
    board = from_level(level, trace=trace)
    # Two calls, not a kernel calling both: a kernel links and optimises its callees' code again,
    # and one more over the whole solve cost a first start some 5 s of compiling.
    build_board(board)
    state = solve_board(board, True, ALL_RULES if rules is None else rules_mask(rules))
    return Deduction(level, STATUS[int(state)], board, trace)


def classify(level: Level) -> Classification:
    """Just the classification: the fast path the optimizer's numbers come from."""
    return deduce(level).classification


def solve(level: Level, trace: bool = False, rules: Iterable[Kind] | None = None) -> SolveResult:
    """Solve by deduction (with only the solving kinds in ``rules``, if given); with ``trace`` also record every layer."""
    return deduce(level, trace, rules).result()

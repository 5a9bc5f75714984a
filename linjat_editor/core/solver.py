"""The human-style solver: layers of deductions, as a person would find them.

>>> from linjat_editor.core.level import Level
>>> result = solve(Level.from_rows(["    ", "    ", ".3. ", "    "]))
>>> result.status, result.lines
('solved', ((2, 0, 2, 2),))
>>> result.classification.all
KindStats(depth=1, max_width=1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .board import from_level, placement_line
from .classification import Classification
from .exact import count_solutions
from .kernels.board import build_board
from .kernels.layer import CONTRADICTION, NONE, RUNNING, SOLVED, classify_level, step
from .kinds import Kind
from .level import Cell, Level, Line

_STATUS = {SOLVED: "solved", CONTRADICTION: "contradiction"}


@dataclass(frozen=True)
class Layer:
    """One layer of the solve: its kind, its width and what it changed.

    ``claimed``: (cell, number index) pairs newly claimed; ``dropped``:
    (number index, line) placements ruled out; ``owner``: H x W array of the
    number index that has claimed each cell after the layer (-1: nobody).
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
    "ambiguous" (deduction finished only by assuming a unique solution, and
    the level has several).
    """

    level: Level
    status: str
    classification: Classification
    lines: tuple[Line, ...] | None
    owner: np.ndarray = field(repr=False, compare=False)
    placements: tuple[tuple[Line, ...], ...] = ()
    layers: tuple[Layer, ...] = ()

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def classify(level: Level) -> Classification:
    """Just the classification: the fast path the optimizer's numbers come from."""
    b = from_level(level)
    state = classify_level(b)
    table = b.table
    solved = state == SOLVED and not (_used_leaks(table) and count_solutions(level).count != 1)
    return Classification.from_table(table, solved)


def _used_leaks(table: np.ndarray) -> bool:
    """The leak kinds assume a unique solution: only then is their "solved" worth checking."""
    return bool(table[Kind.SINGLE_SOLUTION, 0] or table[Kind.UNCONTESTED_NO_COVER, 0])


def solve(level: Level, trace: bool = False) -> SolveResult:
    """Solve by deduction; with ``trace`` also record every layer."""
    h, w, n = level.height, level.width, len(level.numbers)
    board = from_level(level)
    build_board(board)
    table = np.zeros((8, 2), np.int64)
    layers: list[Layer] = []
    pbeg, pstart, pstep, alive, claimed = board.pbeg, board.pstart, board.pstep, board.alive, board.claimed
    piece_of = np.repeat(np.arange(n), np.diff(pbeg)) if n else np.zeros(0, np.int64)
    length = board.val[piece_of] if n else piece_of

    def line(k: int) -> Line:
        return placement_line(int(pstart[k]), int(pstep[k]), int(length[k]), w)

    state = RUNNING
    while state == RUNNING:
        before_alive = alive[: pbeg[n]].copy()
        before_claimed = claimed.copy()
        state, kind, width = step(board)
        if kind == NONE:
            break
        table[kind, 0] += 1
        table[kind, 1] = max(table[kind, 1], width)
        table[0, 0] += 1
        table[0, 1] = max(table[0, 1], width)
        if trace:
            new = np.flatnonzero(claimed != before_claimed)
            gone = np.flatnonzero(before_alive & ~alive[: pbeg[n]])
            layers.append(
                Layer(
                    Kind(kind),
                    int(width),
                    tuple(((int(c) // w, int(c) % w), int(claimed[c])) for c in new),
                    tuple((int(piece_of[k]), line(int(k))) for k in gone),
                    claimed.reshape(h, w).copy(),
                )
            )
    status = _STATUS.get(state, "stuck")
    if status == "solved" and _used_leaks(table) and count_solutions(level).count != 1:
        status = "ambiguous"
    placements = tuple(tuple(line(k) for k in range(pbeg[p], pbeg[p + 1]) if alive[k]) for p in range(n))
    lines = tuple(p[0] for p in placements) if status == "solved" else None
    return SolveResult(
        level,
        status,
        Classification.from_table(table, status == "solved"),
        lines,
        claimed.reshape(h, w).copy(),
        placements,
        tuple(layers),
    )

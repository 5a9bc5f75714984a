"""Uniqueness leaks: moves only a player who assumes one solution can make.

Three kinds are reported:

- ``single_solution`` and ``uncontested_no_cover``: the two patterns of the
  original article, i.e. the solver's own leak kinds (spec section 2, kinds 3
  and 1), one :class:`Leak` per number per layer that used them;
- ``general``: any placement a uniqueness-assuming player could rule out
  because taking it would leave part of the board with more than one
  completion, while no sound rule could rule it out at that point (see
  :mod:`..kernels.leak_general` for the exact test).

>>> from linjat_editor.core.level import Level
>>> level = Level.from_rows(["  .", " 2 ", ".  "])
>>> detect_leaks(level)
[]
>>> leak = detect_leaks(Level.from_rows(["   .", " 2 3", " .4 ", "    "]))[0]
>>> leak.kind is LeakKind.SINGLE_SOLUTION, leak.number, leak.cells
(True, (1, 1), ((2, 1),))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..exact import count_solutions
from ..kernels.leak_general import MAX_GROUP as MAX_GROUP  # the analysis names it to its callers
from ..kernels.leak_general import find_all, placement_cells
from ..kinds import Kind, LeakKind
from ..level import Cell, Level, Line, line_cells
from ..solver import Deduction, deduce
from .words import cell_list, line_words, number_list, number_name

#: The leak kinds, in the order reports list them.
LEAK_KINDS = tuple(LeakKind)


@dataclass(frozen=True)
class Leak:
    """One uniqueness leak: its kind, the number involved, the cells, and a sentence.

    ``point``: the deduction point where it appears (0 = start, ``i`` = after
    step ``i``); ``line``: for a general leak, the line the player rules
    out; ``witness``: the numbers left with more than one completion.
    """

    kind: LeakKind
    number: Cell | None
    cells: tuple[Cell, ...]
    message: str
    point: int = 0
    line: Line | None = None
    witness: tuple[Cell, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "number": list(self.number) if self.number is not None else None,
            "cells": [list(c) for c in self.cells],
            "message": self.message,
        }


def _when(point: int) -> str:
    return "From the start" if point == 0 else f"After step {point}"


#: One article leak before it is put in words: (kind, point, number index, cells it claims).
ArticleLeak = tuple[LeakKind, int, int, tuple[Cell, ...]]


def article_points(trace: Deduction) -> list[ArticleLeak]:
    """The solver's two leak kinds, one per number and layer that used them, without their sentences."""
    table = trace.board.table
    if table[Kind.UNCONTESTED_NO_COVER, 0] + table[Kind.SINGLE_SOLUTION, 0] == 0:
        return []  # the solve used neither kind: nothing to look for layer by layer
    level = trace.level
    out: list[ArticleLeak] = []
    for i, kind in enumerate(trace.kinds):
        if kind == Kind.UNCONTESTED_NO_COVER:
            owner = trace.claimed[i + 1]
            new = np.flatnonzero((owner != trace.claimed[i]) & (owner >= 0))
            if not new.size:
                continue
            p = int(owner[new[0]])
            cells = tuple((int(c) // level.width, int(c) % level.width) for c in new if owner[c] == p)
            out.append((LeakKind.UNCONTESTED_NO_COVER, i, p, cells))
        elif kind == Kind.SINGLE_SOLUTION:
            by_number: dict[int, list[Cell]] = {}
            for cell, p in trace.leak_claims(i):
                by_number.setdefault(p, []).append(cell)
            for p, claimed in sorted(by_number.items()):
                out.append((LeakKind.SINGLE_SOLUTION, i, p, tuple(sorted(claimed))))
    return out


def article_leaks(trace: Deduction) -> list[Leak]:
    """The solver's two leak kinds, one leak per number and layer that used them."""
    level = trace.level
    out: list[Leak] = []
    for kind, i, p, cells in article_points(trace):
        if kind is LeakKind.UNCONTESTED_NO_COVER:
            msg = (
                f"{_when(i)}, {number_name(level, p)} can reach no dot any more, but one of its lines "
                f"uses only cells no other number can reach ({cell_list(cells)}): a player who assumes "
                "one solution draws it there without deducing it."
            )
        else:
            msg = (
                f"{_when(i)}, {number_name(level, p)} has two or more lines that cover no dot and "
                "no cell anyone else can reach, so a player who assumes one solution knows it must "
                f"cover a dot and claims {cell_list(cells)} without deducing it."
            )
        out.append(Leak(kind, level.numbers[p].cell, cells, msg, point=i))
    return out


def solution_indices(trace: Deduction, lines: Sequence[Line]) -> np.ndarray:
    """The placement index of each number's line in ``lines`` (-1 if the engine has none)."""
    if lines is trace.solution:
        return trace.solution_placements  # type: ignore[return-value]
    return np.array([trace.index_of(p, line) for p, line in enumerate(lines)], np.int64)


def general_leaks(trace: Deduction, solution: Sequence[Line], max_group: int = MAX_GROUP) -> list[Leak]:
    """General leaks of a level whose only solution is ``solution`` (one line per number).

    ``max_group``: the most numbers a player is expected to see are left
    ambiguous at a glance (the witness group's size).
    """
    level = trace.level
    first, witness = general_points(trace, solution_indices(trace, solution), max_group)
    out: list[Leak] = []
    for k in np.flatnonzero(first >= 0):
        p = int(trace.piece[k])
        line = trace.line(int(k))
        others = [int(q) for q in np.flatnonzero(witness[k])]
        point = int(first[k])
        num = level.numbers[p]
        msg = (
            f"{_when(point)}, drawing {number_name(level, p)} {line_words(level, p, line)} would leave "
            f"{number_list(level, others)} with more than one way to finish, so a player who assumes one "
            "solution can rule it out without deducing it."
        )
        out.append(
            Leak(
                LeakKind.GENERAL, num.cell, tuple(c for c in line_cells(line) if c != num.cell), msg,
                point=point, line=line, witness=tuple(level.numbers[q].cell for q in others),
            )
        )
    out.sort(key=lambda leak: (leak.point, leak.number or (0, 0), leak.line or (0, 0, 0, 0)))
    return out


def find_leaks(trace: Deduction, cells: np.ndarray, solution: np.ndarray, max_group: int) -> tuple[np.ndarray, np.ndarray]:
    """Earliest leaky point of every placement (-1: none) and the witness numbers of each."""
    level = trace.level
    n, m = len(level.numbers), trace.piece.size
    first = np.full(m, -1, np.int64)
    witness = np.zeros((m, n), np.bool_)
    not_solution = np.ones(m, np.bool_)
    not_solution[solution[solution >= 0]] = False
    # The sound rounds work in a copy of the board: the deduction keeps its final state.
    b = trace.board
    work = b.with_arrays(alive=b.alive.copy(), claimed=b.claimed.copy(), possible=b.possible.copy())
    find_all(work, trace.piece, cells, trace.alive, trace.claimed, not_solution, max_group, first, witness)
    return first, witness


def general_points(trace: Deduction, solution: np.ndarray, max_group: int = MAX_GROUP) -> tuple[np.ndarray, np.ndarray]:
    """The general leak test (:mod:`..kernels.leak_general`) of a level whose only solution is the placements ``solution``:
    per placement, the earliest point it leaks (-1: never) and its witness numbers."""
    n, m = len(trace.level.numbers), trace.piece.size
    if n == 0 or m == 0:
        return np.full(m, -1, np.int64), np.zeros((m, n), np.bool_)
    cells = placement_cells(trace.pstart, trace.pstep, trace.piece, trace.board.val[:n])
    return find_leaks(trace, cells, solution, max_group)


def detect_leaks(
    level: Level,
    trace: Deduction | None = None,
    solution: Sequence[Line] | None = None,
    max_group: int = MAX_GROUP,
) -> list[Leak]:
    """Every leak of ``level``: the article's two patterns, then general leaks.

    General leaks need the level's only solution; pass it if you have it,
    otherwise it is counted here (a level without exactly one solution has
    no general leaks to report: its problem is elsewhere).
    """
    trace = trace or deduce(level, trace=True)
    leaks = article_leaks(trace)
    if solution is None:
        found = count_solutions(level, limit=2)
        solution = found.solutions[0] if found.count == 1 else None
    if solution is not None:
        leaks += general_leaks(trace, solution, max_group)
    return leaks

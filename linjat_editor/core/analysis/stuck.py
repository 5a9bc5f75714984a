"""Where deduction got stuck: the cells and numbers it left open.

>>> from linjat_editor.core.level import Level
>>> s = stuck_info(Level.from_rows([" 2 "]))
>>> s.numbers, s.cells, s.dots
(((0, 1),), ((0, 0), (0, 2)), ())
>>> stuck_info(Level.from_rows([".3. "])) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..level import Cell, Level, line_cells
from ..solver import SolveResult, SolveStatus, solve
from .words import cell_list, number_list


@dataclass(frozen=True)
class Stuck:
    """What deduction could not settle.

    ``numbers``: the numbers with more than one placement left; ``cells``:
    the unclaimed cells still reachable by some placement, plus every
    unclaimed dot; ``dots``: the unclaimed dots alone; ``status`` is the
    solver's ("stuck" or "contradiction").
    """

    numbers: tuple[Cell, ...]
    cells: tuple[Cell, ...]
    dots: tuple[Cell, ...]
    status: SolveStatus = SolveStatus.STUCK

    @property
    def message(self) -> str:
        if self.status is SolveStatus.CONTRADICTION:
            return "Deduction ran into a contradiction: some number or dot has no way left."
        if self.status is SolveStatus.AMBIGUOUS:
            return "Deduction only finishes by assuming one solution, and the level has several."
        return f"Deduction stops with {len(self.numbers)} numbers and {len(self.cells)} cells still open."

    def to_json(self) -> dict[str, Any]:
        return {
            "numbers": [list(c) for c in self.numbers],
            "cells": [list(c) for c in self.cells],
            "dots": [list(c) for c in self.dots],
            "message": self.message,
        }

    def describe(self, level: Level) -> str:
        """A sentence naming the open numbers and dots."""
        idx = [level.number_index(r, c) for r, c in self.numbers]
        text = self.message
        if idx:
            text += f" Open: {number_list(level, idx, 4)}."
        if self.dots:
            text += f" Dots not yet covered: {cell_list(self.dots)}."
        return text


def stuck_from(result: SolveResult) -> Stuck | None:
    """Open cells and numbers of a finished solve, or None if it solved the level."""
    if result.solved:
        return None
    level = result.level
    owner = result.owner
    numbers = tuple(n.cell for n, lines in zip(level.numbers, result.placements) if len(lines) > 1)
    reach: set[Cell] = set()
    for lines in result.placements:
        if len(lines) > 1:
            for line in lines:
                reach.update(c for c in line_cells(line) if owner[c] < 0)
    dots = tuple(sorted(c for c in level.dots if owner[c] < 0))
    cells = tuple(sorted(reach | set(dots)))
    return Stuck(numbers, cells, dots, result.status)


def stuck_info(level: Level) -> Stuck | None:
    """Where deduction stops on ``level`` (None when it solves it)."""
    return stuck_from(solve(level))

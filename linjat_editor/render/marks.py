"""What the board draws on top of a level: its solution and the analysis marks.

Plain data built by the editor's panels from engine answers (see
``gui/board/step_lines.py``) or by the sheets (a solution only); the painter only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from linjat_editor.core.level import Cell, Line


@dataclass(frozen=True)
class StepLine:
    """One number's line as the solver knows it after a step."""

    line: Line
    complete: bool  # as long as the number says
    extended: bool  # grew in this very step


@dataclass(frozen=True)
class Overlay:
    """Everything drawn over the level. Empty by default."""

    solution: tuple[Line, ...] = ()
    stuck_cells: frozenset[Cell] = frozenset()
    stuck_numbers: frozenset[Cell] = frozenset()
    leak_cells: frozenset[Cell] = frozenset()
    selected_leak_cells: frozenset[Cell] = frozenset()
    step_lines: tuple[StepLine, ...] = ()
    step_cells: frozenset[Cell] = frozenset()  # cells claimed in the shown step
    culprits: frozenset[Cell] = frozenset()  # numbers and dots that leave the level without a solution

"""Why a level has no solution, pointing at the culprits: a number with no room for its line,
a dot no line can reach, or the smallest group of numbers found that cannot all be drawn.

The editor's verdict and Fill's refusal both ask here, so they name the same cells.

>>> from linjat_editor.core.level import Level
>>> why_no_solution(Level.from_rows(["2 2"])).reason
'these numbers cannot all be drawn without crossing: row 1, column 1 and row 1, column 3'
>>> why_no_solution(Level.from_rows(["  ", " 5"])).cells
((1, 1),)
"""

from __future__ import annotations

from dataclasses import dataclass

from .exact import count_solutions, number_lines
from .level import Cell, Level, LevelError, line_cells


@dataclass(frozen=True)
class Culprits:
    """What makes a level unsolvable: one sentence and the cells it names (numbers or dots)."""

    reason: str
    cells: tuple[Cell, ...]


def where(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _listed(cells: tuple[Cell, ...]) -> str:
    names = [where(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _reach(level: Level) -> set[Cell]:
    return {cell for own in number_lines(level) for line in own for cell in line_cells(line)}


def why_no_solution(level: Level, known_unsolvable: bool = False) -> Culprits | None:
    """The culprits when ``level`` has no solution, else None.

    ``known_unsolvable`` skips the exact count when the caller has just made it.
    """
    lines = number_lines(level)
    cramped = tuple(n.cell for n, own in zip(level.numbers, lines) if not own)
    if cramped:
        each = "has" if len(cramped) == 1 else "each have"
        values = " and ".join(str(level.number_at(*c).value) for c in cramped)  # type: ignore[union-attr]
        return Culprits(f"the {values} at {_listed(cramped)} {each} no room for a line "
                        "(the edge or other numbers are too close)", cramped)
    reach = {cell for own in lines for line in own for cell in line_cells(line)}
    stranded = tuple(sorted(d for d in level.dots if d not in reach))
    if stranded:
        kind = "pinned dot" if set(stranded) <= level.pinned else "dot"
        plural = "s" if len(stranded) > 1 else ""
        return Culprits(f"no line can reach the {kind}{plural} at {_listed(stranded)}", stranded)
    if not known_unsolvable:
        try:
            if count_solutions(level, limit=1).count:
                return None
        except LevelError:
            return None  # too open to decide
    cells = conflict(level)
    covering = " and cover the dots" if level.dots else ""
    return Culprits(f"these numbers cannot all be drawn without crossing{covering}: {_listed(cells)}", cells)


def conflict(level: Level) -> tuple[Cell, ...]:
    """A smallest-we-found group of numbers that cannot all be drawn: drop each one that is not needed.

    A dropped number takes along the dots only it could reach, so the group left
    is held back by the numbers themselves, not by a dot nobody else reaches.
    """
    keep = list(level.numbers)
    for number in list(keep):
        rest = [m for m in keep if m != number]
        if not rest:
            continue
        smaller = level.with_numbers(tuple(rest))
        reach = _reach(smaller)
        smaller = smaller.with_dots([d for d in smaller.dots if d in reach], keep_pinned=False)
        try:
            if count_solutions(smaller, limit=1).count == 0:
                keep = rest
        except LevelError:
            pass
    return tuple(m.cell for m in keep)

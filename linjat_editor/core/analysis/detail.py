"""What a solver layer started from, to name the dots behind square, dependency and one-of steps.

Read from the traced deduction's points: the lines each number still had
before the layer, and who could reach which cell.

>>> from linjat_editor.core.level import Level
>>> from linjat_editor.core.solver import deduce
>>> trace = deduce(Level.from_rows([".3. "]), trace=True)
>>> lines, owner = state_before(trace, 0)
>>> sorted(lines[0]), sorted(reachers(lines)[(0, 0)])
([(0, 0, 0, 2), (0, 1, 0, 3)], [0])
"""

from __future__ import annotations

from ..level import Cell, Line, line_cells, line_covers
from ..solver import Deduction


def state_before(trace: Deduction, index: int) -> tuple[list[list[Line]], dict[Cell, int]]:
    """Per number, its lines still possible before layer ``index``; and the claimed cells' owners."""
    return [list(ls) for ls in trace.placements_at(index)], trace.owner_at(index)


def reachers(lines: list[list[Line]]) -> dict[Cell, frozenset[int]]:
    """For every reachable cell, the numbers with a line over it."""
    out: dict[Cell, set[int]] = {}
    for p, ls in enumerate(lines):
        for ln in ls:
            for c in line_cells(ln):
                out.setdefault(c, set()).add(p)
    return {c: frozenset(s) for c, s in out.items()}


def _distance(a: Cell, b: Cell) -> int:
    if a[0] == b[0]:
        return abs(a[1] - b[1])
    if a[1] == b[1]:
        return abs(a[0] - b[0])
    return 1 << 30


def square_dots(trace: Deduction, index: int, focus: set[int]) -> tuple[Cell, Cell, int, int] | None:
    """Two open dots only the same two numbers reach, too far apart for either: (a, b, p, q).

    Only a pair one of the ``focus`` numbers (those that gained claims) belongs to.
    """
    level = trace.level
    lines, owner = state_before(trace, index)
    reach = reachers(lines)
    dots = sorted(d for d in level.dots if d not in owner and len(reach.get(d, ())) == 2)
    for i, a in enumerate(dots):
        for b in dots[i + 1 :]:
            if reach[a] != reach[b]:
                continue
            p, q = sorted(reach[a])
            if _distance(a, b) < max(level.numbers[p].value, level.numbers[q].value):
                continue
            if reach[a] & focus:
                return a, b, p, q
    return None


def dependent_dots(trace: Deduction, index: int, focus: set[int]) -> tuple[Cell, Cell, frozenset[int]] | None:
    """An open dot ``a`` and a dot ``t`` whoever covers ``a`` must cover too: (a, t, numbers reaching both).

    Only a pair that one of the ``focus`` numbers can reach.
    """
    level = trace.level
    lines, owner = state_before(trace, index)
    reach = reachers(lines)
    for a in sorted(level.dots):
        if a in owner or len(reach.get(a, ())) < 2:
            continue
        common: set[Cell] | None = None
        for q in reach[a]:
            for ln in lines[q]:
                cells = set(line_cells(ln))
                if a in cells:
                    common = cells if common is None else common & cells
        for t in sorted(common or ()):
            if t != a and t in level.dots and reach.get(t) != reach[a]:
                both = reach[a] & reach.get(t, frozenset())
                if (reach[a] | reach.get(t, frozenset())) & focus:
                    return a, t, both
    return None


def _common(lines: list[Line], x: Cell, covering: bool) -> set[Cell] | None:
    """Cells shared by the lines that do (or do not) cover ``x``; None if there is no such line."""
    out: set[Cell] | None = None
    for ln in lines:
        if line_covers(ln, x) == covering:
            cells = set(line_cells(ln))
            out = cells if out is None else out & cells
    return out


def one_of_pair(trace: Deduction, index: int) -> tuple[Cell, int, int, int] | None:
    """For a one-of layer: a cell ``x``, the two numbers that cannot both cover it, and a third
    number whose line was dropped for touching what each of them must otherwise cover: (x, a, b, c)."""
    level = trace.level
    lines, owner = state_before(trace, index)
    dropped = set(trace.layers[index].dropped)
    victims = {p for p, _ in dropped}
    reach = reachers(lines)
    for same_line in (True, False):
        for x in sorted(reach):
            if x in owner or len(reach[x]) < 2:
                continue
            pair = sorted(reach[x])
            for i, a in enumerate(pair):
                for b in pair[i + 1 :]:
                    na, nb = level.numbers[a], level.numbers[b]
                    if (na.row == nb.row or na.col == nb.col) != same_line:
                        continue
                    sa, sb = _common(lines[a], x, False), _common(lines[b], x, False)
                    for c in sorted(victims - {a, b}):
                        for ln in lines[c]:
                            cells = set(line_cells(ln))
                            if (c, ln) in dropped and (sa is None or cells & sa) and (sb is None or cells & sb):
                                return x, a, b, c
    return None

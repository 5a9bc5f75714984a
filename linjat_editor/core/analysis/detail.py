"""What a solver layer started from, to name the dots behind square and dependency steps.

Rebuilt from the public trace (``solve(level, trace=True)``): the lines each
number still had before the layer, and who could reach which cell.

>>> from linjat_editor.core.level import Level
>>> from linjat_editor.core.solver import solve
>>> result = solve(Level.from_rows([".3. "]), trace=True)
>>> lines, owner = state_before(result, 0)
>>> sorted(lines[0]), sorted(reachers(lines)[(0, 0)])
([(0, 0, 0, 2), (0, 1, 0, 3)], [0])
"""

from __future__ import annotations

import threading

from ..exact import number_lines
from ..level import Cell, Line, line_cells
from ..solver import SolveResult


def state_before(result: SolveResult, index: int) -> tuple[list[list[Line]], dict[Cell, int]]:
    """Per number, its lines still possible before layer ``index``; and the claimed cells' owners."""
    states = _states(result)
    lines, owner = states[index]
    return [list(ls) for ls in lines], dict(owner)


#: Per thread, the last result's states, built in one pass (steps ask for every layer of one result in turn).
_LAST = threading.local()


def _covers(line: Line, cell: Cell) -> bool:
    r1, c1, r2, c2 = line
    return r1 <= cell[0] <= r2 and c1 <= cell[1] <= c2


def _states(result: SolveResult) -> list[tuple[list[list[Line]], dict[Cell, int]]]:
    cached = getattr(_LAST, "value", None)
    if cached is not None and cached[0] is result:
        return cached[1]  # type: ignore[no-any-return]
    level = result.level
    owner = {n.cell: p for p, n in enumerate(level.numbers)}
    lines = [[ln for ln in ls if all(owner.get(c, p) == p for c in line_cells(ln))] for p, ls in enumerate(number_lines(level))]
    out = [([list(ls) for ls in lines], dict(owner))]
    for layer in result.layers:
        gone: dict[int, set[Line]] = {}
        for p, line in layer.dropped:
            gone.setdefault(p, set()).add(line)
        for p, dropped in gone.items():
            lines[p] = [ln for ln in lines[p] if ln not in dropped]
        for cell, q in layer.claimed:
            owner[cell] = q
            r, c = cell
            for p, n in enumerate(level.numbers):
                near = (n.row == r and abs(n.col - c) < n.value) or (n.col == c and abs(n.row - r) < n.value)
                if near and p != q:
                    lines[p] = [ln for ln in lines[p] if not _covers(ln, cell)]
        out.append(([list(ls) for ls in lines], dict(owner)))
    _LAST.value = (result, out)
    return out


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


def square_dots(result: SolveResult, index: int, focus: set[int]) -> tuple[Cell, Cell, int, int] | None:
    """Two open dots only the same two numbers reach, too far apart for either: (a, b, p, q).

    Only a pair one of the ``focus`` numbers (those that gained claims) belongs to.
    """
    level = result.level
    lines, owner = state_before(result, index)
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


def dependent_dots(result: SolveResult, index: int, focus: set[int]) -> tuple[Cell, Cell, frozenset[int]] | None:
    """An open dot ``a`` and a dot ``t`` whoever covers ``a`` must cover too: (a, t, numbers reaching both).

    Only a pair that one of the ``focus`` numbers can reach.
    """
    level = result.level
    lines, owner = state_before(result, index)
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


def single_solution_claims(result: SolveResult, index: int) -> dict[int, tuple[int, list[Cell]]]:
    """For a single-solution layer: per number, (its uninformative lines, the cells the leak claims).

    The rule as spec section 2 states it, replayed on the state before the layer.
    """
    level = result.level
    lines, owner = state_before(result, index)
    reach = reachers(lines)
    out: dict[int, tuple[int, list[Cell]]] = {}
    for p, ls in enumerate(lines):
        informative: list[set[Cell]] = []
        uninformative = 0
        for ln in ls:
            free = [c for c in line_cells(ln) if c not in owner]
            if any(c in level.dots for c in free):
                informative.append(set(line_cells(ln)))
            elif all(reach.get(c) == {p} for c in free):
                uninformative += 1
        if uninformative > 1 and informative:
            common = sorted(c for c in set.intersection(*informative) if c not in owner)
            if common:
                out[p] = (uninformative, common)
    return out


def _common(lines: list[Line], x: Cell, covering: bool) -> set[Cell] | None:
    """Cells shared by the lines that do (or do not) cover ``x``; None if there is no such line."""
    out: set[Cell] | None = None
    for ln in lines:
        if _covers(ln, x) == covering:
            cells = set(line_cells(ln))
            out = cells if out is None else out & cells
    return out


def one_of_pair(result: SolveResult, index: int) -> tuple[Cell, int, int, int] | None:
    """For a one-of layer: a cell ``x``, the two numbers that cannot both cover it, and a third
    number whose line was dropped for touching what each of them must otherwise cover: (x, a, b, c)."""
    level = result.level
    lines, owner = state_before(result, index)
    dropped = {(p, ln) for p, ln in result.layers[index].dropped}
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

"""Independent checks for the analysis tests: deduction points rebuilt from ``solve(trace=True)``,
and a general leak verified with the exact solver alone."""

from __future__ import annotations

from linjat_editor.core import Level, Line, count_solutions, line_cells, solve
from linjat_editor.core.analysis import Leak
from linjat_editor.core.exact import number_lines

#: Hand-built levels (rows), one per situation.
#: The article's "two interchangeable empty squares beside a 2": the 2 at row 2,
#: column 2 can go left or up over cells nobody else reaches, or down onto a dot.
SINGLE_SOLUTION = ["   .", " 2 3", " .4 ", "    "]
#: The article's "2 next to an empty region only it can reach": once the dots are
#: settled, the 2 at row 3, column 1 reaches no dot, and the cell above it is its alone.
UNCONTESTED = [" . 3.", " 2   ", "2   4", "    5", "     "]
#: Drawing the 3 upwards would leave the 2 free to go three ways.
GENERAL = ["4 . ", "    ", " .2 ", ".3  "]
#: No leak of any kind.
CLEAN = ["   3", "   .", "  .3", "  2."]
#: Exactly one solution, but the rules cannot finish it (a published easy level minus a dot).
STUCK_UNIQUE = [" 4 .2.", "   .2.", "      ", " . 3 5", "      ", "     .", "     .", "   . 3", "   3 ."]


def allowed_at(level: Level, point: int) -> list[list[Line]]:
    """Per number, the lines still possible after ``point`` layers, from the solver's public trace."""
    result = solve(level, trace=True)
    lines = [list(ls) for ls in number_lines(level)]
    for layer in result.layers[:point]:
        for p, line in layer.dropped:
            if line in lines[p]:
                lines[p].remove(line)
    if point:
        owner = result.layers[point - 1].owner
        owned = {(r, c): int(owner[r, c]) for r in range(level.height) for c in range(level.width) if owner[r, c] >= 0}
    else:
        owned = {n.cell: p for p, n in enumerate(level.numbers)}
    return [[ln for ln in ls if all(owned.get(c, p) == p for c in line_cells(ln))] for p, ls in enumerate(lines)]


def verify_general_leak(level: Level, leak: Leak) -> None:
    """Assert what a general leak claims, using only the exact solver.

    The line is possible at its point and not in the only solution; taking it, the witness numbers
    form a part of the board no other number can touch; that part alone has 2+ completions.
    """
    assert leak.kind == "general" and leak.line is not None and leak.number is not None
    p = level.number_index(*leak.number)
    allowed = allowed_at(level, leak.point)
    assert leak.line in allowed[p]
    # No sound rule removes it at that point: in particular the solver's next layer, if sound, keeps it.
    layers = solve(level, trace=True).layers
    if leak.point < len(layers) and not layers[leak.point].kind.is_leak:
        assert (p, leak.line) not in layers[leak.point].dropped
    only = count_solutions(level, limit=2)
    assert only.count == 1 and only.solutions[0][p] != leak.line
    with_x = [list(ls) for ls in allowed]
    with_x[p] = [leak.line]
    assert count_solutions(level, limit=2, allowed=with_x).count != 1
    taken = set(line_cells(leak.line))
    group = [level.number_index(*cell) for cell in leak.witness]
    assert group and p not in group
    free = {q: [ln for ln in allowed[q] if not taken & set(line_cells(ln))] for q in range(len(level.numbers)) if q != p}
    reach = {c for q in group for ln in free[q] for c in line_cells(ln)}
    for q, lines in free.items():
        if q not in group:
            assert not reach & {c for ln in lines for c in line_cells(ln)}, "the witness part is not independent"
    sub = Level(
        level.height, level.width, tuple(level.numbers[q] for q in group),
        frozenset(d for d in level.dots if d in reach and d not in taken),
    )
    assert count_solutions(sub, limit=2, allowed=[free[q] for q in group]).count >= 2

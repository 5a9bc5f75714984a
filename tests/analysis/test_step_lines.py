"""A step's lines are what the solver's state knows after it: at "solved", the solution.

Checked against a derivation of its own: every number's lines, less those the
layers dropped and those over cells others claimed (``helpers.allowed_at``'s
method, run once per level), and the cells all the rest share.
"""

from __future__ import annotations

from typing import Callable

from linjat_editor.core import Level, Line, line_cells, solve
from linjat_editor.core.analysis import analyze, explain
from linjat_editor.core.exact import number_lines

#: A square lesson (`linjat generate --teach square --size 6x6 --numbers 6 --seed 1 --iterations 2000`).
#: After its last step the deduction has solved it, yet only rows 1-3 of the 4 at row 2, column 1
#: were claimed: a drawing of the claimed cells showed that 4 "still short".
SQUARE_LESSON = [". .5 .", "4 ..  ", ". 5. .", "  .. 4", " 1    ", "     1"]


def _span(cells: set[tuple[int, int]]) -> Line:
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    return (min(rows), min(cols), max(rows), max(cols))


def known_per_point(level: Level) -> list[tuple[Line, ...]]:
    """Per point of the deduction (start, then after each layer): per number, the span of the cells
    every line still possible for it covers."""
    result = solve(level, trace=True)
    lines = [list(ls) for ls in number_lines(level)]
    out = []
    for point in range(len(result.layers) + 1):
        if point:
            layer = result.layers[point - 1]
            for p, line in layer.dropped:
                lines[p].remove(line)
            owner = layer.owner
            owned = {(r, c): int(owner[r, c]) for r in range(level.height) for c in range(level.width) if owner[r, c] >= 0}
        else:
            owned = {}
        known = []
        for p, n in enumerate(level.numbers):
            possible = [ln for ln in lines[p] if all(owned.get(c, p) == p for c in line_cells(ln))]
            common = set(line_cells(possible[0])) if possible else {n.cell}
            for ln in possible[1:]:
                common &= set(line_cells(ln))
            known.append(_span(common))
        out.append(tuple(known))
    return out


def test_the_square_lesson_at_solved_is_its_solution() -> None:
    level = Level.from_rows(SQUARE_LESSON)
    report = analyze(level)
    assert report.solved and report.lines is not None
    last = report.steps[-1]
    assert last.lines == report.lines
    four = level.number_index(1, 0)
    assert last.lines[four] == (0, 0, 3, 0)  # the whole 4, not the three claimed cells


def test_every_step_of_every_published_level_knows_what_its_state_knows(
        corpus_levels: Callable[[str], list[Level]]) -> None:
    checked = 0
    for tier in ("tutorial", "easy", "medium", "hard", "expert"):
        for level in corpus_levels(tier):
            steps = explain(level)
            points = known_per_point(level)
            assert len(points) == len(steps) + 1
            for k, step in enumerate(steps, 1):
                assert step.lines == points[k], (tier, level.rows(), k)
                assert step.grew == {p for p in range(len(level.numbers)) if points[k][p] != points[k - 1][p]}
                checked += 1
            result = solve(level)
            if result.solved:
                assert steps[-1].lines == result.lines, (tier, level.rows())
    assert checked > 5000

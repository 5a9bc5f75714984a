"""Where testers paused: the time before each deduction step, read from a playtest's line changes."""

from __future__ import annotations

from typing import Callable

from linjat_editor.core import solve
from linjat_editor.core.analysis import explain
from linjat_editor.core.analysis.pauses import median_pauses, step_pauses
from linjat_editor.core.level import Level


def solution_owner(lines: tuple, cell: tuple[int, int]) -> int:
    """The number whose line in the solution covers ``cell`` (solution lines never share a cell)."""
    return next(i for i, (r1, c1, r2, c2) in enumerate(lines) if r1 <= cell[0] <= r2 and c1 <= cell[1] <= c2)


def playthrough(level: Level, gap_ms: Callable[[int], int]) -> tuple[list[list[int]], list[int]]:
    """A player who draws each number's whole line, in the order the solve first claims for it, ``gap_ms(k)`` apart.

    Returns the events and the step at which each line went down.
    """
    lines = solve(level).lines
    assert lines is not None
    order: list[int] = []
    for step in explain(level):
        for cell in step.cells:
            n = solution_owner(lines, cell)
            if n not in order:
                order.append(n)
    events, t = [], 0
    for k, n in enumerate(order):
        t += gap_ms(k)
        events.append([t, n, *lines[n]])
    return events, order


def test_pauses_add_up_to_the_playthrough_and_stall_where_the_player_stalled(corpus_levels) -> None:
    level = next(lv for lv in corpus_levels("medium") if solve(lv).solved)
    steps = explain(level)
    events, _ = playthrough(level, lambda k: 60_000 if k == 3 else 2_000)  # a long think before the 4th line
    pauses = step_pauses(steps, events)
    assert None not in pauses and all(p >= 0 for p in pauses)
    assert abs(sum(pauses) - events[-1][0] / 1000) < 1e-9  # every second is before some step
    stalled = max(range(len(steps)), key=lambda k: pauses[k])
    assert pauses[stalled] >= 60  # the long think is before the step that needed that line first
    claimed_by = {solution_owner(solve(level).lines, c) for c in steps[stalled].cells}
    assert events[3][1] in claimed_by


def test_a_reset_clears_the_lines_and_a_give_up_leaves_the_rest_unknown(corpus_levels) -> None:
    level = next(lv for lv in corpus_levels("easy") if solve(lv).solved)
    steps = explain(level)
    events, _ = playthrough(level, lambda k: 1_000)
    # Every line but the last, the board started over, then every line again: the last steps wait for the redraw.
    again = [[e[0] + 100_000, *e[1:]] for e in events]
    pauses = step_pauses(steps, events[:-1] + [[50_000]] + again)
    assert abs(sum(pauses) - again[-1][0] / 1000) < 1e-9
    assert step_pauses(steps, events[:-1] + again)[:1] == pauses[:1]
    half = events[: len(events) // 2]  # then gave up
    pauses = step_pauses(steps, half)
    assert pauses[0] is not None and pauses[-1] is None
    medians, runs = median_pauses(steps, [{"events": events}, {"events": half}, {"seconds": 3}])
    assert runs == 2 and medians[0] == step_pauses(steps, events)[0] and medians[-1] == step_pauses(steps, events)[-1]

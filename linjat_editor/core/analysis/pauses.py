"""Where testers paused: the time a player spent before each deduction step, from a playtest's line changes.

A step is *made* once the player's lines cover every cell the step claims,
each by the number that claims it (the one whose known line after the step,
``Step.lines``, covers the cell: no two numbers' known lines share a cell). Steps are counted in
the solver's order: step k is *reached* when it and every step before it have
been made, and the pause before it is the time from reaching step k-1 to
reaching step k. A player who draws a whole line at once makes several steps
together: the later ones then show no pause, the first the whole thought. A
reset clears the lines; a step made before it stays made (the player found it once).

Events are the playtest page's records (``io/playtest_results.py``):
``[t_ms, number, r1, c1, r2, c2]`` a line drawn, ``[t_ms, number]`` a line
taken away, ``[t_ms]`` the board started over.

>>> from linjat_editor.core.level import Level
>>> from linjat_editor.core.analysis.steps import explain
>>> steps = explain(Level.from_rows(["    ", "    ", ".  4", "    "]))
>>> step_pauses(steps, [[4000, 0, 2, 0, 2, 3]])
[4.0]
"""

from __future__ import annotations

import statistics
from typing import Any, Mapping, Sequence

from ..level import Cell, Line, line_covers
from .steps import Step


def _claimer(step: Step, cell: Cell) -> int:
    """The number that claims ``cell`` in ``step``: the one whose known line covers it."""
    return next(i for i, line in enumerate(step.lines) if line is not None and line_covers(line, cell))


def step_pauses(steps: Sequence[Step], events: Sequence[Sequence[int]]) -> list[float | None]:
    """Seconds before each step in one playthrough (None from the first step the player never made)."""
    needs = [[(cell, _claimer(step, cell)) for cell in step.cells] for step in steps]
    made: list[float | None] = [None if need else 0.0 for need in needs]  # a step claiming no cell waits for none
    lines: dict[int, Line] = {}
    for event in events:
        if len(event) == 1:
            lines.clear()
        elif len(event) == 2:
            lines.pop(int(event[1]), None)
        else:
            r1, c1, r2, c2 = (int(x) for x in event[2:6])
            lines[int(event[1])] = (min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))
        for k, need in enumerate(needs):
            if made[k] is None and need and all(n in lines and line_covers(lines[n], cell) for cell, n in need):
                made[k] = event[0] / 1000.0
    out: list[float | None] = []
    reached = 0.0
    for t in made:
        if t is None or (out and out[-1] is None):
            out.append(None)
            continue
        now = max(reached, t)
        out.append(now - reached)
        reached = now
    return out


def median_pauses(steps: Sequence[Step], playtests: Sequence[Mapping[str, Any]]) -> tuple[list[float | None], int]:
    """The median pause before each step over the playtests that recorded their lines, and how many did."""
    runs = [step_pauses(steps, p["events"]) for p in playtests if isinstance(p.get("events"), list) and p["events"]]
    medians: list[float | None] = []
    for k in range(len(steps)):
        values = [p for run in runs if (p := run[k]) is not None]
        medians.append(float(statistics.median(values)) if values else None)
    return medians, len(runs)

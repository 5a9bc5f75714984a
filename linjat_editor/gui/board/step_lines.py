"""A step's lines for the board's overlay, as the step carries them from the solver's trace.

The overlay's data classes live beside the painter (:mod:`linjat_editor.render.marks`).
"""

from __future__ import annotations

from linjat_editor.core.level import Line, Number
from linjat_editor.render.marks import StepLine


def known_lines(numbers: tuple[Number, ...], lines: tuple[Line, ...], grew: frozenset[int]) -> tuple[StepLine, ...]:
    """One :class:`StepLine` per number: ``lines`` are what the solver knows each number covers
    (``Step.lines``), ``grew`` the indices of the numbers whose line grew in the step."""
    out = []
    for i, (n, line) in enumerate(zip(numbers, lines)):
        length = max(line[2] - line[0], line[3] - line[1]) + 1
        out.append(StepLine(line, length >= n.value, i in grew))
    return tuple(out)

"""Turning a :class:`Level` into the flat arrays the kernels work on."""

from __future__ import annotations

import numpy as np

from .kernels.board import allocate
from .level import Level, LevelError, Line

#: The solver keeps "which numbers can reach this cell" as a 64-bit mask.
MAX_NUMBERS = 64


def check_engine_limits(level: Level) -> None:
    """Raise :class:`LevelError` for a level the engine cannot take (every verb refuses it alike)."""
    if len(level.numbers) > MAX_NUMBERS:
        raise LevelError(f"{len(level.numbers)} numbers: the engine handles at most {MAX_NUMBERS}")


def level_arrays(level: Level) -> dict[str, np.ndarray]:
    """Kernel arrays for ``level`` (placements not built yet)."""
    check_engine_limits(level)
    w = level.width
    a = allocate(level.height, w, len(level.numbers))
    for i, n in enumerate(level.numbers):
        a["pos"][i] = n.row * w + n.col
        a["val"][i] = n.value
    for r, c in level.dots:
        a["dot"][r * w + c] = True
    return a


def placement_line(start: int, step: int, length: int, width: int) -> Line:
    """The (row1, col1, row2, col2) line of a kernel placement."""
    end = start + (length - 1) * step
    return (start // width, start % width, end // width, end % width)

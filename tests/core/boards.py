"""Helpers for tests that drive the generator's kernels step by step."""

from __future__ import annotations

import numpy as np

from linjat_editor.core.kernels.board import Board


def clone(b: Board) -> Board:
    """An independent copy of a board (every array copied)."""
    return Board._make(x.copy() if isinstance(x, np.ndarray) else x for x in b)

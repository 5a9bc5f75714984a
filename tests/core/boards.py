"""Helpers for tests that drive the generator's kernels step by step."""

from __future__ import annotations

from linjat_editor.core.kernels.board import Board


def clone(b: Board) -> Board:
    """An independent copy of a board (every array copied)."""
    return b.with_arrays(**{name: getattr(b, name).copy() for name in Board.array_fields()})

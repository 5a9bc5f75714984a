"""A kernel run as Python hands its answer to Python as the compiled kernel does: ``float``, not ``np.float64``.

A kernel's Python computes with numpy's scalars; compiled, numba returns
Python's own (``json`` takes them, ``repr`` shows them plainly).
"""

from __future__ import annotations

from linjat_editor.core import PRESETS, Level
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.optimize import objective_value, score_board

from .python_tier import assert_same, both

LEVEL = Level.from_rows([" 2.", "   ", ".2 "])


def test_answers_reach_python_as_compiled() -> None:
    weights = PRESETS["expert"].as_array()

    def run() -> tuple[float, float]:
        board = from_level(LEVEL)
        return score_board(board, weights), objective_value(board.table, board.layers, weights)

    compiled, python, calls = both(run)
    assert {"score_board", "objective_value"} <= set(calls)
    assert_same(compiled, python)
    assert type(compiled[0]) is float

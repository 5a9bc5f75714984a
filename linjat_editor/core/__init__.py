"""The engine: level model, human-style and exact solvers, generator, optimizer, scoring.

Pure Python, numpy and numba; never imports Qt. See ``docs/engine-api.md``.

>>> from linjat_editor.core import Level, solve, count_solutions
>>> level = Level.from_rows(["    ", "    ", ".  4", "    "])
>>> solve(level).lines, count_solutions(level).count
(((2, 0, 2, 3),), 1)
"""

from .classification import Classification, KindStats
from .exact import ExactResult, count_solutions
from .generator import FillResult, fill_dots, random_level
from .kinds import TRY_ORDER, Kind
from .level import MAX_SIDE, MAX_VALUE, Cell, Level, LevelError, Line, Number, line_cells
from .optimizer import Optimizer, PoolEntry, Progress, default_workers, first_level, generate
from .scoring import PRESETS, SELECTION, TIERS, Tier, Weights, preset, score, selection_score
from .solver import Layer, SolveResult, classify, solve

__all__ = [
    "Cell", "Classification", "ExactResult", "FillResult", "Kind", "KindStats", "Layer", "Level",
    "LevelError", "Line", "MAX_SIDE", "MAX_VALUE", "Number", "Optimizer", "PRESETS", "PoolEntry",
    "Progress", "SELECTION", "SolveResult", "TIERS", "TRY_ORDER", "Tier", "Weights", "classify",
    "count_solutions", "default_workers", "fill_dots", "first_level", "generate", "line_cells", "preset",
    "random_level", "score", "selection_score", "solve",
]

"""The engine: level model, human-style and exact solvers, generator, optimizer, scoring.

Pure Python, numpy and numba; never imports Qt. See ``docs/engine-api.md``.

>>> from linjat_editor.core import Level, solve, count_solutions
>>> level = Level.from_rows(["    ", "    ", ".  4", "    "])
>>> solve(level).lines, count_solutions(level).count
(((2, 0, 2, 3),), 1)

The names below load on first use (PEP 562): importing ``linjat_editor.core.level``
alone, as the file formats do, must not load numba or compile the kernels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

#: Public name -> the submodule that defines it.
_HOME = {
    "Classification": "classification", "KindStats": "classification",
    "ExactResult": "exact", "count_solutions": "exact",
    "FillResult": "generator", "fill_dots": "generator", "random_level": "generator",
    "TRY_ORDER": "kinds", "Kind": "kinds",
    "MAX_SIDE": "level", "MAX_VALUE": "level", "Cell": "level", "Level": "level", "LevelError": "level",
    "Line": "level", "Number": "level", "line_cells": "level",
    "Optimizer": "optimizer", "PoolEntry": "optimizer", "Progress": "optimizer", "first_level": "optimizer",
    "generate": "optimizer", "default_workers": "optimizer", "polish_dots": "polish",
    "PRESETS": "scoring", "SELECTION": "scoring", "TIERS": "scoring", "Tier": "scoring", "Weights": "scoring",
    "preset": "scoring", "score": "scoring", "selection_score": "scoring",
    "Layer": "solver", "SolveResult": "solver", "SolveStatus": "solver", "classify": "solver", "solve": "solver",
}

__all__ = sorted(_HOME)

if TYPE_CHECKING:
    from .classification import Classification, KindStats
    from .exact import ExactResult, count_solutions
    from .generator import FillResult, fill_dots, random_level
    from .kinds import TRY_ORDER, Kind
    from .level import MAX_SIDE, MAX_VALUE, Cell, Level, LevelError, Line, Number, line_cells
    from .optimizer import Optimizer, PoolEntry, Progress, default_workers, first_level, generate
    from .polish import polish_dots
    from .scoring import PRESETS, SELECTION, TIERS, Tier, Weights, preset, score, selection_score
    from .solver import Layer, SolveResult, SolveStatus, classify, solve


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals())

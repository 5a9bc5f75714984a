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
    "Optimizer": "optimizer", "PoolEntry": "optimizer", "Progress": "optimizer", "first_level": "starts",
    "generate": "optimizer", "default_workers": "limits", "polish_dots": "polish",
    "PRESETS": "scoring", "SELECTION": "scoring", "TIERS": "scoring", "Tier": "scoring", "Weights": "scoring",
    "preset": "scoring", "score": "scoring", "selection_score": "scoring",
    "Layer": "solver", "SolveResult": "solver", "SolveStatus": "solver", "classify": "solver", "solve": "solver",
}

__all__ = sorted(_HOME)

if TYPE_CHECKING:  # each name re-exported as itself, for type checkers (strict: no implicit re-export)
    from .classification import (
        Classification as Classification, KindStats as KindStats,
    )
    from .exact import (
        ExactResult as ExactResult, count_solutions as count_solutions,
    )
    from .generator import (
        FillResult as FillResult, fill_dots as fill_dots, random_level as random_level,
    )
    from .kinds import (
        TRY_ORDER as TRY_ORDER, Kind as Kind,
    )
    from .level import (
        MAX_SIDE as MAX_SIDE, MAX_VALUE as MAX_VALUE, Cell as Cell, Level as Level, LevelError as LevelError, Line as Line, Number as Number, line_cells as line_cells,
    )
    from .limits import (
        default_workers as default_workers,
    )
    from .optimizer import (
        Optimizer as Optimizer, PoolEntry as PoolEntry, Progress as Progress, generate as generate,
    )
    from .polish import (
        polish_dots as polish_dots,
    )
    from .starts import (
        first_level as first_level,
    )
    from .scoring import (
        PRESETS as PRESETS, SELECTION as SELECTION, TIERS as TIERS, Tier as Tier, Weights as Weights, preset as preset, score as score, selection_score as selection_score,
    )
    from .solver import (
        Layer as Layer, SolveResult as SolveResult, SolveStatus as SolveStatus, classify as classify, solve as solve,
    )


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals())

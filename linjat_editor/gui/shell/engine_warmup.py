"""Load (or, on the first start after an install, compile) the engine's kernels before the designer needs them.

The first start compiles for a minute or two; without this the editor looked
frozen while the status bar said "Ready". Runs on a worker; the window shows
a busy bar and keeps engine actions off until it is done.
"""

from __future__ import annotations

import time

from linjat_editor.core.level import Level

#: A small level that takes every kernel family through its paces: solve, count, analyse, fill, polish, optimize.
_SAMPLE = Level.from_rows([" 2  ", "   3", "3   ", "  2 "])


def warm_up() -> float:
    """Touch every kernel family once; returns the seconds it took."""
    from linjat_editor import core
    from linjat_editor.core.analysis import analyze

    start = time.perf_counter()
    core.solve(_SAMPLE, trace=True)
    analyze(_SAMPLE, core.PRESETS["easy"])
    filled = core.fill_dots(_SAMPLE.without_dots(), seed=0).level
    core.polish_dots(filled, core.PRESETS["easy"], 2, seed=0)
    core.Optimizer(_SAMPLE, core.PRESETS["easy"], seed=0).run(2)
    return time.perf_counter() - start

"""Make the engine's kernels ready in this process while the designer already works with them.

On a first start (nothing compiled yet for this version of the kernels) the
engine answers at once from the kernels' plain Python (``core/jit/tier.py``),
slower, while a detached low-priority process compiles every family
(``core/jit/background_compile.py``); the warm-up loads each family into the editor
as soon as it is compiled, so the engine speeds up while the designer works, and
the next start finds it all done. Where no background compile can run (the built
app, no writable cache) the warm-up compiles here instead (``core/jit/warmup.py``),
the engine still answering as Python meanwhile. A later start only loads.

So nothing waits for the warm-up: every engine action works from the start, and
the window only shows how far the compile is.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from linjat_editor.core.jit import background_compile, warmup
from linjat_editor.core.jit import tier

#: What the status bar says first on a first start: the truth in one short line.
FIRST_START = "First start: compiling the engine in the background; everything works meanwhile, slower"
#: How long the background compile may be gone, its families unfinished, before the warm-up compiles them here
#: (it died). Checked this seldom, so the check never races the compile's own start for its lock.
GONE_S = 30.0


def first_start() -> bool:
    """True on a first start; then the Python tier goes on, in this thread, before any engine work is started.

    Turned on here rather than in the warm-up's thread, so an analysis requested
    at the same moment cannot start compiling where it runs first.
    """
    if warmup.compiled():
        return False
    tier.interpret()
    return True


def warm_up(job: Any = None, first: bool = False) -> float:
    """Make every kernel family ready here; reports each ``core.warmup.Progress`` to ``job``; returns the seconds it took.

    On a first start (``first``, after ``first_start()``) it follows the
    background compile, or compiles here where none can run, and turns the
    Python tier off when it ends: by then every family is loaded (or the window
    closed, or loading failed, and the engine compiles where it is called, as
    numba does).
    """
    report = job.progress if job is not None else None
    cancelled: Callable[[], bool] = job.cancelled if job is not None else lambda: False
    started = time.perf_counter()
    if not first:
        warmup.prepare(on_ready=report, cancelled=cancelled)  # everything cached: only loads
        return time.perf_counter() - started
    try:
        if background_compile.start():
            background_compile.follow(on_ready=report, cancelled=_or_gone(cancelled))
        if not cancelled() and not warmup.compiled():  # no background compile, or it ended half done
            warmup.prepare(on_ready=report, cancelled=cancelled)
    finally:
        tier.interpret(False)
    return time.perf_counter() - started


def _or_gone(cancelled: Callable[[], bool]) -> Callable[[], bool]:
    """``cancelled``, or true once the background compile has gone without finishing (looked at every ``GONE_S``)."""
    checked = time.monotonic()

    def stop() -> bool:
        nonlocal checked
        if cancelled():
            return True
        if time.monotonic() - checked < GONE_S:
            return False
        checked = time.monotonic()
        return not background_compile.running()

    return stop

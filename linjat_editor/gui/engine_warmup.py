"""Load (or, on the first start after an install, compile) the engine's kernels before the designer needs them.

The families of kernels (``core/warmup.py``) come ready one by one; the window
shows which and how many, with an estimate, and enables each engine action as
soon as its own family is ready. Without this the editor looked frozen while
the status bar said "Ready".

Other background work that runs the engine (the live analysis) waits here for
its family instead of compiling the same kernels a second time beside the
compiling processes.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

#: Families ready in this process; set from the warm-up's thread.
_READY: dict[str, threading.Event] = {}
_LOCK = threading.Lock()
#: True while a warm-up runs: only then is there anything to wait for.
_RUNNING = threading.Event()
#: The running warm-up's cancel flag (its window closed): then nobody waits on it.
_CANCELLED: list[Callable[[], bool]] = []


def _event(family: str) -> threading.Event:
    with _LOCK:
        return _READY.setdefault(family, threading.Event())


def _warm_up_cancelled() -> bool:
    return any(cancelled() for cancelled in list(_CANCELLED))


def wait_for(family: str, timeout: float = 600.0) -> None:
    """Block this (worker) thread until ``family`` is ready, if a warm-up is preparing it.

    Not once that warm-up is cancelled: it stops only between families, so a
    family it was compiling could keep the caller waiting for minutes for
    kernels nobody will hand over; the caller then loads them where it is.
    """
    ready = _event(family)
    deadline = time.monotonic() + timeout
    while _RUNNING.is_set() and not _warm_up_cancelled():
        left = deadline - time.monotonic()
        if left <= 0 or ready.wait(min(left, 0.1)):
            return


def warm_up(job: Any = None) -> float:
    """Make every kernel family ready; reports each ``core.warmup.Progress`` to ``job``; returns the seconds it took."""
    from linjat_editor.core import warmup

    def ready(progress: warmup.Progress) -> None:
        _event(progress.ready).set()
        if job is not None:
            job.progress(progress)

    cancelled = job.cancelled if job is not None else lambda: False
    _CANCELLED[:] = [cancelled]
    _RUNNING.set()
    started = time.perf_counter()
    try:
        warmup.prepare(on_ready=ready, cancelled=cancelled)
    finally:
        _RUNNING.clear()
        _CANCELLED.clear()
        for family in warmup.BY_NAME:
            _event(family).set()  # nobody waits on a failed warm-up: the engine compiles where it is called
    return time.perf_counter() - started

"""Run ``core.Optimizer`` in a QThread: start, pause (cancel, keep the pool), resume, stop.

The engine's kernels release the GIL and return every few tens of
milliseconds, so the GUI thread stays free; progress arrives as queued
signals. The optimizer itself is built in the worker too, because seeding its
pool (classify, count, maybe fill dots, first numba compile) can take a while.
"""

from __future__ import annotations

import threading
import time
import traceback
from typing import Any, Callable, Collection

from PySide6.QtCore import QObject, QThread, Signal

from linjat_editor.core.level import Cell, Level

IDLE, RUNNING, PAUSED, FINISHED, STOPPED = "idle", "running", "paused", "finished", "stopped"


class _RunThread(QThread):
    progressed = Signal(object)  # core.Progress
    failed = Signal(str)

    def __init__(self, make: Callable[[], Any], iterations: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.make, self.iterations = make, iterations
        self.optimizer: Any = None
        self.ran = 0
        self.error = ""
        # Checked by the engine between chunks, and before the run starts, so a
        # pause or stop is honoured even while the optimizer is still being built.
        self.stop_early = threading.Event()

    def run(self) -> None:
        try:
            self.optimizer = self.make()
            if not self.stop_early.is_set():
                self.ran = self.optimizer.run(self.iterations, progress=self.progressed.emit,
                                              should_stop=self.stop_early.is_set)
        except Exception as exc:  # shown in the panel; never kills the app
            traceback.print_exc()
            self.error = f"{type(exc).__name__}: {exc}"
            self.failed.emit(self.error)


class OptimizerRunner(QObject):
    """One optimization session over a level; the pool survives pauses."""

    #: (iterations done in the session, total, best score, pool scores, iterations per second)
    progressed = Signal(int, int, float, object, float)
    #: The pool changed: a list of core.PoolEntry, best first (throttled while running).
    poolChanged = Signal(object)
    stateChanged = Signal(str)
    failed = Signal(str)

    POOL_EVERY = 0.5  # seconds between pool refreshes while running: thumbnails are not free

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = IDLE
        self.optimizer: Any = None
        self.total = 0
        self.done = 0  # iterations finished in this session, over all runs
        self._base = 0  # iterations done before the current run
        self._thread: _RunThread | None = None
        self._last_pool = 0.0

    # -- control -------------------------------------------------------------

    def start(self, level: Level, weights: Any, iterations: int, seed: int | None = None,
              fixed: Collection[Cell] = ()) -> None:
        """A new session from ``level`` (its numbers; pinned dots kept)."""
        from linjat_editor.core import Optimizer

        self.stop()
        self.optimizer, self.total, self.done, self._base = None, iterations, 0, 0
        fixed = frozenset(fixed)
        self._launch(lambda: Optimizer(level, weights, seed=seed, fixed=fixed), iterations)

    def pause(self) -> None:
        """Stop the run after its current chunk; the pool is kept for :meth:`resume`."""
        if self.state == RUNNING and self._thread is not None:
            self._thread.stop_early.set()
            self._set_state(PAUSED)

    def resume(self) -> None:
        """Run again from the pool for the iterations still left."""
        if self.state != PAUSED or self.is_busy():
            return
        if self.optimizer is None:  # paused before the optimizer existed: build it again
            self._launch(self._thread.make, self.total)  # type: ignore[union-attr]
            return
        opt = self.optimizer
        self._base = self.done
        self._launch(lambda: opt, max(1, self.total - self.done))

    def stop(self, wait_ms: int = 10_000) -> bool:
        """End the session (the pool stays visible); waits for the worker. False if it did not end."""
        if self._thread is not None:
            self._thread.stop_early.set()
        ok = self.wait(wait_ms)
        if self.state in (RUNNING, PAUSED):
            self._set_state(STOPPED)
        return ok

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until the worker thread has ended."""
        return self._thread is None or self._thread.wait(max(1, msecs))

    def is_busy(self) -> bool:
        return self._thread is not None and self._thread.isRunning()

    # -- internals -------------------------------------------------------------

    def _launch(self, make: Callable[[], Any], iterations: int) -> None:
        thread = _RunThread(make, iterations, self)
        thread.progressed.connect(self._on_progress)
        thread.failed.connect(self.failed)
        thread.finished.connect(lambda t=thread: self._on_finished(t))
        self._thread = thread
        self._set_state(RUNNING)
        thread.start()

    def _on_progress(self, p: Any) -> None:
        thread = self._thread
        if thread is not None and thread.optimizer is not None:
            self.optimizer = thread.optimizer
        self.done = self._base + int(p.iteration)
        self.progressed.emit(self.done, self.total, float(p.best_score), tuple(p.pool_scores), float(p.rate))
        now = time.monotonic()
        if now - self._last_pool >= self.POOL_EVERY and self.optimizer is not None:
            self._last_pool = now
            self.poolChanged.emit(self.optimizer.pool)

    def _on_finished(self, thread: _RunThread) -> None:
        if thread is not self._thread:
            return
        if thread.optimizer is not None:
            self.optimizer = thread.optimizer
            self.done = self._base + thread.ran
            self.poolChanged.emit(self.optimizer.pool)
        if self.state == RUNNING:  # ended by itself: budget used up, or an error
            self._set_state(STOPPED if thread.error else FINISHED)

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.stateChanged.emit(state)

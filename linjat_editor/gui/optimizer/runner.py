"""Run ``core.Optimizer`` on a :class:`~linjat_editor.gui.workers.Worker`: start, pause (cancel, keep the pool), resume, stop.

The engine's kernels release the GIL and return every few tens of
milliseconds, so the GUI thread stays free; progress arrives as queued
signals. The optimizer itself is built in the worker too, because seeding its
pool (classify, count, maybe fill dots, first numba compile) can take a while.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Callable, Collection

from PySide6.QtCore import QObject, Signal

from linjat_editor.core.level import Cell, Level
from linjat_editor.gui.workers import Job, Worker

if TYPE_CHECKING:  # the engine loads when a run starts, not when the dock is built
    from linjat_editor.core.optimizer import Optimizer, Progress
    from linjat_editor.core.objective import Objective
    from linjat_editor.core.scoring import Weights


class RunState(StrEnum):
    """Where a session is; the panel's buttons and status line follow it."""

    IDLE = "idle"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    STOPPED = "stopped"



def with_scores(p: Progress, pool: list) -> Progress:
    """Report ``p`` with the scores of ``pool`` (core.PoolEntry, best first), read after ``p`` was made."""
    scores = tuple(e.score for e in pool)
    return replace(p, best_score=scores[0] if scores else math.nan, pool_scores=scores)


class _Run:
    """One run of the optimizer on the worker; the optimizer is built there too."""

    def __init__(self, make: Callable[[], Optimizer], iterations: int) -> None:
        self.make, self.iterations = make, iterations
        self.optimizer: Optimizer | None = None
        self.ran = 0

    def __call__(self, job: Job) -> "_Run":
        optimizer = self.optimizer = self.make()
        if not job.cancelled():  # a pause or stop is honoured even while the optimizer is being built
            self.ran = optimizer.run(self.iterations, progress=job.progress, should_stop=job.cancelled)
        return self


class OptimizerRunner(QObject):
    """One optimization session over a level; the pool survives pauses."""

    #: A core ``Progress`` of the whole session: iterations done over all its runs, of its total.
    progressed = Signal(object)  # Signal(object): a Progress travels, a Python object Qt has no type for
    #: The pool changed: a list of core.PoolEntry, best first (throttled while running).
    poolChanged = Signal(list)
    #: Carries the new :class:`RunState`.
    stateChanged = Signal(str)
    failed = Signal(str)

    POOL_EVERY = 0.5  # seconds between pool refreshes while running: thumbnails are not free

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = RunState.IDLE
        self.optimizer: Optimizer | None = None
        self.total = 0
        self.done = 0  # iterations finished in this session, over all runs
        self._base = 0  # iterations done before the current run
        self._run: _Run | None = None
        self._job: Job | None = None
        self._error = ""
        self._last_pool = 0.0
        self._last: Progress | None = None  # the last report, as the panel got it
        self.worker = Worker(self)
        self.worker.progressed.connect(self._on_progress)
        self.worker.failed.connect(self._on_failed)
        self.worker.busyChanged.connect(self._on_busy_changed)

    # -- control -------------------------------------------------------------

    def start(self, level: Level, weights: Weights | Objective, iterations: int, seed: int | None = None,
              fixed: Collection[Cell] = (), workers: int = 1) -> None:
        """A new session from ``level`` (its numbers; pinned dots kept), on ``workers`` islands (threads)."""
        from linjat_editor.core import Optimizer

        self.stop()
        self.optimizer, self.total, self.done, self._base, self._last = None, iterations, 0, 0, None
        fixed = frozenset(fixed)
        self._launch(lambda: Optimizer(level, weights, seed=seed, fixed=fixed, workers=workers), iterations)

    def pause(self) -> None:
        """Stop the run after its current chunk; the pool is kept for :meth:`resume`."""
        if self.state == RunState.RUNNING:
            self.worker.cancel()
            self._set_state(RunState.PAUSED)

    def resume(self) -> None:
        """Run again from the pool for the iterations still left."""
        if self.state != RunState.PAUSED or self.is_busy() or self._run is None:
            return
        if self.optimizer is None:  # paused before the optimizer existed: build it again
            self._launch(self._run.make, self.total)
            return
        opt = self.optimizer
        self._base = self.done
        self._launch(lambda: opt, max(1, self.total - self.done))

    def stop(self, wait_ms: int = 10_000) -> bool:
        """End the session (the pool stays visible); waits for the worker. False if it did not end."""
        self.worker.cancel()
        ok = self.wait(wait_ms)
        if self.state in (RunState.RUNNING, RunState.PAUSED):
            self._set_state(RunState.STOPPED)
        return ok

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until the worker thread has ended."""
        return self.worker.wait(max(1, msecs))

    def is_busy(self) -> bool:
        return self.worker.pool.activeThreadCount() > 0

    # -- internals -------------------------------------------------------------

    def _launch(self, make: Callable[[], Optimizer], iterations: int) -> None:
        self._run, self._error = _Run(make, iterations), ""
        self._set_state(RunState.RUNNING)
        self._job = self.worker.start(self._run)

    def _on_progress(self, p: Progress) -> None:
        run = self._run
        if run is not None and run.optimizer is not None:
            self.optimizer = run.optimizer
        self.done = self._base + p.iteration
        pool = None
        now = time.monotonic()
        if now - self._last_pool >= self.POOL_EVERY and self.optimizer is not None:
            self._last_pool = now
            pool = self.optimizer.pool
            # The report was made on the worker, the pool is read now and may be newer: the best the
            # panel says is the pool's own #1, never a score behind it.
            p = with_scores(p, pool)
        self._last = p = replace(p, iteration=self.done, total=self.total)
        self.progressed.emit(p)
        if pool is not None:
            self.poolChanged.emit(pool)

    def _on_failed(self, message: str) -> None:
        self._error = message
        self.failed.emit(message)

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:
            self._on_finished()

    def _on_finished(self) -> None:
        run = self._run
        if run is not None and run.optimizer is not None:
            self.optimizer = run.optimizer
            self.done = self._base + run.ran
            pool = self.optimizer.pool
            if self._last is not None:
                # the last report may be older than the run's last chunk: the panel's line ends on the pool's best
                now = replace(with_scores(self._last, pool), iteration=self.done)
                if now != self._last:
                    self._last = now
                    self.progressed.emit(now)
            self.poolChanged.emit(pool)
        if self.state == RunState.RUNNING:  # not paused: budget used up, an error, or stopped from outside (closing)
            cancelled = self._job is not None and self._job.cancelled()
            self._set_state(RunState.STOPPED if self._error or cancelled else RunState.FINISHED)

    def _set_state(self, state: RunState) -> None:
        if state != self.state:
            self.state = state
            self.stateChanged.emit(state)

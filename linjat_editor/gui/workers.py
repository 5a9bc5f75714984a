"""Background work for the editor, one pattern for all of it: the board never waits on the engine.

A :class:`Worker` runs one job at a time on its own thread. A job is a plain
function ``fn(job)`` that may call ``job.progress(value)`` and should look at
``job.cancelled()`` between chunks of work; the worker reports ``progressed``,
``finished`` (the return value), ``failed`` (one line) and ``busyChanged`` in
the GUI thread. :class:`LatestRunner` adds debouncing and newest-wins on top
(the live analysis, the generator).

Every worker is listed here, so :func:`stop_all` is the one place that stops
them all when the editor closes. Engine kernels cannot be interrupted in the
middle of a call (an exact count on a big board can take a while), so
``stop_all`` waits a bounded time and says whether everything stopped; the
application then ends without waiting for a kernel nobody needs any more.
"""

from __future__ import annotations

import threading
import time
import traceback
import weakref
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

#: Every live worker; :func:`stop_all` walks this.
_WORKERS: weakref.WeakSet[Worker] = weakref.WeakSet()


class Job:
    """What a running function sees of its worker: report progress, notice a cancel."""

    def __init__(self, relay: _Relay, token: int) -> None:
        self._relay, self.token = relay, token
        self._cancel = threading.Event()

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def progress(self, value: Any) -> None:
        if not self._cancel.is_set():
            _emit(self._relay.progressed, self.token, value)


class _Relay(QObject):
    """Lives in the GUI thread; signals emitted from the worker thread arrive queued."""

    # Signal(object): whatever the job reports or returns (a Progress, a Report, a Level...).
    progressed = Signal(int, object)
    done = Signal(int, object)
    failed = Signal(int, str)


def _emit(signal: Any, *args: Any) -> None:
    try:
        signal.emit(*args)
    except RuntimeError:
        pass  # the window closed while we worked: nobody is listening any more


class _Task(QRunnable):
    def __init__(self, fn: Callable[[Job], Any], job: Job, relay: _Relay) -> None:
        super().__init__()
        self.fn, self.job, self.relay = fn, job, relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.fn(self.job)
        except Exception as exc:  # report, never crash the pool thread
            if not isinstance(exc, ValueError):  # LevelError & co. are answers; others are bugs
                traceback.print_exc()
            _emit(self.relay.failed, self.job.token, f"{type(exc).__name__}: {exc}")
        else:
            _emit(self.relay.done, self.job.token, result)


class Worker(QObject):
    """One kind of background job, one at a time, on a thread of its own.

    ``start(fn)`` cancels the job in flight (its result is dropped) and queues
    ``fn(job)``. Only the newest job's signals reach the listeners.
    """

    progressed = Signal(object)  # as _Relay's
    finished = Signal(object)
    failed = Signal(str)
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        # A pool of one per worker: analysis never queues behind a set check or the optimizer.
        self.pool = pool or QThreadPool(self)
        if pool is None:
            self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self._on_progress)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._token = 0
        self._jobs: dict[int, Job] = {}  # started and not yet reported back
        _WORKERS.add(self)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def start(self, fn: Callable[[Job], Any]) -> Job:
        """Run ``fn(job)`` after the job in flight (which is cancelled)."""
        was_busy = self.busy
        self.cancel_running()
        self._token += 1
        job = Job(self._relay, self._token)
        self._jobs[job.token] = job
        self.pool.start(_Task(fn, job, self._relay))
        if not was_busy:
            self.busyChanged.emit(True)
        return job

    def cancel_running(self) -> None:
        """Ask the job in flight to stop; its result is dropped."""
        for job in self._jobs.values():
            job.cancel()

    def cancel(self) -> None:
        self.cancel_running()

    def wait(self, msecs: int = -1) -> bool:
        """Block until no job of this worker runs (for shutdown and tests)."""
        return self.pool.waitForDone(msecs)

    def shutdown(self, wait_ms: int = 1000) -> bool:
        self.cancel()
        return self.wait(wait_ms)

    def _current(self, token: int) -> bool:
        job = self._jobs.get(token)
        return token == self._token and job is not None and not job.cancelled()

    def _on_progress(self, token: int, value: Any) -> None:
        if self._current(token):
            self.progressed.emit(value)

    def _on_done(self, token: int, result: Any) -> None:
        self._end(token, self.finished, result)

    def _on_failed(self, token: int, message: str) -> None:
        self._end(token, self.failed, message)

    def _end(self, token: int, signal: Any, value: Any) -> None:
        """A job ended: report it if still wanted, then start what waits, then say when idle."""
        wanted = self._current(token)
        self._jobs.pop(token, None)
        if wanted:
            signal.emit(value)
        self._ended()
        if not self.busy:
            self.busyChanged.emit(False)

    def _ended(self) -> None:
        """Hook: a job has ended (LatestRunner starts its pending request here)."""


class LatestRunner(Worker):
    """Debounced, one-at-a-time, newest-wins runner for one kind of request.

    ``request(fn)`` schedules ``fn()``; ``finished(result)`` fires only for the
    newest request; ``failed(message)`` likewise. ``busyChanged`` drives spinners.
    While a job runs, only the newest request waits (latest-edit-wins).
    """

    def __init__(self, delay_ms: int = 150, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent, pool)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start_pending)
        self._pending: Callable[[Job], Any] | None = None

    @property
    def busy(self) -> bool:
        return bool(self._jobs) or self._pending is not None

    def request(self, fn: Callable[..., Any], immediate: bool = False, with_job: bool = False) -> None:
        """Ask for ``fn()`` (``fn(job)`` with ``with_job``, for progress and cancel); an older
        pending request is forgotten, a running one is dropped."""
        was_busy = self.busy
        self.cancel_running()
        self._token += 1  # the running job's answer is no longer wanted
        self._pending = fn if with_job else (lambda _job: fn())
        if immediate:
            self._timer.stop()
            self._start_pending()
        else:
            self._timer.start()
        if not was_busy:
            self.busyChanged.emit(True)

    def cancel(self) -> None:
        """Forget the pending request and drop the result of the one in flight."""
        self._timer.stop()
        self._pending = None
        self.cancel_running()
        self._token += 1
        if not self.busy:
            self.busyChanged.emit(False)

    def _start_pending(self) -> None:
        if self._pending is None or self._jobs:
            return  # the running job's end starts us again
        fn, self._pending = self._pending, None
        job = Job(self._relay, self._token)
        self._jobs[job.token] = job
        self.pool.start(_Task(fn, job, self._relay))

    def _ended(self) -> None:
        if self._pending is not None and not self._timer.isActive():
            self._start_pending()


def _alive() -> list[Worker]:
    """Workers whose Qt side still exists (a closed window deletes its workers, and their pools wait then)."""
    return [w for w in list(_WORKERS) if shiboken6.isValid(w) and shiboken6.isValid(w.pool)]


def stop_all(wait_ms: int = 1000) -> bool:
    """Cancel every worker's jobs and wait up to ``wait_ms`` in all; True when none still runs."""
    workers = _alive()
    for w in workers:
        w.cancel()
    deadline = time.monotonic() + wait_ms / 1000
    ok = True
    for w in workers:
        left = max(0, int((deadline - time.monotonic()) * 1000))
        ok = w.wait(left) and ok
    return ok


def running() -> list[Worker]:
    """Workers with a job still on their thread (what :func:`stop_all` could not stop)."""
    return [w for w in _alive() if w.pool.activeThreadCount() > 0]


def format_eta(seconds: float) -> str:
    """Time left of a background job, as its progress shows it (the optimizer, a batch).

    >>> format_eta(75), format_eta(3725)
    ('1:15', '1:02:05')
    """
    s = int(round(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"

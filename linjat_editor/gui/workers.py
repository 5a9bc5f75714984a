"""Run engine calls off the GUI thread (napari-style): the board never waits on the engine.

:class:`LatestRunner` is the pattern every heavy request uses: requests are
debounced, at most one job runs at a time, and while one runs only the newest
request is kept (latest-edit-wins). Results of superseded requests are dropped.
"""

from __future__ import annotations

import traceback
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal


class _Relay(QObject):
    """Lives in the GUI thread; signals emitted from the worker arrive queued."""

    done = Signal(int, object)
    failed = Signal(int, str)


class _Job(QRunnable):
    def __init__(self, token: int, fn: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.token, self.fn, self.relay = token, fn, relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            try:
                result = self.fn()
            except Exception as exc:  # report, never crash the pool thread
                if not isinstance(exc, ValueError):  # LevelError & co. are answers; others are bugs
                    traceback.print_exc()
                self.relay.failed.emit(self.token, f"{type(exc).__name__}: {exc}")
            else:
                self.relay.done.emit(self.token, result)
        except RuntimeError:
            pass  # the window closed while we worked: nobody is listening any more


class LatestRunner(QObject):
    """Debounced, one-at-a-time, newest-wins runner for one kind of request.

    ``request(fn)`` schedules ``fn()``; ``finished(result)`` fires only for the
    newest request; ``failed(message)`` likewise. ``busyChanged`` drives spinners.
    """

    finished = Signal(object)
    failed = Signal(str)
    busyChanged = Signal(bool)

    def __init__(self, delay_ms: int = 150, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start_pending)
        self._pending: Callable[[], Any] | None = None
        self._token = 0  # token of the newest request
        self._running: int | None = None  # token of the job in flight

    @property
    def busy(self) -> bool:
        return self._running is not None or self._pending is not None

    def request(self, fn: Callable[[], Any], immediate: bool = False) -> None:
        """Ask for ``fn()``; an older pending request is forgotten."""
        was_busy = self.busy
        self._token += 1
        self._pending = fn
        if immediate:
            self._timer.stop()
            self._start_pending()
        else:
            self._timer.start()
        if not was_busy:
            self.busyChanged.emit(True)

    def cancel(self) -> None:
        """Forget the pending request and ignore the result of the one in flight."""
        self._timer.stop()
        self._pending = None
        self._token += 1
        if self._running is None:
            self.busyChanged.emit(False)

    def shutdown(self, wait_ms: int = 30_000) -> None:
        """Cancel, then wait (bounded) for the job in flight: the engine may be
        compiling a kernel, and a process must not end in the middle of that."""
        self.cancel()
        self.pool.waitForDone(wait_ms)

    def _start_pending(self) -> None:
        if self._pending is None or self._running is not None:
            return  # the running job's completion starts us again
        fn, self._pending = self._pending, None
        self._running = self._token
        self.pool.start(_Job(self._token, fn, self._relay))

    def _finish(self, token: int) -> bool:
        """Bookkeeping after a job ends; True when its result is still wanted."""
        self._running = None
        wanted = token == self._token and self._pending is None
        if self._pending is not None and not self._timer.isActive():
            self._start_pending()
        if not self.busy:
            self.busyChanged.emit(False)
        return wanted

    def _on_done(self, token: int, result: Any) -> None:
        if self._finish(token):
            self.finished.emit(result)

    def _on_failed(self, token: int, message: str) -> None:
        if self._finish(token):
            self.failed.emit(message)

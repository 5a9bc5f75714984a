"""Checks a set's levels in a worker thread, one by one, caching by board.

The engine is slow on big boards (exact counting), so the panel never waits:
figures arrive level by level through :attr:`SetChecker.checked`. A new
request stops the job in flight after its current level.
"""

from __future__ import annotations

import threading
import traceback
from typing import Any, Callable, Iterable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.sets.set_checks import EntryCheck, check_level


class _Relay(QObject):
    checked = Signal(object, object)  # board key, EntryCheck
    failed = Signal(object, str)
    done = Signal(int)


class _Job(QRunnable):
    def __init__(self, token: int, levels: list[Level], fn: Callable[[Level], EntryCheck],
                 relay: _Relay, stop: threading.Event) -> None:
        super().__init__()
        self.token, self.levels, self.fn, self.relay, self.stop = token, levels, fn, relay, stop
        self.setAutoDelete(True)

    def run(self) -> None:
        for level in self.levels:
            if self.stop.is_set():
                break
            try:
                self.relay.checked.emit(level.board_key(), self.fn(level))
            except Exception as exc:  # one bad level must not stop the others
                traceback.print_exc()
                self.relay.failed.emit(level.board_key(), f"{type(exc).__name__}: {exc}")
        self.relay.done.emit(self.token)


class SetChecker(QObject):
    """Caches :class:`EntryCheck` per board; :meth:`request` checks what is missing."""

    checked = Signal(object, object)  # board key, EntryCheck
    failed = Signal(object, str)
    busyChanged = Signal(bool)

    def __init__(self, fn: Callable[[Level], EntryCheck] = check_level, pool: QThreadPool | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fn = fn
        # Its own pool of one: set checks queue behind each other, never behind the editor's jobs.
        self.pool = pool or QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.cache: dict[Any, EntryCheck] = {}
        self.errors: dict[Any, str] = {}
        self._relay = _Relay(self)
        self._relay.checked.connect(self._on_checked)
        self._relay.failed.connect(self._on_failed)
        self._relay.done.connect(self._on_done)
        self._token = 0
        self._stop: threading.Event | None = None
        self.busy = False

    def lookup(self, level: Level) -> EntryCheck | None:
        return self.cache.get(level.board_key())

    def request(self, levels: Iterable[Level]) -> None:
        """Check every level not checked yet (the job in flight is stopped)."""
        self.cancel()
        seen, todo = set(), []
        for lv in levels:
            key = lv.board_key()
            if key not in self.cache and key not in self.errors and key not in seen:
                seen.add(key)
                todo.append(lv)
        if not todo:
            return
        self._token += 1
        self._stop = threading.Event()
        self._set_busy(True)
        self.pool.start(_Job(self._token, todo, self.fn, self._relay, self._stop))

    def cancel(self) -> None:
        if self._stop is not None:
            self._stop.set()
            self._stop = None

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle (for shutdown and tests)."""
        return self.pool.waitForDone(msecs)

    def _set_busy(self, busy: bool) -> None:
        if busy != self.busy:
            self.busy = busy
            self.busyChanged.emit(busy)

    def _on_checked(self, key: Any, check: EntryCheck) -> None:
        self.cache[key] = check  # kept even from a stopped job: it is still true
        self.checked.emit(key, check)

    def _on_failed(self, key: Any, message: str) -> None:
        self.errors[key] = message
        self.failed.emit(key, message)

    def _on_done(self, token: int) -> None:
        if token == self._token:
            self._set_busy(False)

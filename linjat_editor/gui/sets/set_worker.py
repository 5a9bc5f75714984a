"""Checks a set's levels in a worker thread, one by one, caching by board.

The engine is slow on big boards (exact counting), so the panel never waits:
figures arrive level by level through :attr:`SetChecker.checked`. A new
request stops the job in flight after its current level.
"""

from __future__ import annotations

import traceback
from typing import Any, Callable, Iterable

from PySide6.QtCore import QObject, QThreadPool, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.sets.set_checks import EntryCheck, check_level
from linjat_editor.gui.workers import Job, Worker


class SetChecker(QObject):
    """Caches :class:`EntryCheck` per board; :meth:`request` checks what is missing."""

    # Signal(object): an EntryCheck travels, a Python object Qt has no type for (a board key is a tuple, as much).
    checked = Signal(tuple, object)  # board key, EntryCheck
    failed = Signal(tuple, str)
    busyChanged = Signal(bool)

    def __init__(self, fn: Callable[[Level], EntryCheck] = check_level, pool: QThreadPool | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fn = fn
        # A worker of its own: set checks queue behind each other, never behind the editor's jobs.
        self.worker = Worker(self, pool)
        self.worker.progressed.connect(self._on_one)
        self.worker.busyChanged.connect(self.busyChanged)
        self.cache: dict[Any, EntryCheck] = {}
        self.errors: dict[Any, str] = {}

    @property
    def busy(self) -> bool:
        return self.worker.busy

    def lookup(self, level: Level) -> EntryCheck | None:
        return self.cache.get(level.board_key())

    def error_of(self, level: Level) -> str | None:
        """Why this level's check failed (one line), if it did."""
        return self.errors.get(level.board_key())

    def request(self, levels: Iterable[Level]) -> None:
        """Check every level not checked yet (the job in flight is stopped after its current level)."""
        self.cancel()
        seen, todo = set(), []
        for lv in levels:
            key = lv.board_key()
            if key not in self.cache and key not in self.errors and key not in seen:
                seen.add(key)
                todo.append(lv)
        if todo:
            self.worker.start(lambda job: self._check_all(todo, job))

    def _check_all(self, levels: list[Level], job: Job) -> None:
        """In the worker: one figure (or one error) per level, reported as it comes."""
        for level in levels:
            if job.cancelled():
                return
            try:
                job.progress((level.board_key(), self.fn(level), None))
            except Exception as exc:  # one bad level must not stop the others
                traceback.print_exc()
                job.progress((level.board_key(), None, f"{type(exc).__name__}: {exc}"))

    def cancel(self) -> None:
        self.worker.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle (for shutdown and tests)."""
        return self.worker.wait(msecs)

    def _on_one(self, item: tuple[Any, EntryCheck | None, str | None]) -> None:
        key, check, error = item
        if error is not None:
            self.errors[key] = error
            self.failed.emit(key, error)
        else:
            self.cache[key] = check  # type: ignore[assignment]
            self.checked.emit(key, check)

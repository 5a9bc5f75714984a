"""Crash safety: autosave the document to a recovery folder and offer it back on the next start.

Each running editor autosaves into a folder of its own under ``recovery/``
and holds a lock beside it (``editor-….lock``, a :class:`QLockFile`) for as long
as it runs. The lock dies with its process, so on start only folders whose
editor has ended are offered: two editors side by side never offer, or delete,
each other's work.

The autosave is written every ~30 s while the document is modified and
shortly after each burst of edits; it is removed once the document is saved
or the editor closes cleanly. An autosave newer than the file it belongs to
(or one for a never-saved level) is offered on start. A damaged one is set
aside (renamed, see :mod:`linjat_editor.gui.shell.set_aside`), never deleted.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.shell.set_aside import is_set_aside, set_aside
from linjat_editor.gui.shell.settings import data_dir

LEVEL_FILE = "autosave.json"
META_FILE = "autosave-meta.json"
FOLDER_PREFIX = "editor-"


def recovery_dir() -> Path:
    return data_dir() / "recovery"


def _lock(folder: Path) -> QLockFile:
    lock = QLockFile(str(folder.with_name(folder.name + ".lock")))
    lock.setStaleLockTime(0)  # stale only once its process is gone, however long an editor runs
    return lock


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _remove_files(folder: Path) -> None:
    for name in (LEVEL_FILE, META_FILE):
        try:
            (folder / name).unlink()
        except FileNotFoundError:
            pass


@dataclass
class Recovery:
    """An autosave of an editor that has ended. Its lock is held until :meth:`discard` or :meth:`release`."""

    level: Level
    original: Path | None  # the file the level belonged to, None if never saved
    saved_at: float
    folder: Path
    lock: QLockFile | None = field(default=None, repr=False)  # None for the old single-folder layout

    def discard(self) -> None:
        """The user chose not to keep it (or it lives on in this editor's own autosave)."""
        _discard(self.folder, self.lock)

    def release(self) -> None:
        """Leave it for a later start."""
        if self.lock is not None:
            self.lock.unlock()


@dataclass
class Scan:
    """What :func:`scan_recovery` found: autosaves to offer (newest first) and problems to tell once."""

    found: list[Recovery]
    notices: list[str]


class _Damaged(Exception):
    pass


def scan_recovery(directory: Path | None = None) -> Scan:
    """The autosaves of editors that have ended; empty and outdated folders are cleaned up on the way."""
    d = directory or recovery_dir()
    found: list[Recovery] = []
    notices: list[str] = []
    try:
        names = {p.name.removesuffix(".lock") for p in d.iterdir()
                 if p.name.startswith(FOLDER_PREFIX) and not is_set_aside(p)}
    except FileNotFoundError:
        return Scan([], [])
    except OSError as exc:
        return Scan([], [f"Cannot look for autosaves in {d} ({_reason(exc)})."])
    if (d / LEVEL_FILE).exists() or (d / META_FILE).exists():
        _consider(d, None, found, notices)  # left by a version that kept one autosave for all editors
    for name in sorted(names):
        lock = _lock(d / name)
        if lock.tryLock(0):  # free: its editor has ended
            _consider(d / name, lock, found, notices)
    found.sort(key=lambda r: r.saved_at, reverse=True)
    return Scan(found, notices)


def _consider(folder: Path, lock: QLockFile | None, found: list[Recovery], notices: list[str]) -> None:
    try:
        recovery = _read(folder, lock)
    except _Damaged as exc:
        if lock is not None:
            lock.unlock()
            notices.append(set_aside(folder, str(exc)))
        else:
            notices.append(" ".join(set_aside(folder / name, str(exc)) for name in (META_FILE, LEVEL_FILE)
                                    if (folder / name).exists() or (folder / name).is_symlink()))
        return
    except OSError as exc:
        notices.append(f"Cannot read the autosave in {folder} ({_reason(exc)}).")
        if lock is not None:
            lock.unlock()
        return
    if recovery is None:
        _discard(folder, lock)  # nothing worth offering
    else:
        found.append(recovery)


def _read(folder: Path, lock: QLockFile | None) -> Recovery | None:
    """The autosave in ``folder``, None if there is none or it is older than its file."""
    from linjat_editor import io as lio

    has_level, has_meta = (folder / LEVEL_FILE).exists(), (folder / META_FILE).exists()
    if not has_level and not has_meta:
        return None
    if not has_meta:
        raise _Damaged(f"{META_FILE} is missing")
    try:
        meta = json.loads((folder / META_FILE).read_text(encoding="utf-8"))
    except (ValueError, RecursionError):
        raise _Damaged(f"{META_FILE} is not valid JSON") from None
    original, saved_at = _meta(meta)
    if not has_level:
        raise _Damaged(f"{LEVEL_FILE} is missing")
    try:
        level = lio.read_level(folder / LEVEL_FILE)
    except ValueError as exc:  # FormatError included
        raise _Damaged(" ".join(str(exc).split())) from None
    except RecursionError:
        raise _Damaged(f"{LEVEL_FILE} is nested too deeply") from None
    try:
        if original is not None and original.exists() and original.stat().st_mtime >= saved_at:
            return None  # the real file is as new as the autosave: nothing to recover
    except OSError:
        pass  # cannot tell: offer it
    return Recovery(level, original, saved_at, folder, lock)


def _meta(meta: object) -> tuple[Path | None, float]:
    """``{"path": str or null, "time": seconds}``, checked."""
    if not isinstance(meta, dict):
        raise _Damaged(f"{META_FILE} is not a JSON object")
    path, saved_at = meta.get("path"), meta.get("time")
    if path is not None and not (isinstance(path, str) and path and "\0" not in path):
        raise _Damaged(f'{META_FILE}: "path" should be a file name or null')
    if isinstance(saved_at, bool) or not isinstance(saved_at, (int, float)) or not math.isfinite(saved_at):
        raise _Damaged(f'{META_FILE}: "time" should be a number of seconds')
    return (Path(path) if path else None), float(saved_at)


def _discard(folder: Path, lock: QLockFile | None) -> None:
    """Remove an autosave; best effort, a stuck file is no reason to stop the editor."""
    try:
        _remove_files(folder)
        if lock is not None:
            shutil.rmtree(folder, ignore_errors=True)
    except OSError:
        pass
    if lock is not None:
        lock.unlock()


def find_recovery(directory: Path | None = None) -> Recovery | None:
    """The newest autosave worth offering (its lock held), or None."""
    scan = scan_recovery(directory)
    for other in scan.found[1:]:
        other.release()
    return scan.found[0] if scan.found else None


class Autosaver(QObject):
    """Watches a document and keeps this editor's recovery file current."""

    #: An autosave failed (disk full, permissions): carries the one-line reason.
    failed = Signal(str)

    def __init__(self, document: Document, directory: Path | None = None, interval_ms: int = 30_000,
                 burst_ms: int = 2_000, parent: QObject | None = None) -> None:
        super().__init__(parent or document)
        self.document = document
        self.root = directory or recovery_dir()
        self.folder: Path | None = None  # this editor's own, once claimed
        self._lock: QLockFile | None = None
        #: Why autosave cannot work right now (shown on start), or None.
        self.problem: str | None = None
        self._dirty = False  # edits since the last autosave
        self._stopped = False  # discarded or kept: this editor autosaves no more
        self._periodic = QTimer(self)
        self._periodic.setInterval(interval_ms)
        self._periodic.timeout.connect(self.save_now)
        self._periodic.start()
        self._burst = QTimer(self)
        self._burst.setSingleShot(True)
        self._burst.setInterval(burst_ms)  # an edit burst ends after this much quiet
        self._burst.timeout.connect(self.save_now)
        document.levelChanged.connect(self._on_change)
        document.modifiedChanged.connect(self._on_modified)
        self._claim()  # now, so an unusable data folder is reported on start

    def _claim(self) -> bool:
        """Lock, then create, this editor's folder (in that order, so no scan takes it for a dead editor's)."""
        if self.folder is not None:
            return True
        folder = self.root / f"{FOLDER_PREFIX}{os.getpid()}-{secrets.token_hex(3)}"
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            lock = _lock(folder)
            if not lock.tryLock(0):
                raise OSError(0, f"cannot create the lock file ({lock.error().name})")
            try:
                folder.mkdir()
            except OSError:
                lock.unlock()
                raise
        except OSError as exc:
            self.problem = f"Autosave is off: cannot use {self.root} ({_reason(exc)})"
            return False
        self.folder, self._lock, self.problem = folder, lock, None
        return True

    def _on_change(self, _level: Level) -> None:
        self._dirty = True
        self._burst.start()

    def _on_modified(self, modified: bool) -> None:
        if not modified and self.folder is not None:  # saved (or back at the saved state): nothing to recover
            self._dirty = False
            try:
                _remove_files(self.folder)
            except OSError:
                pass

    def _stop(self) -> None:
        self._stopped = True
        self._burst.stop()
        self._periodic.stop()

    def save_now(self) -> bool:
        """Write the recovery file if there are unsaved edits; True if written."""
        from linjat_editor import io as lio

        if self._stopped or not self.document.modified or not self._dirty:
            return False
        if not self._claim():
            self.failed.emit(self.problem or "Autosave is off")
            return False
        assert self.folder is not None
        try:
            lio.write_level(self.document.level, self.folder / LEVEL_FILE)
            meta = {"path": str(self.document.path) if self.document.path else None, "time": time.time()}
            lio.atomic_write_text(self.folder / META_FILE, json.dumps(meta))
        except RecursionError:
            self.failed.emit("Autosave failed: the level's metadata is nested too deeply to be saved")
            return False
        except (OSError, ValueError, TypeError) as exc:  # FormatError is a ValueError
            self.failed.emit(f"Autosave failed: {' '.join(str(exc).split()) or type(exc).__name__}")
            return False
        self._dirty = False
        return True

    def keep(self) -> None:
        """The session ends (SIGTERM, logout): write the autosave now and leave it for the next start."""
        self.save_now()
        self._stop()
        if self._lock is not None:
            self._lock.unlock()  # an ended editor's folder: the next start offers it
        self.folder = self._lock = None

    def discard(self) -> None:
        """Called on a clean close: the user chose what to keep."""
        self._stop()
        if self.folder is not None:
            _discard(self.folder, self._lock)
            self.folder = self._lock = None

"""Crash safety: autosave the level and the level set to a recovery folder and offer them back on the next start.

Each running editor autosaves into a folder of its own under ``recovery/``
and holds a lock beside it (``editor-….lock``, a :class:`QLockFile`) for as long
as it runs. The lock dies with its process, so on start only folders whose
editor has ended are offered: two editors side by side never offer, or delete,
each other's work.

The autosave is written every ~30 s while a document is modified and
shortly after each burst of edits; it is removed once the document is saved
or the editor closes cleanly. The level and the set are two documents, each
with its own pair of files in the folder (its content, and a meta file naming
its file and the time). An autosave newer than the file it belongs to (or one
for a never-saved level or set) is offered on start. A damaged one is set
aside (renamed, see :mod:`linjat_editor.gui.shell.set_aside`), never deleted.

The optimizer's proposals (its pool, and the level it was run for) are a third
pair, written whenever the pool changes and removed when it is dropped. They
are offered on start whatever the level's file says: saving the level does not
make a run's proposals any less the designer's.
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
from typing import Any, Callable, Protocol

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal, SignalInstance

from linjat_editor.core.level import Level
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.shell.set_aside import is_set_aside, set_aside
from linjat_editor.gui.shell.settings import data_dir
from linjat_editor.io.level_set import LevelSet
from linjat_editor.io.proposals_json import Proposals

LEVEL_FILE = "autosave.json"
META_FILE = "autosave-meta.json"
SET_FILE = "autosave-set.json"
SET_META_FILE = "autosave-set-meta.json"
PROPOSALS_FILE = "autosave-proposals.json"
PROPOSALS_META_FILE = "autosave-proposals-meta.json"
FOLDER_PREFIX = "editor-"


class ProposalSource(Protocol):
    """What the autosave needs of the optimizer panel: its pool as a file keeps it, and a signal when it changes."""

    proposalsChanged: SignalInstance

    def proposals(self) -> Proposals | None: ...


class SetDocument(Protocol):
    """What the autosave needs of the level set panel: the set, its file and unsaved state, its signals."""

    level_set: LevelSet
    path: str | None
    setChanged: SignalInstance
    documentChanged: SignalInstance

    @property
    def modified(self) -> bool: ...


def recovery_dir() -> Path:
    return data_dir() / "recovery"


def _lock(folder: Path) -> QLockFile:
    lock = QLockFile(str(folder.with_name(folder.name + ".lock")))
    lock.setStaleLockTime(0)  # stale only once its process is gone, however long an editor runs
    return lock


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _remove_files(folder: Path, names: tuple[str, ...] = (LEVEL_FILE, META_FILE, SET_FILE, SET_META_FILE, PROPOSALS_FILE,
                                                          PROPOSALS_META_FILE)) -> None:
    for name in names:
        try:
            (folder / name).unlink()
        except FileNotFoundError:
            pass


@dataclass
class Recovery:
    """An autosave of an editor that has ended. Its lock is held until :meth:`discard` or :meth:`release`.

    It holds the level, the level set, or both (whichever had unsaved changes), and the optimizer's
    proposals if its pool held any.
    """

    level: Level | None
    original: Path | None  # the file the level belonged to, None if never saved
    saved_at: float
    folder: Path
    lock: QLockFile | None = field(default=None, repr=False)  # None for the old single-folder layout
    level_set: LevelSet | None = None
    set_original: Path | None = None  # the file the set belonged to, None if never saved
    proposals: Proposals | None = None
    proposals_file: Path | None = None  # the level's file when they were autosaved, None if never saved

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
    """The autosave in ``folder``, None if there is none or each part is older than its file (proposals never are)."""
    from linjat_editor import io as lio
    from linjat_editor.io.proposals_json import read_proposals_json

    level_part = _read_part(folder, LEVEL_FILE, META_FILE, lio.read_level)
    set_part = _read_part(folder, SET_FILE, SET_META_FILE, lio.read_set)
    proposals_part = _read_part(folder, PROPOSALS_FILE, PROPOSALS_META_FILE,
                                lambda path: read_proposals_json(path.read_text(encoding="utf-8"), path.name),
                                outdated_by_file=False)
    if level_part is None and set_part is None and proposals_part is None:
        return None
    level, original, level_time = level_part or (None, None, 0.0)
    level_set, set_original, set_time = set_part or (None, None, 0.0)
    proposals, proposals_file, proposals_time = proposals_part or (None, None, 0.0)
    return Recovery(level, original, max(level_time, set_time, proposals_time), folder, lock, level_set, set_original,
                    proposals, proposals_file)


def _read_part(folder: Path, content: str, meta_name: str, read: Callable[[Path], Any],
               outdated_by_file: bool = True) -> tuple[Any, Path | None, float] | None:
    """One document's autosave (content, its file, when), None if none or (``outdated_by_file``) older than its file."""
    has_content, has_meta = (folder / content).exists(), (folder / meta_name).exists()
    if not has_content and not has_meta:
        return None
    if not has_meta:
        raise _Damaged(f"{meta_name} is missing")
    try:
        meta = json.loads((folder / meta_name).read_text(encoding="utf-8"))
    except (ValueError, RecursionError):
        raise _Damaged(f"{meta_name} is not valid JSON") from None
    original, saved_at = _meta(meta, meta_name)
    if not has_content:
        raise _Damaged(f"{content} is missing")
    try:
        document = read(folder / content)
    except ValueError as exc:  # FormatError included
        raise _Damaged(" ".join(str(exc).split())) from None
    except RecursionError:
        raise _Damaged(f"{content} is nested too deeply") from None
    try:
        if outdated_by_file and original is not None and original.exists() and original.stat().st_mtime >= saved_at:
            return None  # the real file is as new as the autosave: nothing to recover
    except OSError:
        pass  # cannot tell: offer it
    return document, original, saved_at


def _meta(meta: object, name: str = META_FILE) -> tuple[Path | None, float]:
    """``{"path": str or null, "time": seconds}``, checked."""
    if not isinstance(meta, dict):
        raise _Damaged(f"{name} is not a JSON object")
    path, saved_at = meta.get("path"), meta.get("time")
    if path is not None and not (isinstance(path, str) and path and "\0" not in path):
        raise _Damaged(f'{name}: "path" should be a file name or null')
    if isinstance(saved_at, bool) or not isinstance(saved_at, (int, float)) or not math.isfinite(saved_at):
        raise _Damaged(f'{name}: "time" should be a number of seconds')
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
    """Watches the level (and, once :meth:`watch_set` is called, the level set) and keeps this editor's
    recovery files current."""

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
        self._dirty = False  # edits of the level since the last autosave
        self.level_set: SetDocument | None = None  # watched once watch_set is called
        self._set_dirty = False  # edits of the set since the last autosave
        self.optimizer: ProposalSource | None = None  # watched once watch_proposals is called
        self._proposals_dirty = False  # the pool changed since the last autosave
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

    def watch_set(self, level_set: SetDocument) -> None:
        """Autosave the level set too, beside the level."""
        self.level_set = level_set
        level_set.setChanged.connect(self._on_set_change)
        level_set.documentChanged.connect(self._on_set_document)

    def watch_proposals(self, optimizer: ProposalSource) -> None:
        """Autosave the optimizer's pool too: written when it changes, removed when it is dropped."""
        self.optimizer = optimizer
        optimizer.proposalsChanged.connect(self._on_proposals)

    def _on_proposals(self) -> None:
        self._proposals_dirty = True
        self._burst.start()

    def _on_change(self, _level: Level) -> None:
        self._dirty = True
        self._burst.start()

    def _on_set_change(self, _set: object) -> None:
        self._set_dirty = True
        self._burst.start()

    def _on_modified(self, modified: bool) -> None:
        if not modified and self.folder is not None:  # saved (or back at the saved state): nothing to recover
            self._dirty = False
            try:
                _remove_files(self.folder, (LEVEL_FILE, META_FILE))
            except OSError:
                pass

    def _on_set_document(self) -> None:
        if self.level_set is None:
            return
        if self.level_set.modified:  # e.g. a recovered set: unsaved from the start
            self._on_set_change(None)
        elif self.folder is not None:
            self._set_dirty = False  # saved, opened anew or back at the saved state: nothing to recover
            try:
                _remove_files(self.folder, (SET_FILE, SET_META_FILE))
            except OSError:
                pass

    def _stop(self) -> None:
        self._stopped = True
        self._burst.stop()
        self._periodic.stop()

    def save_now(self) -> bool:
        """Write the recovery files of the documents with unsaved edits; True if any was written."""
        from linjat_editor import io as lio

        level = self.document.modified and self._dirty
        watched = self.level_set
        level_set = watched is not None and watched.modified and self._set_dirty
        proposals = self._proposals_dirty and self.optimizer is not None
        if self._stopped or not (level or level_set or proposals):
            return False
        if not self._claim():
            self.failed.emit(self.problem or "Autosave is off")
            return False
        assert self.folder is not None
        try:
            if level:
                lio.write_level(self.document.level, self.folder / LEVEL_FILE)
                self._write_meta(META_FILE, str(self.document.path) if self.document.path else None)
                self._dirty = False
            if level_set and watched is not None:
                lio.write_set(watched.level_set, self.folder / SET_FILE)
                self._write_meta(SET_META_FILE, watched.path or None)
                self._set_dirty = False
            if proposals and self.optimizer is not None:
                self._save_proposals(self.optimizer.proposals())
        except RecursionError:
            self.failed.emit("Autosave failed: the metadata is nested too deeply to be saved")
            return False
        except (OSError, ValueError, TypeError) as exc:  # FormatError is a ValueError
            self.failed.emit(f"Autosave failed: {' '.join(str(exc).split()) or type(exc).__name__}")
            return False
        return True

    def _save_proposals(self, saved: Proposals | None) -> None:
        """The pool's files, or none once it is dropped."""
        from linjat_editor import io as lio
        from linjat_editor.io.proposals_json import write_proposals_json

        assert self.folder is not None
        if saved is None:
            _remove_files(self.folder, (PROPOSALS_FILE, PROPOSALS_META_FILE))
        else:
            lio.atomic_write_text(self.folder / PROPOSALS_FILE, write_proposals_json(saved.run, saved.proposals))
            self._write_meta(PROPOSALS_META_FILE, str(self.document.path) if self.document.path else None)
        self._proposals_dirty = False

    def _write_meta(self, name: str, path: str | None) -> None:
        from linjat_editor import io as lio

        assert self.folder is not None
        lio.atomic_write_text(self.folder / name, json.dumps({"path": path, "time": time.time()}))

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

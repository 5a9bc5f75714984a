"""Crash safety: autosave the document to a recovery file and offer it back on the next start.

The recovery file is written every ~30 s while the document is modified and
shortly after each burst of edits; it is removed once the document is saved
or closed cleanly. A recovery file newer than the file it belongs to (or one
for a never-saved level) is offered on start.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.document import Document
from linjat_editor.gui.settings import data_dir

LEVEL_FILE = "autosave.json"
META_FILE = "autosave-meta.json"


@dataclass(frozen=True)
class Recovery:
    """An autosave found on start."""

    level: Level
    original: Path | None  # the file the level belonged to, None if never saved
    saved_at: float


def recovery_dir() -> Path:
    return data_dir() / "recovery"


def find_recovery(directory: Path | None = None) -> Recovery | None:
    """The autosave worth offering, or None (none there, unreadable, or older than its file)."""
    from linjat_editor import io as lio

    d = directory or recovery_dir()
    try:
        meta = json.loads((d / META_FILE).read_text(encoding="utf-8"))
        level = lio.read_level(d / LEVEL_FILE)
    except (OSError, ValueError):
        return None
    original = Path(meta["path"]) if meta.get("path") else None
    saved_at = float(meta.get("time", 0))
    if original is not None and original.exists() and original.stat().st_mtime >= saved_at:
        return None  # the real file is as new as the autosave: nothing to recover
    return Recovery(level, original, saved_at)


def discard_recovery(directory: Path | None = None) -> None:
    d = directory or recovery_dir()
    for name in (LEVEL_FILE, META_FILE):
        try:
            (d / name).unlink()
        except FileNotFoundError:
            pass


class Autosaver(QObject):
    """Watches a document and keeps its recovery file current."""

    #: An autosave failed (disk full, permissions): carries the one-line reason.
    failed = Signal(str)

    def __init__(self, document: Document, directory: Path | None = None, interval_ms: int = 30_000,
                 burst_ms: int = 2_000, parent: QObject | None = None) -> None:
        super().__init__(parent or document)
        self.document = document
        self.directory = directory or recovery_dir()
        self._dirty = False  # edits since the last autosave
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

    def _on_change(self, _level: Level) -> None:
        self._dirty = True
        self._burst.start()

    def _on_modified(self, modified: bool) -> None:
        if not modified:  # saved (or back at the saved state): nothing to recover
            self._dirty = False
            discard_recovery(self.directory)

    def save_now(self) -> bool:
        """Write the recovery file if there are unsaved edits; True if written."""
        from linjat_editor import io as lio

        if not self.document.modified or not self._dirty:
            return False
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            lio.write_level(self.document.level, self.directory / LEVEL_FILE)
            meta = {"path": str(self.document.path) if self.document.path else None, "time": time.time()}
            lio.atomic_write_text(self.directory / META_FILE, json.dumps(meta))
        except (OSError, ValueError) as exc:
            self.failed.emit(f"autosave failed: {exc}")
            return False
        self._dirty = False
        return True

    def discard(self) -> None:
        """Called on a clean close: the user chose what to keep."""
        self._burst.stop()
        discard_recovery(self.directory)

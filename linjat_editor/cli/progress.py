"""A progress bar for long CLI runs: drawn on a terminal's stderr, silent when piped."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """``bar.update(done, total, note)``; ``bar.close()`` clears the line."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self.label = label
        self._last = 0.0

    def update(self, done: int, total: int, note: str = "") -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < 0.1 and done < total):
            return
        self._last = now
        width = 30
        filled = int(width * done / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {note}\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

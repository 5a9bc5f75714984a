"""Damaged settings or recovery files are renamed out of the way, never deleted.

The editor then starts on defaults, and the user is told once (the renamed
file is not read again) where the old file went, in case it is worth a look.
"""

from __future__ import annotations

import time
from pathlib import Path


def set_aside(path: Path, problem: str) -> str:
    """Rename ``path`` to ``<stem>.broken-<date>-<time><suffix>`` beside it; the message for the user.

    A folder keeps its name plus the same mark. If even the rename fails, the
    message says so (the file will be read, and set aside, again next time).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while target.exists() or target.is_symlink():  # two in the same second
        n += 1
        target = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
    try:
        path.rename(target)
    except OSError as exc:
        return f"{path} is damaged ({problem}) and could not be set aside ({exc.strerror or exc})."
    return f"{path.name} was damaged ({problem}); it was set aside as {target}."


def is_set_aside(path: Path) -> bool:
    """A name :func:`set_aside` made (scans skip these)."""
    return ".broken-" in path.name

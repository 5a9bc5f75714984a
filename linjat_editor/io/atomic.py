"""Atomic saves: the file on disk is always either the old version or the whole new one.

The text goes to a temporary file in the same directory (so the final rename
stays on one file system), is flushed to disk, then renamed over the target
with :func:`os.replace`. If anything fails the temporary file is removed and
the old file is left untouched.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace the file at ``path`` by ``text`` atomically (raises OSError on failure)."""
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at ``path`` by ``data`` atomically (raises OSError on failure).

    Saving through a symbolic link updates the file it points to, and an
    existing file keeps its permissions.
    """
    target = Path(os.path.realpath(path))
    directory = target.parent
    fd, tmp = _create_temp(directory, target.name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with suppress(FileNotFoundError):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_directory(directory)


def _create_temp(directory: Path, name: str) -> tuple[int, str]:
    # os.open with mode 0o666 lets the umask decide a new file's permissions,
    # as a plain open() would (mkstemp would force 0o600).
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = str(directory / f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file in {directory}")


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable; not possible (nor needed) on every platform."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

"""Atomic saves: the file on disk is always either the old version or the whole new one.

Every save of the project goes through :func:`atomic_write_bytes`: levels,
sets, exports, the autosave and the editor's settings. The data goes to a
temporary file in the same directory (so the final rename stays on one file
system), is flushed to disk, renamed over the target with :func:`os.replace`,
and the directory is flushed so the rename itself survives a power cut. If
anything fails the temporary file is removed and the old file is untouched.

Temporary names are short (``.lj-<pid>-<random>.tmp``) so a target name near
the file system's limit still works, and carry the writer's process id: a
save killed half way leaves its temporary file behind, and the next save to
that folder removes those whose writer is gone. The writer holds a lock on
its temporary file until the rename (POSIX), which ends with its process:
a killed writer not yet collected by its parent, or a process id used again
since, does not keep its file there.

A target that exists and is not a regular file (``/dev/null``, a terminal,
a pipe, ``/dev/stdout``) is written directly: replacing a device node by a
regular file would be wrong, and a stream has no "old version" to keep.
``-`` is standard output. A folder (or a name ending in ``/``) is refused,
and every failure names the target as the user gave it, never the
temporary file.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
import time
from contextlib import suppress
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: the writer's process id alone says whether a temporary file is stale
    fcntl = None  # type: ignore[assignment]

_TEMP_PREFIX = ".lj-"
_TEMP_NAME = re.compile(r"\.lj-(\d+)-[0-9a-f]{8}\.tmp")

#: Names of open streams whatever ``stat`` says (they may stand for a regular file the shell opened).
_STREAM_NAME = re.compile(r"/dev/(stdout|stderr|fd/\d+)|/proc/[^/]+/fd/\d+")


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace the file at ``path`` by ``text`` atomically (raises OSError on failure)."""
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at ``path`` by ``data`` atomically (raises OSError on failure).

    Saving through a symbolic link updates the file it points to, and an
    existing file keeps its permissions.
    """
    try:
        _write(path, data)
    except OSError as e:
        # The message names what the user asked for: not our temporary file, not a bare errno.
        raise OSError(e.errno, e.strerror or str(e), os.fspath(path)) from None


def _write(path: str | os.PathLike[str], data: bytes) -> None:
    if os.fspath(path) == "-":
        write_stdout(data)
        return
    if is_stream(path):
        with open(path, "wb") as f:
            f.write(data)
        return
    check_target(path)
    target = Path(os.path.realpath(path))
    directory = target.parent
    remove_stale_temps(directory)
    fd, tmp = create_temp(directory)
    try:
        with os.fdopen(fd, "wb") as f:  # open, and so locked, until it has its final name
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            if fcntl is not None:
                _replace(tmp, target)
        if fcntl is None:
            _replace(tmp, target)  # Windows: no lock to keep, and an open file cannot be renamed
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def check_target(path: str | os.PathLike[str]) -> None:
    """Refuse a folder as a save's target (``out/`` once became a regular file ``out``).

    Cheap, so a command can ask before its work as well as the save does after it.
    """
    if os.fspath(path).endswith(("/", os.sep)) or os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file name", os.fspath(path))


def write_stdout(data: bytes) -> None:
    """``data`` to standard output (``-o -``), after anything already printed; an error if it is closed."""
    stream = sys.stdout
    if stream is None:  # started with its standard output closed
        raise OSError(errno.EBADF, "standard output is closed")
    stream.flush()
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        binary.write(data)
        binary.flush()
    else:
        stream.write(data.decode("utf-8", "replace"))
        stream.flush()


def _replace(tmp: str, target: Path) -> None:
    """Rename the synced ``tmp`` over ``target`` (keeping its permissions) and make the rename durable."""
    with suppress(FileNotFoundError):
        os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
    os.replace(tmp, target)
    _fsync_directory(target.parent)


def is_stream(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names something that is written in place: not a regular file, not missing."""
    name = os.path.abspath(os.fspath(path))
    if _STREAM_NAME.fullmatch(name) and os.path.exists(name):
        return True
    try:
        mode = os.stat(name).st_mode  # follows links: a link to /dev/null is a device too
    except OSError:
        return False  # missing (a new file) or unreachable: the atomic path says why
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def create_temp(directory: str | os.PathLike[str]) -> tuple[int, str]:
    """A new, empty temporary file of our naming in ``directory``: ``(fd, path)``.

    os.open with mode 0o666 lets the umask decide a new file's permissions, as a
    plain open() would (mkstemp would force 0o600).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = os.path.join(directory, f"{_TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        if fcntl is not None:
            with suppress(OSError):  # a file system without locks: the process id alone says whose it is
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fd, tmp
    raise FileExistsError(f"cannot create a temporary file in {directory}")


#: A temporary file no one holds locked is stale when its writer's process id has been used again, once it is
#: this old (seconds): far longer than the instant between a writer creating its file and locking it.
STALE_AFTER = 10.0


def remove_stale_temps(directory: str | os.PathLike[str]) -> int:
    """Remove temporary files of our naming whose writer is gone (a save that was killed); how many."""
    removed = 0
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    for name in names:
        match = _TEMP_NAME.fullmatch(name)
        if match is None:
            continue
        path = os.path.join(directory, name)
        if _held(path) or (_alive(int(match.group(1))) and not _old(path)):
            continue
        with suppress(OSError):
            os.unlink(path)
            removed += 1
    return removed


def _held(path: str) -> bool:
    """Whether a writer holds the temporary file's lock (it is saving); True when that cannot be told."""
    if fcntl is None:
        return False  # no locks here: the process id decides
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return True  # gone already, or not ours to open
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False  # a file system without locks
    finally:
        os.close(fd)
    return False


def _old(path: str) -> bool:
    try:
        return os.stat(path).st_mtime < time.time() - STALE_AFTER
    except OSError:
        return False


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # another thread of ours may be saving right now
    if os.name != "posix":
        return True  # no cheap check: leave it
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:  # a killed writer its parent has not collected yet: ended
            if f.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                return False
    except (OSError, IndexError):
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # exists (another user's) or not a pid we can judge
    return True


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

"""A process that outlives the program that starts it: detached, in a session of its own, what it says in a log.

The background compile (``background_compile.py``) and the warm engine server
(``cli/starter.py``) each run one at a time per folder: a lock file says one
runs, held by the process for as long as it lives.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Sequence


def try_lock(fd: int) -> bool:
    """Lock the open file ``fd`` without waiting; False when another process holds it."""
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def take_lock(path: Path | str) -> int | None:
    """The lock file at ``path``, opened and locked: its descriptor; None when another process holds it, -1 on an error.

    A holder may remove its lock file as it ends: one locked just after that
    would be no longer the one at ``path``, so it is opened again.
    """
    for _ in range(5):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError:
            return -1
        if not try_lock(fd):
            os.close(fd)
            return None
        try:
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd
        except OSError:
            pass  # removed meanwhile: open it again
        os.close(fd)
    return -1


def start(argv: Sequence[str], log: Path | str, cwd: Path | str, env: dict[str, str] | None = None,
          lock: int | None = None, append: bool = False) -> bool:
    """Start ``argv`` detached, its output to ``log``; ``lock``, an open descriptor, is handed to it. False when it cannot.

    It cannot when no process is to be had (limits) or the log cannot be written (a full disk).
    """
    detach: dict[str, object] = (
        {"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
        if os.name == "nt" else {"start_new_session": True})
    try:
        with open(log, "ab" if append else "wb") as out:
            subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,  # type: ignore[call-overload]
                             stderr=subprocess.STDOUT, close_fds=True, pass_fds=() if lock is None else (lock,), **detach)
    except OSError:
        return False
    return True

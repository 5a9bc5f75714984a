"""The first compile, behind the designer's back: a process of its own that outlives the command that started it.

With nothing compiled yet, a command starts this process and answers at once
from the kernels' Python (``jit/tier.py``), while the process compiles
every family (``warmup.py``) into the cache at a low priority, on every core,
the analysis first. ``follow`` loads each family into the waiting program as
soon as it is compiled, so a long search speeds up while it runs, and the next
start finds everything compiled. One such process per cache at a time (a lock
in the cache folder); what it says goes to ``compile.log`` there.

As ``git gc --auto`` does: the work that makes later commands fast runs after,
not before, the one the designer asked for.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable, Iterable

from ..jit import cache, detached, tier
from . import warmup

LOCK = "compiling.lock"
LOG = "compile.log"
PID = "compiling.pid"


def _folder() -> Path | None:
    return cache.user_folder()


def running(folder: Path | None = None) -> bool:
    """True while a background compile holds the lock of ``folder`` (default: this process' cache for these sources)."""
    folder = folder or _folder()
    if folder is None or not folder.is_dir():
        return False
    with open(folder / LOCK, "ab") as handle:
        if detached.try_lock(handle.fileno()):
            return False  # closing the file lets the lock go
    return True


def start() -> bool:
    """Start compiling every family in the background, unless a compile already runs; False when it cannot.

    It cannot in the built app (no Python to run it with: the app ships its
    kernels), without a writable cache, or when no process can be started.
    """
    folder = _folder()
    if folder is None or getattr(sys, "frozen", False):
        return False
    if running():
        return True
    # From the package's parent folder, ``-m`` runs this very copy of the package (not another one installed).
    # The process takes the lock itself: a second one started meanwhile finds it held and ends.
    return detached.start([sys.executable, "-m", __name__], folder / LOG, cwd=cache.PACKAGE.parent, append=True)


def follow(names: Iterable[str] | None = None, on_ready: Callable[[warmup.Progress], None] | None = None,
           cancelled: Callable[[], bool] = lambda: False, poll: float = 0.25) -> None:
    """Load the named families (default: all) into this process as the background compile finishes each.

    Until one is loaded its kernels run as Python (``tier.interpret()``);
    ``on_ready`` hears of each, as from ``warmup.prepare``. Returns when all are
    loaded or once ``cancelled()``.
    """
    tally = warmup.Tally(names)
    for family in tally.families:  # in the order the compile makes them
        while not cache.is_ready(family.name):
            if cancelled():
                return
            time.sleep(poll)
        if cancelled():
            return
        with tier.compiling():
            family.touch()  # loads it from the cache
        progress = tally.ready(family)
        if on_ready is not None:
            on_ready(progress)


def main() -> int:
    """The background process: compile every family not cached yet, at a low priority, if nobody else does."""
    folder = _folder()
    if folder is None:
        return 1
    with open(folder / LOCK, "ab") as handle:
        if not detached.try_lock(handle.fileno()):
            return 0  # another one compiles
        (folder / PID).write_text(str(os.getpid()))  # whoever must stop it (a test): the group leader
        if hasattr(os, "nice"):
            os.nice(10)  # the designer's own work first; its workers inherit it
        started = time.perf_counter()
        warmup.prepare()
        print(f"{time.strftime('%Y-%m-%d %H:%M:%S')}: compiled in {time.perf_counter() - started:.1f} s",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

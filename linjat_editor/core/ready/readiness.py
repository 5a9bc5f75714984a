"""The engine's kernels made ready for a program: the one call the command line, its server and the editor make.

``ready(families, work)`` looks at what is cached and chooses how this
process gets the named families:

- *warm*: everything is compiled; nothing to do (kernels load where first
  called), or, with ``load``, load them all now;
- *behind*, on a first start: the kernels answer as their Python
  (``tier.py``) while a detached process compiles them (``background_compile.py``),
  and this process loads each family as soon as it is compiled;
- *first*: compile what is needed here, on every core, before answering.

A command waits for the compile (``first``) when its work is more than the
Python tier answers in a few seconds (``PYTHON_TIER_WORK``) or when no
background compile can start (the built app, no writable cache); a program
that ``stays`` open (the editor) never waits: it compiles here, behind, instead.
A background compile that dies half done is finished here, after ``GONE_S``,
by the command line and the editor alike.

>>> COMMAND_FAMILIES["generate"]
('generator', 'optimizer', 'polish')
"""

from __future__ import annotations

import math
import sys
import threading
import time
from types import TracebackType
from typing import Callable, Iterable

from . import warmup

#: The kernel families (``warmup.FAMILIES``) each command of the ``linjat`` command line runs.
COMMAND_FAMILIES: dict[str, tuple[str, ...]] = {
    "solve": ("solver",), "count": ("count",), "analyze": ("analysis",), "calibrate": ("analysis",),
    "fill": ("fill",), "generate": ("generator", "optimizer", "polish"), "optimize": ("optimizer", "polish"),
}
#: Every family a command runs: what a warm engine server loads.
SERVED_FAMILIES = tuple(sorted({name for names in COMMAND_FAMILIES.values() for name in names}))
#: The most search work (iterations x cells) a first start answers from the kernels' Python while they compile:
#: some 10-30 s on two cores (docs/dev/first-start.md). More waits for the compile, as the Python would only slow it.
PYTHON_TIER_WORK = 100_000
#: Work the Python tier never takes: many levels (JSON Lines, a calibration).
UNBOUNDED = math.inf
#: How long a background compile may be gone, its families unfinished, before they are compiled here (it died).
#: Looked at this seldom, so the look never races the compile's own start for its lock.
GONE_S = 30.0


def _never() -> bool:
    return False


class Readiness:
    """How this process gets its kernels, from ``begin()`` (quick, in the caller's thread) to ``end()``.

    ``run()`` does the waiting part (loading, following a background compile,
    compiling here) in whatever thread the caller gives it; as a context
    manager it runs it in the caller's thread when the caller waits, else in
    a thread of its own that stops when the block ends.
    """

    def __init__(self, families: Iterable[str] | None = None, work: float = 0.0, *, stays: bool = False,
                 load: bool = False, say: Callable[[str], None] | None = None):
        self.names = tuple(families) if families is not None else None
        self.work = work
        self.stays = stays
        self.load = load
        self._say = say
        self.warm = False  # everything compiled: nothing compiles, no Python tier
        self.behind = False  # a first start answering as Python meanwhile
        self.background = False  # a background compile runs (or was already running)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def begin(self) -> Readiness:
        """Choose, and start what runs apart: the background compile, the Python tier. Takes no time worth a word."""
        from ..jit import tier
        from . import background_compile

        self.warm = warmup.compiled(self.names)
        if self.warm:
            return self
        fits = self.stays or self.work <= PYTHON_TIER_WORK
        self.background = fits and background_compile.start()
        if self.background or self.stays:
            self.behind = True
            tier.interpret()  # before any engine work starts, so none compiles where it runs first
            self._tell(warmup.COMPILING_BEHIND)
        else:
            self._tell(warmup.PREPARING)
        return self

    def run(self, on_ready: Callable[[warmup.Progress], None] | None = None,
            cancelled: Callable[[], bool] = _never) -> float:
        """Make the families ready in this process; each one ready goes to ``on_ready``; returns the seconds it took."""
        from . import background_compile

        started = time.perf_counter()
        if self.warm:
            if self.load:
                warmup.prepare(names=self.names, on_ready=on_ready, cancelled=cancelled)  # only loads
        elif self.background:
            background_compile.follow(self.names, on_ready=on_ready, cancelled=_or_gone(cancelled))
            if not cancelled() and not warmup.compiled(self.names):  # it died half done: the rest is compiled here
                warmup.prepare(names=self.names, on_ready=on_ready, cancelled=cancelled)
        else:  # waiting for it, or (``stays``) with no background compile to follow
            warmup.prepare(names=self.names, on_ready=on_ready, cancelled=cancelled)
        return time.perf_counter() - started

    def end(self) -> None:
        """The program is done with the engine's start: a thread of ours stops, the Python tier goes off."""
        from ..jit import tier

        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)  # between two families: one loads in well under a second
            self._thread = None
        if self.behind:
            tier.interpret(False)
            self.behind = False

    def __enter__(self) -> Readiness:
        self.begin()
        if self.behind:
            self._thread = threading.Thread(target=self._follow, name="linjat-load-kernels", daemon=True)
            self._thread.start()
        else:
            self.run()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.end()

    def _follow(self) -> None:
        try:
            self.run(cancelled=self._stop.is_set)
        except Exception:  # noqa: BLE001 - a family that will not load leaves its kernels running as Python
            pass

    def _tell(self, text: str) -> None:
        if self._say is not None:
            self._say(text)


def ready(families: Iterable[str] | None = None, work: float = 0.0, *, stays: bool = False, load: bool = False,
          say: Callable[[str], None] | None = None) -> Readiness:
    """The named families (default: all) made ready for ``work`` (iterations x cells; ``UNBOUNDED`` for many levels).

    ``stays``: the program stays open (the editor) and never waits for a
    compile; ``load``: a warm start loads every family at once (a server
    before it forks, the editor); ``say``: hears what a designer is told.
    """
    return Readiness(families, work, stays=stays, load=load, say=say)


def on_stderr(text: str) -> None:
    """``say`` for a command: one line on stderr."""
    print(f"linjat: {text}", file=sys.stderr, flush=True)


def _or_gone(cancelled: Callable[[], bool]) -> Callable[[], bool]:
    """``cancelled``, or true once the background compile has gone without finishing (looked at every ``GONE_S``)."""
    from . import background_compile

    checked = time.monotonic()

    def stop() -> bool:
        nonlocal checked
        if cancelled():
            return True
        if time.monotonic() - checked < GONE_S:
            return False
        checked = time.monotonic()
        return not background_compile.running()

    return stop

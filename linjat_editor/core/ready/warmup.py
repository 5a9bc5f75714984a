"""The engine's kernels in families, made ready before they are needed: loaded, or compiled on a first start.

A first start (nothing cached for this version of the kernels) compiles each
family in a process of its own, on every core, in the order a designer needs
them: the solver and the analysis first, the optimizer last. A family starts
once the families it calls are in the cache, so no two processes compile the
same kernel; the caller loads each family from the cache as soon as it is
there (a fraction of a second) and can use it while the rest compile.
A later start only loads, in this process.

>>> [family.name for family in FAMILIES][:3]
['board', 'rules', 'count']
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from ..level import Level

if TYPE_CHECKING:
    from ..kernels.board import Board

#: A small level that takes every kernel family through its paces.
SAMPLE_ROWS = (" 2  ", "   3", "3   ", "  2 ")
#: A small level with one solution: the leak search starts from a solution.
SOLVED_ROWS = ("    ", "    ", ".  4", "    ")


def _sample() -> Level:
    return Level.from_rows(list(SAMPLE_ROWS))


def _board() -> Board:
    from ..board import from_level
    from ..kernels.board import build_board

    b = from_level(_sample(), trace=True)
    build_board(b)
    return b


def _touch_board() -> None:
    _board()


def _touch_rules() -> None:
    """The rules one layer tries, each on its own (``layer`` then loads them)."""
    from ..kernels import rules, settled

    b = _board()
    rules.update_possible(b)
    rules.refresh_possible(b)
    rules.uncontested_no_cover(b)
    rules.cover(b)
    rules.single_solution(b, b.possible[0])
    rules.square(b)
    settled.cover_new(b, settled.newest_dot(b))
    settled.square_new(b, -1)


def _touch_harder_rules() -> None:
    """The three costliest rules: a process of their own beside the others."""
    from ..kernels import one_of, rules

    b = _board()
    rules.update_possible(b)
    rules.cant_fit(b, True)
    rules.dependency(b, -1)
    one_of.one_of(b, False)


def _touch_count() -> None:
    from ..exact import count_solutions

    count_solutions(_sample())


def _touch_solver() -> None:
    from ..solver import solve

    solve(_sample(), trace=True)


def _touch_sound() -> None:
    """The sound round, with the argument types the leak search passes (a row of the traced points: strided)."""
    import numpy as np

    from ..kernels.sound_round import sound_from

    b = _board()
    m = b.alive.size
    sound_from(b, np.zeros(2 * m, np.bool_)[::2], np.full(b.claimed.size, -1, np.int8), np.zeros(m, np.bool_))


def _touch_leaks() -> None:
    """The leak search, run on the sample's solution: an analysis reaches it only on a level that asks for it."""
    from ..analysis.leaks import general_leaks
    from ..solver import deduce

    trace = deduce(Level.from_rows(list(SOLVED_ROWS)), trace=True)
    assert trace.solution is not None
    general_leaks(trace, trace.solution)


def _touch_analysis() -> None:
    from ..analysis import analyze
    from ..scoring import PRESETS

    analyze(_sample(), PRESETS["easy"])


def _touch_fill() -> None:
    from ..generator import fill_dots

    fill_dots(_sample().without_dots(), seed=0)


def _touch_polish() -> None:
    from ..generator import fill_dots
    from ..polish import polish_dots
    from ..scoring import PRESETS

    filled = fill_dots(_sample(), seed=0).level  # polish leaves a level without a unique solution alone
    polish_dots(filled, PRESETS["easy"], 2, seed=0)


def _touch_optimizer() -> None:
    """A run, and its first level's search (``first_level`` calls the mutation kernel from Python: a
    warm server that had not loaded it loaded it again in every ``generate``'s child)."""
    from ..optimizer import Optimizer
    from ..scoring import PRESETS
    from ..starts import first_level

    Optimizer(_sample(), PRESETS["easy"], seed=0).run(2)
    first_level(4, 4, 3, PRESETS["easy"], seed=0)


def _touch_generator() -> None:
    from ..generator import random_level

    random_level(4, 4, 3, seed=0)


@dataclass(frozen=True)
class Family:
    """Kernels compiled together: ``touch`` runs each once; ``needs``: families whose kernels they call.

    ``cost``: its compile's share of a first start, in CPU seconds (measured in
    docs/dev/first-start.md), for the estimate of the time left.
    """

    name: str
    label: str
    touch: Callable[[], None]
    needs: tuple[str, ...] = ()
    cost: float = 1.0


#: In the order a designer needs them (a family never before one it needs).
FAMILIES: tuple[Family, ...] = (
    Family("board", "the board", _touch_board, (), 2),
    Family("rules", "the rules", _touch_rules, ("board",), 7),
    Family("count", "the exact count", _touch_count, (), 4),
    Family("harder rules", "the harder rules", _touch_harder_rules, ("board",), 6),
    Family("solver", "the solver", _touch_solver, ("rules", "harder rules", "count"), 9.5),
    Family("sound", "the sound round", _touch_sound, ("rules", "harder rules"), 3.5),
    # Its own family: the sample's analysis never reaches it, and it is the costliest the analysis calls.
    Family("leaks", "the leak search", _touch_leaks, ("sound",), 14),
    Family("analysis", "the analysis", _touch_analysis, ("solver", "sound", "leaks"), 0.5),
    Family("fill", "the dot fill", _touch_fill, ("solver", "leaks"), 13),  # a fill is checked for leaks
    Family("generator", "the generator", _touch_generator, ("fill",), 0.5),
    Family("polish", "the polish", _touch_polish, ("fill",), 15),
    Family("optimizer", "the optimizer", _touch_optimizer, ("fill", "leaks"), 18),  # its pool tests every level for leaks
)
BY_NAME = {family.name: family for family in FAMILIES}


def with_needs(names: Iterable[str]) -> list[Family]:
    """The named families and all they need, in ``FAMILIES`` order."""
    wanted: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo.extend(BY_NAME[name].needs)
    return [family for family in FAMILIES if family.name in wanted]


def _compile_in_worker(name: str) -> None:
    from ..jit import cache

    BY_NAME[name].touch()
    cache.mark_ready(name)


@dataclass
class Progress:
    """Where a preparation is: ``done`` of ``total`` families, the one just ready, seconds so far and to go."""

    done: int
    total: int
    ready: str
    elapsed: float
    remaining: float | None  # None until something was compiled (loading takes no time worth saying)

    def text(self) -> str:
        """What a designer reads, e.g. "preparing the engine: the solver ready (5 of 11), about 20 s left"."""
        left = f", about {max(1, round(self.remaining))} s left" if self.remaining is not None and self.done < self.total else ""
        return f"preparing the engine: {BY_NAME[self.ready].label} ready ({self.done} of {self.total}){left}"


def cold(names: Iterable[str] | None = None) -> list[Family]:
    """The families (with what they need) whose kernels are not cached yet: a start would compile them."""
    from ..jit import cache

    return [f for f in with_needs(names if names is not None else BY_NAME) if not cache.is_ready(f.name)]


def compiled(names: Iterable[str] | None = None) -> bool:
    """True when a start will not compile: the named families (default: all) are shipped or cached."""
    return not cold(names)


#: What the editor and the command line say while a first start compiles before answering.
PREPARING = "preparing the engine: the first start after an install compiles it once (about a minute of CPU)…"
#: What they say while it compiles in the background, the engine answering meanwhile from its slower Python.
COMPILING_BEHIND = ("first start: the engine compiles in the background for the next start (a minute or two of CPU); "
                    "meanwhile it runs as plain Python, slower")


class Tally:
    """A preparation of the named families (default: all): what it makes ready, in order, and how far it is."""

    def __init__(self, names: Iterable[str] | None = None):
        self.families = with_needs(names if names is not None else BY_NAME)
        self.to_compile = {f.name for f in cold(names)}
        self._total = sum(f.cost for f in self.families if f.name in self.to_compile)
        self._started = time.perf_counter()
        self._done: list[str] = []

    def ready(self, family: Family) -> Progress:
        """``family`` is ready: the progress, with the time left estimated from the compile cost done so far."""
        self._done.append(family.name)
        elapsed = time.perf_counter() - self._started
        compiled = sum(BY_NAME[n].cost for n in self._done if n in self.to_compile)
        remaining = elapsed * (self._total - compiled) / compiled if compiled else None
        return Progress(len(self._done), len(self.families), family.name, elapsed, remaining)

    def is_done(self, name: str) -> bool:
        return name in self._done


def prepare(names: Iterable[str] | None = None, on_ready: Callable[[Progress], None] | None = None,
            workers: int | None = None, cancelled: Callable[[], bool] = lambda: False) -> float:
    """Make the named families (default: all) ready in this process; returns the seconds it took.

    Families not cached yet are compiled in ``workers`` processes (default: one
    per core) and loaded here as soon as each is done; the others are loaded
    first. ``on_ready`` hears of every family ready, in this thread.
    """
    from ..jit import cache, tier

    tally = Tally(names)
    families, to_compile = tally.families, tally.to_compile
    started = time.perf_counter()

    def ready(family: Family) -> None:
        with tier.compiling():
            family.touch()  # from the cache, or compiled here if no worker did
        if family.name in to_compile:
            cache.mark_ready(family.name)
        progress = tally.ready(family)
        if on_ready is not None:
            on_ready(progress)

    for family in families:
        if cancelled():
            return time.perf_counter() - started
        if family.name not in to_compile:
            ready(family)
    waiting = [f for f in families if f.name in to_compile]
    if len(waiting) <= 1:  # a process would cost more than it spares
        for family in waiting:
            if not cancelled():
                ready(family)
        return time.perf_counter() - started
    count = max(1, min(workers or os.cpu_count() or 1, len(waiting)))
    context = multiprocessing.get_context("spawn")  # never fork a process that runs Qt or threads
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context)
    try:
        running: dict[Future[None], Family] = {}
        while (waiting or running) and not cancelled():
            for family in list(waiting):
                if len(running) < count and all(tally.is_done(n) for n in family.needs):
                    waiting.remove(family)
                    running[pool.submit(_compile_in_worker, family.name)] = family
            finished, _ = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                family = running.pop(future)
                future.result()  # a worker's error is this process' error
                ready(family)
    finally:
        if cancelled():  # the editor closes: a compile half done is dropped (cache files are written whole)
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    return time.perf_counter() - started

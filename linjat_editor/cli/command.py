"""The ``linjat`` command's parser and entry point: the engine and the file formats from a terminal.

Every subcommand calls the same engine the editor uses. Bad input ends with
one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from linjat_editor import __version__
from linjat_editor.core import LevelError
from linjat_editor.io import FormatError

from . import analyze, bench, engine, playtests, servers, sets
from .errors import one_line
from .options import Parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="linjat", description="Linjat level engine: solve, count, generate, fill, optimize, analyze.")
    parser.add_argument("--version", action="version", version=f"linjat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    engine.add_parsers(sub)
    analyze.add_analyze_parser(sub)
    analyze.add_calibrate_parser(sub)
    sets.add_parsers(sub)
    playtests.add_parser(sub)
    bench.add_parser(sub)
    servers.add_parser(sub)
    return parser


#: The engine's kernel families (core/jit/warmup.py) each command runs; a first start compiles them on every core.
_FAMILIES = {
    "solve": ("solver",), "count": ("count",), "analyze": ("analysis",), "calibrate": ("analysis",),
    "fill": ("fill",), "generate": ("generator", "optimizer", "polish"), "optimize": ("optimizer", "polish"),
}


#: Every family a command runs: what a warm engine server (server.py) loads.
SERVED_FAMILIES = tuple(sorted({name for names in _FAMILIES.values() for name in names}))


#: Set when a command ends: stops the thread loading the kernels as the background compile makes them.
_STOP_LOADING = threading.Event()
#: That thread, while it runs.
_loading: list[threading.Thread] = []
#: Whether this command turned the Python tier on (a first start).
_interpreting = False
#: Whether this command found its kernels compiled: it loaded them, compiling nothing.
_warm = False


def ran_warm() -> bool:
    """Whether the last command ran the engine from compiled kernels (no compile, no Python tier)."""
    return _warm


def _end_first_start() -> None:
    """The command ended: the compile goes on in its own process; a caller passing argv lives on, compiling as before.

    The thread loading kernels stops between two families; it is waited for
    (a family loads in well under a second) rather than left inside numba
    while the interpreter shuts down.
    """
    global _interpreting
    _STOP_LOADING.set()
    while _loading:
        _loading.pop().join(timeout=30)
    if _interpreting:
        from linjat_editor.core.jit import tier

        tier.interpret(False)
        _interpreting = False


def _prepare_engine(args: argparse.Namespace) -> None:
    """On a first start, answer from the kernels' Python while they compile in the background, saying so on stderr.

    A command bigger than that suits (``engine.fits_python_tier``), or where no
    background compile can run (the built app, no writable cache), compiles
    what it needs first, in parallel.
    """
    global _interpreting, _warm
    command = args.command
    if command not in _FAMILIES:
        return
    from linjat_editor.core.jit import warmup

    if warmup.compiled(_FAMILIES[command]):
        _warm = True
        return
    from linjat_editor.core.jit import background_compile
    from linjat_editor.core.jit import tier

    if not engine.fits_python_tier(args) or not background_compile.start():
        print(f"linjat: {warmup.PREPARING}", file=sys.stderr, flush=True)
        warmup.prepare(_FAMILIES[command])
        return
    print(f"linjat: {warmup.COMPILING_BEHIND}", file=sys.stderr, flush=True)
    tier.interpret()
    _interpreting = True

    def load() -> None:
        try:
            background_compile.follow(_FAMILIES[command], cancelled=_STOP_LOADING.is_set)
        except Exception:  # noqa: BLE001 - a family that will not load leaves its kernels running as Python
            pass

    thread = threading.Thread(target=load, name="linjat-load-kernels", daemon=True)
    thread.start()
    _loading.append(thread)


#: The collector's first-generation threshold while the command runs as the program (Python's default is 700):
#: above the some 150,000 objects a 'linjat generate' ends with, so a short command never collects, and a long one
#: still does once it has made a few times its start-up heap.
PROGRAM_GC_THRESHOLD = 500_000


def as_program() -> None:
    """Settings for a process that runs one command and ends (callers passing argv keep their own).

    Most of a short command's allocations are numba's start-up (its type
    system, the loaded kernels), objects that live to the end: collecting
    every 700 of them only walks them again and finds nothing (about 0.05 s
    of a 'linjat generate'; even one collection of them costs 0.02 s), so
    collect rarely. The engine does no linear algebra: one BLAS thread
    spares numpy's import starting a thread per core (another 0.05 s of
    CPU). Both before numpy is imported.
    """
    gc.set_threshold(PROGRAM_GC_THRESHOLD)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    global _warm
    if argv is None:
        as_program()
    _warm = False
    parser = build_parser()
    args = parser.parse_args(argv)
    _STOP_LOADING.clear()
    with _terminate_like_interrupt():
        try:
            status = _run(args)
        finally:
            _end_first_start()
    if argv is None:
        # Run as the program, so the process ends next and everything left is
        # garbage anyway: spare the interpreter's last collections a walk over
        # numba's whole object graph (a tenth of a second or more). A caller
        # passing argv (tests, scripts) goes on living: its heap stays collectable.
        gc.freeze()
    return status


def _run(args: argparse.Namespace) -> int:
    try:
        engine.check_arguments(args)
        args.prepare_engine = functools.partial(_prepare_engine, args)
        if not getattr(args, "jsonl", None):
            args.prepare_engine()  # JSON Lines: once the first level is read (jsonl.each_line)
        return int(args.func(args))
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error; keep Python quiet at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("linjat: interrupted", file=sys.stderr)
        return 130
    except (FormatError, LevelError, ValueError, OSError, RuntimeError, MemoryError) as error:
        # RecursionError is a RuntimeError; MemoryError: a size check missed something, still one line.
        print(f"linjat: error: {one_line(error, args)}", file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - a bug of ours: still one line, and a distinct status
        print(f"linjat: internal error (please report): {type(error).__name__}: {one_line(error, args)}",
              file=sys.stderr)
        return 3


@contextmanager
def _terminate_like_interrupt() -> Iterator[None]:
    """While a command runs, SIGTERM ends it like Ctrl-C does: workers stopped, finished work kept, one line.

    A command started with SIGTERM ignored keeps ignoring it (POSIX: an
    ignored signal stays ignored, as ``nohup`` and shells rely on).
    """
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)

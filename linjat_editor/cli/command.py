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
from typing import Iterator, NamedTuple, Sequence

from linjat_editor import __version__
from linjat_editor.core import LevelError
from linjat_editor.core.ready.readiness import COMMAND_FAMILIES, Readiness, on_stderr, ready
from linjat_editor.io import FormatError

from . import analyze, bench, engine, playtests, servers, sets
from .errors import one_line
from .options import Parser
from .request import Request


@functools.lru_cache(maxsize=1)
def build_parser() -> argparse.ArgumentParser:
    """The whole command line's parser, built once per process: parsing never changes it, and building it
    (some 110 options, each asking the terminal's width) took 7 ms of every short command. The warm
    engine server builds it before it forks, so its children only parse."""
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


def _prepare_engine(request: Request, started: list[Readiness]) -> None:
    """The command's kernels made ready, once, until it ends (``core/ready/readiness.py``); what it says goes to stderr."""
    if started or request.command not in COMMAND_FAMILIES:
        return
    readiness = ready(COMMAND_FAMILIES[request.command], engine.search_work(request), say=on_stderr)
    started.append(readiness)  # ended with the command, even if an interrupt cuts its start short
    readiness.__enter__()


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


class Outcome(NamedTuple):
    """A command's exit status, and whether it ran the engine from compiled kernels (nothing compiled, no Python tier)."""

    status: int
    warm: bool


def main(argv: Sequence[str] | None = None) -> int:
    return run(argv).status


def run(argv: Sequence[str] | None = None) -> Outcome:
    """One command: ``argv`` (default: this program's) parsed and run; the engine's start ends with it."""
    if argv is None:
        as_program()
    parser = build_parser()
    args = parser.parse_args(argv)
    started: list[Readiness] = []
    with _terminate_like_interrupt():
        try:
            status = _run(Request.of(args), started)
        finally:
            for readiness in started:
                readiness.end()  # the compile goes on in its own process; the Python tier goes off
    if argv is None:
        # Run as the program, so the process ends next and everything left is
        # garbage anyway: spare the interpreter's last collections a walk over
        # numba's whole object graph (a tenth of a second or more). A caller
        # passing argv (tests, scripts) goes on living: its heap stays collectable.
        gc.freeze()
    return Outcome(status, bool(started) and all(r.warm for r in started))


def _run(request: Request, started: list[Readiness]) -> int:
    try:
        request = engine.check_arguments(request).prepared_by(lambda ready: _prepare_engine(ready, started))
        if not request.jsonl:
            request.prepare_engine()  # JSON Lines: once the first level is read (jsonl.each_line)
        return int(request.options.func(request))
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error; keep Python quiet at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("linjat: interrupted", file=sys.stderr)
        return 130
    except (FormatError, LevelError, ValueError, OSError, RuntimeError, MemoryError) as error:
        # RecursionError is a RuntimeError; MemoryError: a size check missed something, still one line.
        print(f"linjat: error: {one_line(error, request)}", file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - a bug of ours: still one line, and a distinct status
        print(f"linjat: internal error (please report): {type(error).__name__}: {one_line(error, request)}",
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

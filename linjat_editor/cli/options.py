"""Whole-number options with bounds, and a parser whose usage errors are one line.

A value out of range is refused when the command line is read, with the
limit in the message: a 31-digit ``--limit`` once reached a kernel as an
untyped Python int (an internal error), and ``--workers 100000`` started
threads until the system refused one.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Callable, NoReturn

from linjat_editor.core.limits import MAX_NUMBERS, MAX_WORKERS
from linjat_editor.io.errors import printable, shorten

#: ``count --limit``: solutions counted at most (the counter keeps 16; the rest are only counted).
MAX_LIMIT = 1_000_000_000
#: Optimizer iterations in one run (the original used 10,000-50,000 a level).
MAX_ITERATIONS = 1_000_000_000
#: ``batch --count``: a set this big still reads back (the readers take 200,000 JSON objects).
MAX_BATCH = 10_000
#: ``batch --workers``: worker processes, each with its own engine in memory.
MAX_PROCESSES = 64


class Parser(argparse.ArgumentParser):
    """Usage errors are one line on stderr and exit status 2, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        print(f"linjat: error: {printable(shorten(message))} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def whole_number(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: an int from ``low`` to ``high``; otherwise a message naming the range."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low:,} to {high:,}{what}, not {shorten(repr(text), 40)}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def one_of(allowed: tuple[int, ...]) -> Callable[[str], int]:
    """An argparse type: one of the whole numbers ``allowed``; otherwise a message listing them."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value not in allowed:
            listed = ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}"
            raise argparse.ArgumentTypeError(f"must be {listed}, not {shorten(repr(text), 40)}")
        return value

    parse.__name__ = "whole number"
    return parse


LIMIT = whole_number(1, MAX_LIMIT)
ITERATIONS = whole_number(0, MAX_ITERATIONS)
WORKERS = whole_number(1, MAX_WORKERS, " (threads)")
PROCESSES = whole_number(1, MAX_PROCESSES, " (processes)")
BATCH_COUNT = whole_number(1, MAX_BATCH, " (levels)")
NUMBERS = whole_number(1, MAX_NUMBERS)
#: Any 64-bit seed (the generator folds a seed to 64 bits anyway).
SEED = whole_number(-(2**63), 2**64 - 1)


def finite_number(text: str) -> float:
    """An argparse type: a real number; ``nan`` and ``inf`` are words float() takes, but no score is one."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, not {shorten(repr(text), 40)}")
    return value


finite_number.__name__ = "number"


def kinds_list(text: str) -> str:
    """An argparse type: techniques separated by commas, none of them empty (the names are checked where used)."""
    if any(not part.strip() for part in text.split(",")):
        raise argparse.ArgumentTypeError(
            f"give technique names separated by commas, none empty, not {shorten(repr(text), 40)} "
            "(the option alone: none)")
    return text


kinds_list.__name__ = "techniques"

#: The protocols of a Dask scheduler in another process (``inproc://`` is within one process only).
SCHEDULER_PROTOCOLS = ("tcp", "tls", "ucx", "ws", "wss")


def scheduler_address(text: str) -> str:
    """An argparse type: ``[PROTOCOL://]HOST[:PORT]`` with a host (``--scheduler ""`` once ran locally unsaid)."""
    protocol, sep, where = text.strip().rpartition("://")
    if not where.strip("/:") or (sep and protocol not in SCHEDULER_PROTOCOLS):
        raise argparse.ArgumentTypeError(
            f"give a Dask scheduler's address such as tcp://HOST:8786 "
            f"({', '.join(p + '://' for p in SCHEDULER_PROTOCOLS)}), not {shorten(repr(text), 40)}")
    return text

"""Bounds on how much work one request may ask for, shared by the engine and the command line.

Light on purpose (no numba): the CLI's parser checks its options against these
before the engine loads.
"""

from __future__ import annotations

import os

from .level import LevelError

#: Numbers in a level: the solver keeps "which numbers can reach this cell" as a 64-bit mask.
MAX_NUMBERS = 64


def check_numbers(count: int) -> None:
    """A clear error for more numbers than the engine's masks hold (the CLI asks before it loads the engine)."""
    if count > MAX_NUMBERS:
        raise LevelError(f"{count} numbers: the engine handles at most {MAX_NUMBERS}")

#: Optimizer islands (threads) at most. Each costs its own pool; 100,000 once took 1.2 GB
#: and a minute before the system refused another thread. Far above any machine's cores.
MAX_WORKERS = 256


def default_workers() -> int:
    """One island per core (at most ``MAX_WORKERS``): what ``linjat generate`` and the editor's optimizer use."""
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


#: Aim for kernel calls this long: short enough that a stop, Ctrl-C or a
#: progress report comes promptly, long enough that the Python between two
#: calls costs nothing measurable.
CHUNK_SECONDS = 0.03


def next_chunk(chunk: int, done: int, spent: float) -> int:
    """The next kernel call's share of work, after the last one did ``done`` of a ``chunk`` in ``spent``
    seconds: towards ``CHUNK_SECONDS``, at most four times the chunk."""
    return max(1, min(chunk * 4, int(done * CHUNK_SECONDS / max(spent, 1e-6))))

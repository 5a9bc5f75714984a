"""The ``linjat`` command: one module per verb group, all calling the same engine as the editor.

``command.py`` builds the parser; ``engine.py`` (solve, count, generate, optimize),
``analyze.py`` (analyze, calibrate), ``sets.py`` (batch, export), ``servers.py``
and ``bench.py`` add their verbs; ``progress.py`` is the terminal progress bar.
``client.py`` is the program: it hands the command to a warm engine server
(``server.py``) when one listens, and runs it in its own process otherwise.

Importing this package loads neither numpy nor numba: a command handed to a
server never needs them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # importing typing would cost a command handed to a server 3 ms of its start
if TYPE_CHECKING:
    from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """``linjat``: the program (``argv`` None), or one command in this process (``argv`` given)."""
    from .client import main as program

    return program(argv)


__all__ = ["main"]

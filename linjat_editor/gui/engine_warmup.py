"""The editor's engine start: every engine action works at once, the window only shows how far a first compile is.

The editor never waits (``core/ready/readiness.py`` with ``stays``): on a first
start the engine answers from the kernels' plain Python while a detached
process compiles them (or, where none can run, a worker here), and each family
loads as soon as it is compiled; a later start loads every family in a worker.
"""

from __future__ import annotations

from typing import Any

from linjat_editor.core.ready.readiness import Readiness, ready

#: What the status bar says first on a first start: the truth in one short line.
FIRST_START = "First start: compiling the engine in the background; everything works meanwhile, slower"


def begin() -> Readiness:
    """The editor's readiness, begun in the GUI thread: on a first start the Python tier is on before any engine work."""
    return ready(stays=True, load=True).begin()


def warm_up(readiness: Readiness, job: Any = None) -> float:
    """In a worker: every family made ready here, each reported to ``job``; returns the seconds it took.

    Ends the readiness (the Python tier off) when every family is loaded, the
    window closed, or loading failed (then the engine compiles where called).
    """
    try:
        if job is None:
            return readiness.run()
        return readiness.run(job.progress, job.cancelled)
    finally:
        readiness.end()

"""The ``linjat`` command run as a user runs it, in a process of its own: one way for every test."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any, Callable

#: ``linjat`` in a fresh interpreter, as the installed command runs it.
LINJAT = [sys.executable, "-m", "linjat_editor.cli"]


def linjat_argv(*args: str) -> list[str]:
    return [*LINJAT, *args]


def run_linjat(*args: str, **options: Any) -> subprocess.CompletedProcess[Any]:
    """``linjat ARGS`` to its end; ``options`` as ``subprocess.run`` takes them (output captured unless
    ``stdout``/``stderr`` are given; a 300 s timeout unless one is)."""
    if "stdout" not in options and "stderr" not in options:
        options.setdefault("capture_output", True)
    options.setdefault("timeout", 300)
    return subprocess.run(linjat_argv(*args), **options)


def start_linjat(*args: str, **options: Any) -> subprocess.Popen[Any]:
    """``linjat ARGS`` started, not waited for; ``options`` as ``subprocess.Popen`` takes them."""
    return subprocess.Popen(linjat_argv(*args), **options)


def wait_for(condition: Callable[[], object], timeout: float = 20.0) -> None:
    """Until ``condition()`` holds; fails the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)

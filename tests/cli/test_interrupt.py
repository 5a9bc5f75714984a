"""Ctrl-C in the middle of a search ends the command with one line and status 130, never a crash.

A kernel called from Python that returned a NamedTuple crashed the process
(SIGSEGV) when Ctrl-C arrived as numba built that tuple: building it runs the
class's Python ``__new__``, where the pending KeyboardInterrupt is raised, and
numba does not expect an error there (numba 0.68; 7 of 8 interrupted
one-worker generates crashed, 2026-11-27). With one worker the islands'
kernels run on the main thread, which is where Python delivers the signal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from ..command_line import start_linjat

#: Enough for the search to run well past any start-up, on any machine.
ITERATIONS = "2000000"


def _interrupted_generate(workers: int, after: float) -> tuple[int, str]:
    env = dict(os.environ, LINJAT_SERVER="0")  # the command in this process we watch (test_server covers served ones)
    process = start_linjat("generate", "--size", "13x9", "--numbers", "26", "--iterations", ITERATIONS, "--seed", "3",
                           "--workers", str(workers), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    try:
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    return process.returncode, err


# One worker at several moments: the crash came from a signal landing in a short window of each kernel
# call on the main thread. Two workers' kernels run on other threads; once is enough there.
@pytest.mark.parametrize("workers, moments", [(1, (1.5, 1.8, 2.1)), (2, (1.6,))])
def test_ctrl_c_during_a_search_is_one_line_and_130(workers: int, moments: tuple[float, ...]) -> None:
    for after in moments:
        status, err = _interrupted_generate(workers, after)
        assert (status, err) == (130, "linjat: interrupted\n"), (workers, after, status, err)

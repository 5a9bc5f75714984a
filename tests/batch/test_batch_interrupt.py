"""An interrupted batch keeps what it finished; a killed one leaves no worker behind.

The CLI runs in a child process, as a user's terminal would; its workers are
found as its children (``/proc``) while it runs, then watched after the
signal. A bad ``--scheduler`` is one line within 10 s.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from linjat_editor.io import read_set

from ..command_line import run_linjat, start_linjat

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds workers through /proc")

#: Long enough that the batch is surely still running when signalled, short enough to finish some levels.
BATCH = ["batch", "--preset", "medium", "--count", "40", "--iterations", "20000", "--workers", "2", "--seed", "3"]


def _children(pid: int) -> set[int]:
    kids = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                kids.add(int(entry))
    return kids


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _start(out: Path) -> subprocess.Popen[str]:
    # In its own process, not a warm server's child (cli/server.py): the workers are found as its children.
    return start_linjat(*BATCH, "-o", str(out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                        env={**os.environ, "LINJAT_SERVER": "0"})


def _wait_for_workers(proc: subprocess.Popen[str], count: int = 3) -> set[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        kids = _children(proc.pid)  # the workers and the resource tracker
        if len(kids) >= count:
            return kids
        time.sleep(0.2)
    pytest.fail("the batch never started its workers")


def _left_after(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = {p for p in pids if _running(p)}
        if not alive:
            return alive
        time.sleep(0.1)
    return {p for p in pids if _running(p)}


def test_sigint_keeps_the_finished_levels(tmp_path: Path) -> None:
    out = tmp_path / "set.json"
    proc = _start(out)
    workers = _wait_for_workers(proc)
    deadline = time.monotonic() + 90
    while not out.exists() and time.monotonic() < deadline:  # until a level or two is done
        time.sleep(0.2)
    assert out.exists(), "no level finished in 90 s"
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=30)[1]
    assert proc.returncode == 130
    message = err.split("\r")[-1].strip().splitlines()[-1]
    kept = read_set(out)  # a valid set of what was done
    assert 1 <= len(kept) < 40
    assert message == f"linjat: interrupted: {len(kept)} of 40 levels finished, written to {out}"
    assert "Traceback" not in err and "Error" not in err, err  # the workers stopped in order: nothing else said
    assert not _left_after(workers, 10)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_orphans_when_the_parent_is_killed(tmp_path: Path, sig: signal.Signals) -> None:
    proc = _start(tmp_path / "set.json")
    workers = _wait_for_workers(proc)
    proc.send_signal(sig)
    proc.communicate(timeout=30)
    left = _left_after(workers, 10)
    for pid in left:  # do not leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    print(f"\n{sig.name}: {len(workers)} children, {len(left)} left after 10 s")
    assert not left


def _one_line(address: str) -> tuple[str, float]:
    """The command's error line for a bad scheduler, and how long the command took in all."""
    started = time.monotonic()
    run = run_linjat("batch", "--preset", "easy", "--count", "2", "--scheduler", address, "-o", os.devnull, text=True,
                     timeout=60)
    took = time.monotonic() - started
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert run.stderr.startswith("linjat: error: ") and "Traceback" not in run.stderr
    return run.stderr, took


@pytest.fixture
def not_dask() -> tuple[str, str]:
    """Two local TCP services that are not Dask: one answers like a web server, one says nothing."""
    talker, silent = socket.socket(), socket.socket()
    for s in (talker, silent):
        s.bind(("127.0.0.1", 0))
        s.listen(8)
    stop = threading.Event()

    def serve() -> None:
        talker.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = talker.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 50)
                time.sleep(0.5)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield (f"tcp://127.0.0.1:{talker.getsockname()[1]}", f"tcp://127.0.0.1:{silent.getsockname()[1]}")
    stop.set()
    thread.join()
    talker.close()
    silent.close()


def test_bad_schedulers_are_one_line_within_10_s(not_dask: tuple[str, str]) -> None:
    pytest.importorskip("distributed")
    talker, silent = not_dask
    said, start_up = _one_line("tls://127.0.0.1:1")  # refused at once: what the command's start alone costs
    assert "TLS" in said
    for address, reason in ((talker, "does not answer like a Dask scheduler"), (silent, "no answer")):
        said, took = _one_line(address)
        assert reason in said
        # The wait for the scheduler, beyond the start (Python, Dask's import: slower on a loaded machine).
        assert took - start_up < 10, (address, took, start_up)

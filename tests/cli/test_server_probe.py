"""The hostile probe's cases (issue 48): a served command is the command in-process for every stream state,
signal, exit status and locale; servers do not pile up; no changed source is served stale.

Each case once failed: a closed standard input hung the client (its own socket became the command's input); a
killed command's client crashed with a traceback and exit 1; no server could start without a locale; ten
settings kept ten servers; an edit keeping size and modification time was served by the old code; a command
started with Ctrl-C ignored stopped on it in-process (not served); a 40x40 search ignored SIGTERM for minutes.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.cli import command, servers

from ..command_line import start_linjat, wait_for
from .served import LONG_GENERATE, TUTORIAL, Linjat, cpu_seconds, gone, servers_folder

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the server runs on Linux only")

#: A search whose first level alone took 150 s (in one kernel call) on this machine, ignoring SIGTERM meanwhile.
BIG_GENERATE = ["generate", "--size", "40x40", "--numbers", "50", "--iterations", "10", "--seed", "1", "--workers", "1"]


def _closing(fd: int) -> Callable[[], None]:
    return lambda: os.close(fd)


def _ignoring(signum: int) -> Callable[[], None]:
    return lambda: signal.signal(signum, signal.SIG_IGN)


def _both_ways(linjat: Linjat, args: list[str], preexec: Callable[[], None] | None = None,
               during: Callable[[subprocess.Popen[bytes]], None] | None = None) -> list[tuple[bytes, bytes, int]]:
    """(stdout, stderr, exit status) in-process, then through the server (within 60 s: a hang fails)."""
    results = []
    for server in ("0", "1"):
        process = subprocess.Popen(linjat.argv(*args), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, cwd=linjat.folder, env={**linjat.env, "LINJAT_SERVER": server},
                                   preexec_fn=preexec)
        try:
            if during is not None:
                during(process)
            out, err = process.communicate(timeout=60)
        finally:
            process.kill()
            process.wait()
        results.append((out, err, process.returncode))
    return results


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


# -- 1. closed standard streams ------------------------------------------------------------------------------------


@pytest.mark.parametrize("fd, args", [
    (0, ["solve", "-"]),  # the probe's hang: the client's socket was the command's standard input
    (1, ["solve", "tutorial.json"]),  # the socket would have been its standard output
    (2, ["solve", "bad.json"]),  # and its standard error
])
def test_a_closed_standard_stream_is_as_in_process(served: Linjat, fd: int, args: list[str]) -> None:
    (served.folder / "tutorial.json").write_text(TUTORIAL)
    (served.folder / "bad.json").write_text('["3 ", "x "]')
    here, there = _both_ways(served, args, preexec=_closing(fd))
    assert there == here
    if fd == 0:
        assert here == (b"", b"linjat: error: <stdin>: standard input is closed\n", 2)
    assert served.status() is not None  # the server still serves


# -- 2. the command's process killed -------------------------------------------------------------------------------


def test_a_killed_command_is_one_line_and_its_signal(linjat: Linjat) -> None:
    """As the OOM killer does: SIGKILL to the server's child. The caller says so and ends by the same signal."""
    server = linjat.start_server()
    process = linjat.popen(*LONG_GENERATE, "-o", "x.json")
    wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
    (child,) = _children(server["pid"])
    # Killed while it runs the command, as the OOM killer finds it: a child killed before the client heard it
    # start is one no command ran in, and the client rightly runs the command itself (seen under load).
    wait_for(lambda: cpu_seconds(child) >= 0.5, 30)
    os.kill(child, signal.SIGKILL)
    out, err = process.communicate(timeout=30)
    assert (out, err, process.returncode) == (b"", b"linjat: the command was killed (signal 9)\n", -signal.SIGKILL)
    here = linjat.popen(*LONG_GENERATE, "-o", "x.json")
    here.kill()  # the same command killed in-process: no line of its own, the same status
    assert here.wait(30) == process.returncode
    assert not (linjat.folder / "x.json").exists()


# -- 3. long kernel calls honour SIGTERM and Ctrl-C ----------------------------------------------------------------


def test_sigterm_ends_a_big_search_in_process(tmp_path: Path) -> None:
    process = start_linjat(*BIG_GENERATE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                           env={**os.environ, "LINJAT_SERVER": "0"})
    try:
        wait_for(lambda: cpu_seconds(process.pid) >= 3, 60)  # numba loaded, the first level searched for
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=20)  # it ran on for minutes
    finally:
        process.kill()
    assert (out, err, process.returncode) == (b"", b"linjat: interrupted\n", 130)


def test_sigterm_and_a_killed_caller_end_a_big_served_search(linjat: Linjat) -> None:
    server = linjat.start_server()
    for end in (signal.SIGTERM, signal.SIGKILL):
        process = linjat.popen(*BIG_GENERATE)
        wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
        (child,) = _children(server["pid"])
        wait_for(lambda: cpu_seconds(child) >= 1, 30)
        process.send_signal(end)
        out, err = process.communicate(timeout=20)
        if end == signal.SIGTERM:
            assert (out, err, process.returncode) == (b"", b"linjat: interrupted\n", 130)
        wait_for(lambda: (linjat.the_server() or {}).get("running") == 0, 20)  # the child too, not minutes on


# -- 4. no locale --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", [None, "xx_YY.UTF-8"])
def test_a_server_serves_without_a_locale(tmp_path: Path, lang: str | None) -> None:
    """Python turns UTF-8 mode on in the C locale (and sets LC_CTYPE): the server must come out the same."""
    linjat = Linjat(tmp_path, servers_folder(f"locale-{lang}"))
    for name in [n for n in linjat.env if n.startswith("LC_") or n in ("LANG", "LANGUAGE", "PYTHONUTF8")]:
        del linjat.env[name]
    if lang:
        linjat.env["LANG"] = lang
    try:
        linjat.start_server()
        here = linjat.in_process("count", "-", stdin=TUTORIAL)
        assert linjat.run("count", "-", stdin=TUTORIAL, served=True) == here
    finally:
        linjat.stop()


# -- 6. a cap on servers, lock files cleaned ------------------------------------------------------------------------


def test_servers_are_capped_and_leave_no_lock_files(tmp_path: Path) -> None:
    """Each setting its own server (a fingerprint each); at most LINJAT_SERVER_MAX, the longest idle leaves."""
    folder = servers_folder("capped")
    clis = [Linjat(tmp_path, folder, LINJAT_SERVER_MAX="2", LINJAT_PROBE=str(i)) for i in range(3)]
    try:
        pids = []
        for cli in clis:
            (tmp_path / "tutorial.json").write_text(TUTORIAL)
            cli.run("solve", "tutorial.json")
            wait_for(lambda: cli.status() is not None, 60)
            pids.append(cli.status()["pid"])  # type: ignore[index]
        assert gone(pids[0], 20), "the longest idle server did not leave"
        assert sorted(s["pid"] for s in servers.listening(str(folder))) == sorted(pids[1:])
        wait_for(lambda: len(list(folder.glob("*.lock"))) == 2, 10)
    finally:
        clis[0].stop()
    assert not list(folder.glob("*.lock")) and not list(folder.glob("*.sock"))


# -- 7. stale code ---------------------------------------------------------------------------------------------------


def test_an_edit_keeping_size_and_time_is_new_code(linjat: Linjat, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(Path(command.__file__).parents[2] / "linjat_editor", copy / "linjat_editor",
                    ignore=shutil.ignore_patterns("__pycache__"))
    linjat.env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(copy), os.environ.get("PYTHONPATH")]))
    linjat.start_server()
    source = copy / "linjat_editor" / "cli" / "presets.py"
    before = source.stat()
    text = source.read_bytes()
    source.write_bytes(text.replace(b"preset", b"PRESET", 1))
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (source.stat().st_size, source.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert linjat.status() is None  # the old server is not this code's


# -- 8. inherited signal dispositions --------------------------------------------------------------------------------


def _signalling(signum: int) -> Callable[[subprocess.Popen[bytes]], None]:
    """Send ``signum`` every 0.2 s until the command ends (some land while it works)."""

    def during(process: subprocess.Popen[bytes]) -> None:
        while process.poll() is None:
            process.send_signal(signum)
            time.sleep(0.2)

    return during


def test_a_batch_started_with_ctrl_c_ignored_ignores_it(served: Linjat) -> None:
    """A script's ``linjat batch ... &``: the shell ignores SIGINT for it, and POSIX keeps it ignored."""
    args = ["batch", "--preset", "easy", "--count", "3", "--iterations", "300", "--seed", "5", "--workers", "1",
            "-o", "set.json"]
    here, there = _both_ways(served, args, _ignoring(signal.SIGINT), _signalling(signal.SIGINT))
    assert here[2] == 0 and b"3 of 3 levels written" in here[1], here
    assert there == here


def test_a_command_started_with_sigterm_ignored_ignores_it(served: Linjat) -> None:
    args = ["generate", "--size", "9x6", "--numbers", "8", "--iterations", "3000", "--seed", "7", "--workers", "1"]
    here, there = _both_ways(served, args, _ignoring(signal.SIGTERM), _signalling(signal.SIGTERM))
    assert here[2] == 0 and here[0].startswith(b"{"), here
    assert there == here

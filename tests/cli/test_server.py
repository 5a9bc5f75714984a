"""The warm engine server: a command through it is the command in-process, only sooner.

Every command here runs as the user's ``linjat`` would, in a process of its
own, and is compared byte for byte (stdout, stderr, exit status) with the same
command run in-process (``LINJAT_SERVER=0``). That a command went through the
server is checked, not assumed: the server's count of commands served grows.
Each test has a servers' folder of its own, inside the suite's (conftest.py).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from linjat_editor.cli import command

from ..command_line import wait_for
from .served import LONG_GENERATE, TUTORIAL, Linjat, cpu_seconds, gone

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the server runs on Linux only")

def test_importing_the_program_loads_neither_numpy_nor_numba() -> None:
    code = ("import linjat_editor.cli, linjat_editor.cli.client, sys; "
            "assert not {'numpy', 'numba'} & set(sys.modules), sorted({'numpy', 'numba'} & set(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_generate_is_the_same_through_the_server(served: Linjat, workers: str) -> None:
    args = ("generate", "--size", "9x6", "--numbers", "8", "--iterations", "300", "--seed", "7", "--workers", workers)
    here = served.in_process(*args)
    assert here[2] == 0 and here[0].startswith(b"{")
    assert served.run(*args, served=True) == here


def test_solving_a_published_level_is_the_same_through_the_server(served: Linjat, corpus: dict[str, Any]) -> None:
    level = served.folder / "expert.json"
    level.write_text(json.dumps(next(r["puzzle"] for r in corpus["expert"] if r.get("puzzle"))))
    here = served.in_process("solve", str(level), "--trace")
    assert here[2] == 0 and b"status: solved" in here[0]
    assert served.run("solve", str(level), "--trace", served=True) == here


def test_bad_input_is_the_same_one_line_through_the_server(served: Linjat) -> None:
    bad = served.folder / "bad.json"
    bad.write_text('["3 ", "x "]')
    here = served.in_process("solve", str(bad))
    assert here[2] == 2 and here[0] == b"" and here[1].count(b"\n") == 1 and b"bad.json" in here[1]
    assert served.run("solve", str(bad), served=True) == here
    usage = served.in_process("generate", "--size", "big")
    assert usage[2] == 2 and usage[1].count(b"\n") == 1
    assert served.run("generate", "--size", "big", served=True) == usage


def test_standard_input_is_the_callers(served: Linjat) -> None:
    here = served.in_process("count", "-", "--json", stdin=TUTORIAL)
    assert here == (b'{"count": 1, "limit": 2}\n', b"", 0)
    assert served.run("count", "-", "--json", stdin=TUTORIAL, served=True) == here


def test_the_callers_limits_hold(served: Linjat) -> None:
    """``ulimit -f``: the file size limit (with SIGXFSZ ignored, as Python does) makes a save fail, here and there."""
    import resource

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    args = served.argv("generate", "--size", "9x6", "--numbers", "8", "--iterations", "50", "--seed", "1", "-o", "g.json")
    results = []
    for server in ("0", "1"):
        before = served.served()
        done = subprocess.run(args, capture_output=True, cwd=served.folder, env={**served.env, "LINJAT_SERVER": server},
                              preexec_fn=small_files, timeout=120)
        assert (served.served() > before) == (server == "1")
        results.append((done.stdout, done.stderr, done.returncode))
    assert results[0][2] == 2 and b"File too large" in results[0][1]
    assert results[1] == results[0]


def test_ctrl_c_ends_the_command_as_in_process(linjat: Linjat) -> None:
    linjat.start_server()
    results = []
    for server in ("0", "1"):
        process = subprocess.Popen(linjat.argv(*LONG_GENERATE), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=linjat.folder, env={**linjat.env, "LINJAT_SERVER": server})
        if server == "0":  # numba imported (about 0.6 s of CPU), the search running
            wait_for(lambda: cpu_seconds(process.pid) >= 1.5, 60)
        else:
            wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
            time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        results.append((out, err, process.returncode))
    assert results[0] == (b"", b"linjat: interrupted\n", 130)
    assert results[1] == results[0]
    status = linjat.status()
    assert status is not None and status["running"] == 0


def test_a_killed_caller_ends_its_command(linjat: Linjat) -> None:
    linjat.start_server()
    process = linjat.popen(*LONG_GENERATE)
    wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
    process.kill()
    process.communicate(timeout=30)
    wait_for(lambda: (linjat.the_server() or {}).get("running") == 0, 10)  # the child stopped (and was reaped)


def test_an_edited_source_is_a_new_fingerprint(linjat: Linjat, tmp_path: Path) -> None:
    """The server of the old code is never used again, and leaves at its next idle tick (here 2 s)."""
    copy = tmp_path / "copy"
    shutil.copytree(Path(command.__file__).parents[2] / "linjat_editor", copy / "linjat_editor",
                    ignore=shutil.ignore_patterns("__pycache__"))
    linjat.env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(copy), os.environ.get("PYTHONPATH")]))
    linjat.env["LINJAT_SERVER_IDLE"] = "20"
    old = linjat.start_server()
    source = copy / "linjat_editor" / "cli" / "presets.py"
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 1_000_000_000))
    assert linjat.status() is None  # the old server is not this code's
    here = linjat.in_process("count", "-", stdin=TUTORIAL)
    assert linjat.run("count", "-", stdin=TUTORIAL) == here
    listed = json.loads(subprocess.run(linjat.argv("server", "status", "--json"), capture_output=True, text=True,
                                       cwd=linjat.folder, env=linjat.env).stdout)["servers"]
    assert all(s["served"] == 0 for s in listed if s["pid"] == old["pid"])  # unless it left already: not used
    assert gone(old["pid"], 15), "the old server did not leave"
    new = linjat.wait_for_server()  # started by the command that ran in-process
    assert new["pid"] != old["pid"] and new["served"] == 0
    assert linjat.run("count", "-", stdin=TUTORIAL, served=True) == here


def test_switched_off_uses_none_and_starts_none(linjat: Linjat) -> None:
    off = {"LINJAT_SERVER": "0"}
    linjat.run("count", "-", stdin=TUTORIAL, **off)
    time.sleep(2)  # a server would have answered by now (it loads in about a second)
    assert linjat.status() is None and not list(linjat.servers_folder.glob("*.sock"))
    linjat.start_server()
    linjat.run("count", "-", stdin=TUTORIAL, served=False, **off)


def test_no_server_after_help_bad_arguments_or_a_failed_command(linjat: Linjat) -> None:
    bad = linjat.folder / "bad.json"
    bad.write_text('["3 ", "x "]')
    for args in (["--help"], ["generate", "--size", "big"], ["solve", str(bad)]):
        linjat.run(*args)
    time.sleep(2)
    assert linjat.status() is None


def test_a_stale_socket_is_passed_by_and_replaced(linjat: Linjat) -> None:
    import socket

    fingerprint = json.loads(subprocess.run(linjat.argv("server", "status", "--json"), capture_output=True,
                                            cwd=linjat.folder, env=linjat.env, text=True).stdout)["fingerprint"]
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(linjat.servers_folder / f"{fingerprint}.sock"))
    dead.close()  # a server killed with SIGKILL leaves its socket so
    here = linjat.in_process("count", "-", stdin=TUTORIAL)
    assert linjat.run("count", "-", stdin=TUTORIAL) == here
    linjat.wait_for_server()
    assert linjat.run("count", "-", stdin=TUTORIAL, served=True) == here


def test_an_idle_server_leaves(linjat: Linjat) -> None:
    linjat.env["LINJAT_SERVER_IDLE"] = "1"
    status = linjat.start_server()
    assert status["idle_limit"] == 1
    assert gone(status["pid"], 10)
    assert linjat.status() is None and not list(linjat.servers_folder.glob("*.sock"))


def test_a_servers_status_is_a_typed_message(linjat: Linjat) -> None:
    """What a server answers carries only keys ``wire.Message`` declares, each of its declared type."""
    import typing

    from linjat_editor.cli import wire

    linjat.start_server()
    status = linjat.the_server()
    assert status is not None
    declared = typing.get_type_hints(wire.Message)
    assert set(status) <= set(declared), set(status) - set(declared)
    for key, value in status.items():
        kind = typing.get_origin(declared[key]) or declared[key]
        assert isinstance(value, float if kind is float else kind) or (kind is float and isinstance(value, int)), key


def test_a_command_handed_to_a_server_loads_no_typing(linjat: Linjat) -> None:
    """The wire's types are for type checkers: the client's start stays as light as it was."""
    code = ("import sys; from linjat_editor.cli import client, rendezvous; "
            "print('typing' in sys.modules, 'linjat_editor.cli.wire' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=linjat.env, timeout=60)
    assert done.stdout.split() == ["False", "False"], done.stderr

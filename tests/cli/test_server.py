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
from typing import Any, Iterator

import pytest

from linjat_editor.cli import command, servers

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the server runs on Linux only")

TUTORIAL = '["    ", "    ", ".  4", "    "]\n'
#: Long enough to be surely running when signalled (minutes), started within a second. Two workers: with one, an
#: interrupt in-process ends in a segmentation fault about every other time (numba's dispatcher, 2026-11-27;
#: main too), as it does through a server.
LONG_GENERATE = ["generate", "--size", "13x9", "--numbers", "26", "--iterations", "1000000", "--seed", "3", "--workers", "2"]


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    """A server only loads kernels: compile them first if this run has not (once; a second when cached)."""
    from linjat_editor.core import warmup

    warmup.prepare(command.SERVED_FAMILIES)


class Linjat:
    """``python -m linjat_editor.cli`` from one folder, with one servers' folder: one fingerprint for all its calls."""

    def __init__(self, folder: Path, servers_folder: Path, **env: str) -> None:
        self.folder = folder
        self.env = {**os.environ, "LINJAT_SERVER_DIR": str(servers_folder), "LINJAT_SERVER_IDLE": "60", **env}
        self.env.pop("LINJAT_SERVER", None)
        self.servers_folder = servers_folder

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "linjat_editor.cli", *args]

    def run(self, *args: str, stdin: str | None = None, served: bool | None = None, **env: str) -> tuple[bytes, bytes, int]:
        """Run a command; ``served``: True, it must go through the server; False, it must not."""
        before = self.served()
        done = subprocess.run(self.argv(*args), input=None if stdin is None else stdin.encode(), capture_output=True,
                              cwd=self.folder, env={**self.env, **env}, timeout=120)
        if served is not None:
            assert (self.served() > before) == served, "through the server" if served else "in-process"
        return done.stdout, done.stderr, done.returncode

    def in_process(self, *args: str, stdin: str | None = None) -> tuple[bytes, bytes, int]:
        return self.run(*args, stdin=stdin, LINJAT_SERVER="0")

    def popen(self, *args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.argv(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.folder,
                                env=self.env)

    def status(self) -> dict[str, Any] | None:
        """This folder's server (the one its commands would use), or None."""
        done = subprocess.run(self.argv("server", "status", "--json"), capture_output=True, text=True, cwd=self.folder,
                              env=self.env, timeout=30)
        report = json.loads(done.stdout)
        mine = [s for s in report["servers"] if s["fingerprint"] == report["fingerprint"]]
        assert done.returncode == (0 if mine else 1)
        return mine[0] if mine else None

    def the_server(self) -> dict[str, Any] | None:
        """The server of this folder when there is one only (asked from here: no process to start)."""
        found = servers.listening(str(self.servers_folder))
        return found[0] if len(found) == 1 else self.status() if found else None

    def served(self) -> int:
        status = self.the_server()
        return status["served"] if status else 0

    def wait_for_server(self, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.the_server()
            if status is not None:
                return status
            time.sleep(0.1)
        log = "".join(p.read_text() for p in self.servers_folder.glob("*.log"))
        pytest.fail(f"no server started within {timeout} s; its log: {log}")

    def start_server(self) -> dict[str, Any]:
        """A warm command in-process starts the server."""
        level = self.folder / "tutorial.json"
        level.write_text(TUTORIAL)
        self.run("solve", str(level))
        return self.wait_for_server()

    def stop(self) -> None:
        subprocess.run(self.argv("server", "stop"), capture_output=True, cwd=self.folder, env=self.env, timeout=60)


def _wait_for(condition: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not servers.alive(pid):
            return True
        time.sleep(0.05)
    return False


def _servers_folder(name: str) -> Path:
    """Inside the suite's folder (conftest.py ends whatever is left there), with a short path for the socket."""
    folder = Path(os.environ["LINJAT_SERVER_DIR"]) / name
    folder.mkdir(mode=0o700)
    return folder


@pytest.fixture
def linjat(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Linjat]:
    cli = Linjat(tmp_path, _servers_folder(request.node.name[:20].replace("[", "-").replace("]", "")))
    yield cli
    cli.stop()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Linjat]:
    """One server for the comparisons."""
    cli = Linjat(tmp_path_factory.mktemp("served"), _servers_folder("same"))
    cli.start_server()
    yield cli
    cli.stop()


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
            _wait_for(lambda: _cpu_seconds(process.pid) >= 1.5, 60)
        else:
            _wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
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
    _wait_for(lambda: (linjat.the_server() or {}).get("running") == 1, 10)
    process.kill()
    process.communicate(timeout=30)
    _wait_for(lambda: (linjat.the_server() or {}).get("running") == 0, 10)  # the child stopped (and was reaped)


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
    assert _gone(old["pid"], 15), "the old server did not leave"
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
    assert _gone(status["pid"], 10)
    assert linjat.status() is None and not list(linjat.servers_folder.glob("*.sock"))

"""Commands run as the user's ``linjat`` would, each in a process of its own, through a server or not.

Shared by the server's tests (``test_server.py``, ``test_server_probe.py``); the command itself is started
the one way ``tests/command_line.py`` starts it.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from linjat_editor.cli import servers

from ..command_line import linjat_argv, run_linjat, start_linjat

TUTORIAL = '["    ", "    ", ".  4", "    "]\n'
#: Long enough to be surely running when signalled (minutes), started within a second. Two workers: with one, an
#: interrupt in-process ends in a segmentation fault about every other time (numba's dispatcher, 2026-11-27;
#: main too), as it does through a server.
LONG_GENERATE = ["generate", "--size", "13x9", "--numbers", "26", "--iterations", "1000000", "--seed", "3", "--workers", "2"]


class Linjat:
    """``python -m linjat_editor.cli`` from one folder, with one servers' folder: one fingerprint for all its calls."""

    def __init__(self, folder: Path, servers_folder: Path, **env: str) -> None:
        self.folder = folder
        self.env = {**os.environ, "LINJAT_SERVER_DIR": str(servers_folder), "LINJAT_SERVER_IDLE": "60", **env}
        self.env.pop("LINJAT_SERVER", None)
        self.servers_folder = servers_folder

    def argv(self, *args: str) -> list[str]:
        return linjat_argv(*args)

    def run(self, *args: str, stdin: str | None = None, served: bool | None = None, **env: str) -> tuple[bytes, bytes, int]:
        """Run a command; ``served``: True, it must go through the server; False, it must not."""
        before = self.served()
        done = run_linjat(*args, input=None if stdin is None else stdin.encode(), cwd=self.folder, env={**self.env, **env},
                          timeout=120)
        if served is not None:
            assert (self.served() > before) == served, "through the server" if served else "in-process"
        return done.stdout, done.stderr, done.returncode

    def in_process(self, *args: str, stdin: str | None = None) -> tuple[bytes, bytes, int]:
        return self.run(*args, stdin=stdin, LINJAT_SERVER="0")

    def popen(self, *args: str) -> subprocess.Popen[bytes]:
        return start_linjat(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.folder, env=self.env)

    def status(self) -> dict[str, Any] | None:
        """This folder's server (the one its commands would use), or None."""
        done = run_linjat("server", "status", "--json", text=True, cwd=self.folder, env=self.env, timeout=30)
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
        run_linjat("server", "stop", cwd=self.folder, env=self.env, timeout=60)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not servers.alive(pid):
            return True
        time.sleep(0.05)
    return False


def servers_folder(name: str) -> Path:
    """Inside the suite's folder (conftest.py ends whatever is left there), with a short path for the socket."""
    folder = Path(os.environ["LINJAT_SERVER_DIR"]) / name
    folder.mkdir(mode=0o700)
    return folder

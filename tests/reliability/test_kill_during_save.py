"""Kill a save half way, hundreds of times: the file is always the old or the new one, whole.

A child saves two versions in turn, for ever; the test SIGKILLs it after a
random delay (most kills land inside a save: writing, fsync, rename), then
checks every file the save produces: complete, one of the two versions, and no
temporary file left once the next save to that folder has run. Each kind of
save the project makes is killed ``TRIALS`` times: a level, a set, the
editor's settings and the editor's autosave.

The children are forked by a lean server process (``save_server.py``: the
file formats only, no engine) rather than by this test process, whose forks
and exits cost tens of milliseconds each once the kernels and Qt are loaded.
The server also makes the save after each kill, as the one saver whose
leftovers it must clean.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.io import read_level, read_set

from .save_server import SETTINGS_VERSIONS, levels, set_versions

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

TRIALS = 200
SERVER = Path(__file__).resolve().with_name("save_server.py")
ROOT = Path(__file__).resolve().parents[2]


class Server:
    """The lean saving process of one kind of save (see save_server.py)."""

    def __init__(self, kind: str, folder: Path) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
                   QT_QPA_PLATFORM="offscreen")
        self.proc = subprocess.Popen([sys.executable, str(SERVER), kind, str(folder)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=folder)
        self.expect("ready")

    def ask(self, command: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.answer()

    def answer(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        assert line, f"the save server ended (exit status {self.proc.poll()})"
        return line

    def expect(self, word: str) -> None:
        said = self.answer()
        assert said == word, said

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        assert self.proc.wait(30) == 0


def _temps(directory: Path) -> list[Path]:
    return list(directory.rglob("*.tmp"))  # the autosave may write into a folder of its own


def _kill_loop(kind: str, directory: Path, check: Callable[[], object], versions: list[object]) -> dict[str, int]:
    """Kill a saving child TRIALS times; returns the figures (corrupted, stale temps after the next save...)."""
    rng = random.Random(13)
    figures = {"trials": 0, "corrupted": 0, "mid_save": 0, "stale_after_next_save": 0}
    server = Server(kind, directory)
    try:
        assert server.ask("save 0") == "saved"  # the old version
        for trial in range(TRIALS):
            pid = int(server.ask("go"))
            time.sleep(rng.uniform(0.0, 0.012))
            os.kill(pid, signal.SIGKILL)
            server.expect("reaped")
            figures["trials"] += 1
            figures["mid_save"] += bool(_temps(directory))
            try:
                if check() not in versions:
                    figures["corrupted"] += 1
            except Exception:  # noqa: BLE001 - unreadable is corrupted
                figures["corrupted"] += 1
            assert server.ask(f"save {trial % 2}") == "saved"  # the next save cleans what the killed one left
            figures["stale_after_next_save"] += len(_temps(directory))
    finally:
        server.close()
    return figures


def _report(kind: str, figures: dict[str, int]) -> None:
    print(f"\nkill during save, {kind}: {figures}")
    assert figures["trials"] >= 200
    assert figures["corrupted"] == 0, figures
    assert figures["stale_after_next_save"] == 0, figures
    assert figures["mid_save"] > 0, "no kill landed inside a save: the test proves nothing"


def test_level_saves(tmp_path: Path) -> None:
    path = tmp_path / "level.json"
    _report("level", _kill_loop("level", tmp_path, lambda: read_level(path), list(levels())))


def test_set_saves(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    _report("set", _kill_loop("set", tmp_path, lambda: read_set(path), set_versions()))


def test_settings_saves(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"  # where Settings(tmp_path) keeps them

    def check() -> object:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {"notes": data["notes"], "k": data["k"]}

    _report("settings", _kill_loop("settings", tmp_path, check, list(SETTINGS_VERSIONS)))


def test_autosaves(tmp_path: Path) -> None:
    def check() -> object:
        found = None
        for path in tmp_path.rglob("*.json"):  # every file the autosave writes is whole
            obj = json.loads(path.read_text(encoding="utf-8"))
            if obj.get("format") == "linjat-level":
                found = read_level(path)
        return found

    _report("autosave", _kill_loop("autosave", tmp_path, check, list(levels())))


#: A writer killed half way through a save: its temporary file made (and locked, as a save holds it), then SIGKILL.
_HALF_SAVE = ("import sys, time; from linjat_editor.io.atomic import create_temp; "
              "create_temp(sys.argv[1]); print('made', flush=True); time.sleep(600)")


def test_a_killed_writer_not_yet_collected_leaves_no_temp(tmp_path: Path) -> None:
    """The probe's kill during a save (issue 48): its parent has not collected it yet when the next save runs."""
    from linjat_editor.io.atomic import atomic_write_text

    writer = subprocess.Popen([sys.executable, "-c", _HALF_SAVE, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))))
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "made\n"
        assert len(_temps(tmp_path)) == 1
        os.kill(writer.pid, signal.SIGKILL)
        while Path(f"/proc/{writer.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
            time.sleep(0.01)  # ended, not collected: its process id still answers
        atomic_write_text(tmp_path / "level.json", "next")
        assert _temps(tmp_path) == []
    finally:
        writer.kill()
        writer.wait()


def test_a_temp_whose_process_id_was_used_again_is_removed(tmp_path: Path) -> None:
    """A killed writer's process id now another process's (here this test's parent): unlocked and old, it goes."""
    from linjat_editor.io.atomic import atomic_write_text

    stale = tmp_path / f".lj-{os.getppid()}-0123abcd.tmp"
    stale.write_text("half")
    past = time.time() - 3600  # an hour old: no save takes that long between making its file and locking it
    os.utime(stale, (past, past))
    young = tmp_path / f".lj-{os.getppid()}-4567abcd.tmp"  # as a writer's file the instant before it locks it
    young.write_text("")
    atomic_write_text(tmp_path / "level.json", "next")
    assert _temps(tmp_path) == [young]

"""Kill a save half way, hundreds of times: the file is always the old or the new one, whole.

A forked child saves two versions in turn, for ever; the parent SIGKILLs it
after a random delay (most kills land inside a save: writing, fsync, rename),
then checks every file the save produces: complete, one of the two versions,
and no temporary file left once the next save to that folder has run.
Each kind of save the project makes is killed ``TRIALS`` times: a level, a
set, the editor's settings and the editor's autosave.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, read_level, read_set, write_level, write_set

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

TRIALS = 200
#: Big enough that writing and syncing it takes a while, so kills land inside saves.
NOTES = "x" * 150_000


def _levels() -> tuple[Level, Level]:
    a = Level.from_rows(["2. ", "   ", " 3."]).with_meta(name="A", notes=NOTES)
    b = Level.from_rows([".3 ", "   ", "2 ."]).with_meta(name="B", notes=NOTES[:-1] + "y")
    return a, b


def _temps(directory: Path) -> list[Path]:
    return list(directory.rglob("*.tmp"))  # the autosave may write into a folder of its own


def _kill_loop(directory: Path, save: Callable[[int], None], check: Callable[[], object],
               versions: list[object]) -> dict[str, int]:
    """Kill a saving child TRIALS times; returns the figures (corrupted, stale temps after the next save...)."""
    rng = random.Random(13)
    figures = {"trials": 0, "corrupted": 0, "mid_save": 0, "stale_after_next_save": 0}
    save(0)  # the old version
    for trial in range(TRIALS):
        pid = os.fork()
        if pid == 0:  # the child: save, save, save... until killed
            try:
                k = 1
                while True:
                    save(k % 2)
                    k += 1
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.012))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        figures["trials"] += 1
        figures["mid_save"] += bool(_temps(directory))
        try:
            if check() not in versions:
                figures["corrupted"] += 1
        except Exception:  # noqa: BLE001 - unreadable is corrupted
            figures["corrupted"] += 1
        save(trial % 2)  # the next save cleans what the killed one left
        figures["stale_after_next_save"] += len(_temps(directory))
    return figures


def _report(kind: str, figures: dict[str, int]) -> None:
    print(f"\nkill during save, {kind}: {figures}")
    assert figures["trials"] >= 200
    assert figures["corrupted"] == 0, figures
    assert figures["stale_after_next_save"] == 0, figures
    assert figures["mid_save"] > 0, "no kill landed inside a save: the test proves nothing"


def test_level_saves(tmp_path: Path) -> None:
    versions = list(_levels())
    path = tmp_path / "level.json"
    _report("level", _kill_loop(tmp_path, lambda k: write_level(versions[k], path), lambda: read_level(path), versions))


def test_set_saves(tmp_path: Path) -> None:
    a, b = _levels()
    versions = [LevelSet(name="one").add(a).add(b), LevelSet(name="two").add(b)]
    path = tmp_path / "set.json"
    _report("set", _kill_loop(tmp_path, lambda k: write_set(versions[k], path), lambda: read_set(path), versions))


def test_settings_saves(tmp_path: Path) -> None:
    from linjat_editor.gui.shell.settings import Settings

    settings = Settings(tmp_path)
    versions = [{"notes": NOTES, "k": 0}, {"notes": NOTES, "k": 1}]

    def save(k: int) -> None:
        settings.unknown.update(versions[k])
        settings.save()

    def check() -> object:
        data = json.loads(settings.path.read_text(encoding="utf-8"))
        return {"notes": data["notes"], "k": data["k"]}

    _report("settings", _kill_loop(tmp_path, save, check, versions))


def test_autosaves(tmp_path: Path, qapp) -> None:
    from linjat_editor.gui.board.document import Document
    from linjat_editor.gui.shell.recovery import Autosaver

    a, b = _levels()
    blank = Level.from_rows(["   "])
    document = Document(blank)
    saver = Autosaver(document, directory=tmp_path, interval_ms=3_600_000, burst_ms=3_600_000)
    versions = [a, b]

    def save(k: int) -> None:
        if document.level is versions[k]:  # an edit is needed for the autosave to write
            document.set_level(blank)
        document.set_level(versions[k])
        document.undo_stack.resetClean()  # unsaved, as after an edit command
        assert saver.save_now()

    def check() -> object:
        found = None
        for path in tmp_path.rglob("*.json"):  # every file the autosave writes is whole
            obj = json.loads(path.read_text(encoding="utf-8"))
            if obj.get("format") == "linjat-level":
                found = read_level(path)
        return found

    _report("autosave", _kill_loop(tmp_path, save, check, versions))

"""The level set is autosaved like the level: a killed editor offers the set back on the next start (issue 42)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtWidgets import QDockWidget, QFileDialog

from linjat_editor import io as lio
from linjat_editor.core.level import Level
from linjat_editor.gui.shell.recovery import SET_FILE, SET_META_FILE, scan_recovery
from linjat_editor.io.level_set import LevelSet

ROOT = Path(__file__).resolve().parents[2]

#: Editor A: a real editor window in its own process; opens a set, presses Add current, autosaves, then waits.
EDITOR = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QApplication
    from linjat_editor.gui.shell.main_window import MainWindow
    app = QApplication([])
    window = MainWindow()
    window.set_panel.analyse = False
    window.set_panel.load(sys.argv[1])
    window.set_panel.buttons["add"].click()
    assert window.set_panel.modified and window.autosaver.save_now()
    print(window.autosaver.folder, flush=True)
    sys.stdin.read()  # runs until the test kills it
""")


def test_killed_editor_offers_its_unsaved_set_change_back(tmp_path, next_start):
    path = tmp_path / "campaign.json"
    lio.write_set(LevelSet(name="campaign").add(Level.from_rows(["2.", "  "]), tier="tutorial"), path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", EDITOR, str(path)], env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        folder = Path(child.stdout.readline().strip())
        assert (folder / SET_FILE).exists() and (folder / SET_META_FILE).exists()
        assert scan_recovery().found == []  # A is alive: nothing is offered
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        child.stdin.close()
        child.stdout.close()
    assert len(lio.read_set(path)) == 1  # the file still holds the set before the change
    fresh, asked, told = next_start()
    assert told == []
    assert len(asked) == 1 and "the level set campaign.json" in asked[0]
    panel = fresh.set_panel
    assert len(panel.level_set) == 2 and panel.modified and panel.path == str(path)
    assert fresh.findChild(QDockWidget, "dock-level-set").windowTitle() == "Level set: campaign.json*"
    # the work moved into the new editor's own autosave; the killed editor's copy is gone
    assert not folder.exists()
    assert len(lio.read_set(fresh.autosaver.folder / SET_FILE)) == 2
    fresh.autosaver.discard()


def test_saving_the_set_removes_its_autosave(window, tmp_path):
    panel = window.set_panel
    panel.analyse = False
    panel.add_current()
    assert window.autosaver.save_now()
    assert (window.autosaver.folder / SET_FILE).exists()
    panel.save(str(tmp_path / "mine.json"))
    assert not (window.autosaver.folder / SET_FILE).exists()
    assert scan_recovery().found == []


def test_a_set_as_new_as_its_file_is_not_offered(window, tmp_path, next_start):
    panel = window.set_panel
    panel.analyse = False
    path = tmp_path / "mine.json"
    lio.write_set(LevelSet().add(Level.from_rows(["2.", "  "])), path)
    panel.load(str(path))
    panel.add_current()
    assert window.autosaver.save_now()
    folder = window.autosaver.folder
    window.autosaver.keep()  # the editor ends (as on SIGTERM), leaving its autosave
    lio.write_set(LevelSet(), path)  # the file was saved later, elsewhere
    later = path.stat().st_mtime + 5
    os.utime(path, (later, later))
    fresh, asked, told = next_start()
    assert told == []
    assert asked == [] and not folder.exists()
    fresh.autosaver.discard()


def test_a_recovered_set_from_a_puzzles_json_is_never_saved_over_it(window, tmp_path, monkeypatch, next_start):
    from linjat_editor.io.export_puzzles_json import export_puzzles_json

    panel = window.set_panel
    panel.analyse = False
    path = tmp_path / "puzzles.json"
    export_puzzles_json(LevelSet().add(Level.from_rows(["2.", "  "]), tier="easy"), path, analyse=False)
    before = path.read_bytes()
    panel.load(str(path))
    panel.add_current()
    assert window.autosaver.save_now()
    window.autosaver.keep()  # the editor ends without saving, leaving its autosave
    fresh, asked, told = next_start()
    assert told == []
    assert len(asked) == 1 and len(fresh.set_panel.level_set) == 2 and fresh.set_panel.modified
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))  # Save asks for a file: cancelled
    assert not fresh.set_panel.save_current()
    assert path.read_bytes() == before
    fresh.set_panel.undo_stack.setClean()
    fresh.autosaver.discard()

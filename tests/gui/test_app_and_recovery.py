"""The linjat-editor command (screenshot mode), settings, and crash recovery."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtGui import QImage

from linjat_editor.core.level import Level
from linjat_editor.gui.shell.launch import main
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.shell.recovery import LEVEL_FILE, Autosaver, find_recovery
from linjat_editor.gui.shell.settings import MAX_RECENT, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_screenshot_renders_after_analysis(qapp, tmp_path):
    level = tmp_path / "tutorial.json"
    level.write_text('["    ", "    ", ".3. ", "    "]')
    out = tmp_path / "shot.png"
    assert main([str(level), "--screenshot", str(out), "--size", "1400x1000"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 1000)


def test_screenshot_bad_file_is_one_line_and_exit_2(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    assert main([str(bad), "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.json" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


def test_screenshot_cli_in_a_fresh_process(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               LINJAT_EDITOR_CONFIG_DIR=str(tmp_path / "c"), LINJAT_EDITOR_DATA_DIR=str(tmp_path / "d"))
    proc = subprocess.run([sys.executable, "-m", "linjat_editor.gui.shell.launch", str(tmp_path / "missing.json"),
                           "--screenshot", str(tmp_path / "o.png")], env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("linjat-editor: ") and "missing.json" in proc.stderr


def test_settings_round_trip_and_recent_list(tmp_path):
    s = Settings()
    assert s.path.parent == tmp_path / "config"  # LINJAT_EDITOR_CONFIG_DIR from conftest
    for i in range(MAX_RECENT + 3):
        s.add_recent(tmp_path / f"{i}.json")
    s.add_recent(tmp_path / "3.json")
    s.preset = "hard"
    s.save()
    again = Settings()
    assert again.preset == "hard"
    recent = again.recent_files()
    assert len(recent) == MAX_RECENT and recent[0].endswith("3.json") and len(set(recent)) == len(recent)
    s.path.write_text("{not json")
    assert Settings().preset == "auto"  # damaged file: defaults, no crash


def crash(saver: Autosaver) -> None:
    """What a killed editor leaves behind: its autosave folder, and a lock nobody holds."""
    saver._lock.unlock()


def test_autosave_after_edit_burst_and_recovery(qtbot, tmp_path):
    doc = Document(Level(4, 4))
    saver = Autosaver(doc, burst_ms=20)
    autosave = saver.folder / LEVEL_FILE
    assert find_recovery() is None
    doc.push(SetNumberCommand(doc, 1, 1, 3))
    qtbot.waitUntil(autosave.exists, timeout=5000)
    assert find_recovery() is None  # this editor still runs: its autosave is not offered to another
    # saving the document removes the recovery file
    path = tmp_path / "lvl.json"
    from linjat_editor import io as lio

    lio.write_level(doc.level, path)
    doc.mark_saved(path)
    assert not autosave.exists()
    # an autosave older than its file is not offered (and is cleaned up)
    doc.push(SetNumberCommand(doc, 0, 0, 2))
    assert saver.save_now()
    crash(saver)
    found = find_recovery()
    assert found.level.same_board(doc.level) and found.original == path
    found.release()
    time.sleep(0.05)
    lio.write_level(doc.level, path)
    os.utime(path, (time.time() + 5, time.time() + 5))
    assert find_recovery() is None
    assert not saver.folder.exists()


def test_recovered_level_opens_modified(window, qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.gui.shell import launch as app_module
    from linjat_editor.gui.shell.main_window import MainWindow

    window.document.push(SetNumberCommand(window.document, 0, 0, 5))
    assert window.autosaver.save_now()
    crash(window.autosaver)
    recovered = window.document.level
    fresh = MainWindow(Level(4, 4))  # the next start
    qtbot.addWidget(fresh)
    fresh.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    assert app_module.offer_recovery(fresh) == []
    assert fresh.document.level.same_board(recovered) and fresh.document.modified
    assert "*" in fresh.windowTitle()
    # the work moved into the new editor's own autosave; the old copy is gone
    assert not window.autosaver.folder.exists()
    assert lio_read(fresh.autosaver.folder / LEVEL_FILE).same_board(recovered)
    fresh.autosaver.discard()


def lio_read(path):
    from linjat_editor import io as lio

    return lio.read_level(path)


def test_recovered_level_is_autosaved_again(qtbot):
    """Recovering clears the undo stack; the recovered work must not live only in memory."""
    recovered = Level.from_rows(["3 ", "  "])
    doc = Document(Level(2, 2))
    saver = Autosaver(doc, burst_ms=20)
    doc.load(recovered, None, modified=True)
    qtbot.waitUntil((saver.folder / LEVEL_FILE).exists, timeout=5000)
    assert lio_read(saver.folder / LEVEL_FILE).same_board(recovered)
    saver.discard()


def test_usage_error_is_one_line(capsys):
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        main(["--step", "many", "--screenshot", "x.png"])
    assert exit_info.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1

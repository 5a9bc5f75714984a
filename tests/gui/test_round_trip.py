"""Nothing is rewritten by a round trip through the editor: fields it does not understand survive
level files, set files and the original game's puzzles.json (issue 42)."""

from __future__ import annotations

import json

from linjat_editor.core.level import Level
from linjat_editor.io.level_json import write_level_json
from linjat_editor.io.set_json import write_set_json
from linjat_editor.io.level_set import LevelSet


def test_the_published_puzzles_json_survives_open_and_export_field_for_field(window, corpus_path, tmp_path):
    panel = window.set_panel
    panel.analyse = False  # the export itself runs the engine for any figure it lacks
    panel.load(str(corpus_path))
    assert len(panel.level_set) == 399
    out = tmp_path / "puzzles.json"
    panel.export(str(out), "puzzles-json")
    original, again = json.loads(corpus_path.read_text()), json.loads(out.read_text())
    assert again == original  # every record, every field: score 23.7 stays 23.7, "file" stays, "184" stays a string
    assert again["easy"][0]["file"] == original["easy"][0]["file"]


def test_unknown_fields_of_a_level_file_survive_open_and_save(window, tmp_path):
    path = tmp_path / "mine.json"
    data = json.loads(write_level_json(Level.from_rows([" 2.", "   "])))
    data["designer_tool"] = {"name": "other editor", "version": 3}
    path.write_text(json.dumps(data))
    assert window.files.open_file(path)
    assert window.files.save()
    saved = json.loads(path.read_text())
    assert saved["rows"] == data["rows"]
    assert {**saved.get("extra", {}), **saved}.get("designer_tool") == {"name": "other editor", "version": 3}


def test_unknown_fields_of_a_set_file_survive_open_and_save(window, tmp_path):
    path = tmp_path / "set.json"
    data = json.loads(write_set_json(LevelSet(name="mine").add(Level.from_rows([" 2.", "   "]), tier="easy")))
    data["published_on"] = "2026-11-27"
    data["levels"][0]["difficulty_vote"] = 4
    path.write_text(json.dumps(data))
    panel = window.set_panel
    panel.analyse = False
    panel.load(str(path))
    panel.save(str(path))
    saved = json.loads(path.read_text())
    assert {**saved["extra"], **saved}["published_on"] == "2026-11-27"
    entry = saved["levels"][0]
    assert {**entry["extra"], **entry}["difficulty_vote"] == 4
    # saved again unchanged: the same bytes
    first = path.read_bytes()
    panel.load(str(path))
    panel.save(str(path))
    assert path.read_bytes() == first


def test_saving_a_set_opened_from_puzzles_json_never_rewrites_that_file(window, corpus_path, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    original = tmp_path / "puzzles.json"
    original.write_bytes(corpus_path.read_bytes())
    panel = window.set_panel
    panel.analyse = False
    panel.load(str(original))
    panel.remove_selected()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a[2]), ("", ""))[1])
    monkeypatch.setattr(panel, "prompt_unsaved", lambda: QMessageBox.StandardButton.Save)
    assert not panel.confirm_drop()  # Save asked for a file, and the designer cancelled it
    assert asked == [str(tmp_path / "puzzles.linjat-set.json")]
    assert original.read_bytes() == corpus_path.read_bytes()

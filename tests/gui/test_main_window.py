"""Main window: title, files (open/save round trip, bad files), unsaved-changes logic, edit actions."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import SetNumberCommand


def test_title_shows_name_and_modified_mark(window, qtbot, tmp_path):
    assert window.windowTitle() == "untitled \u2014 Linjat Editor"
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    assert window.windowTitle() == "untitled* \u2014 Linjat Editor"
    assert window.files.save_as(tmp_path / "mine.json")
    assert window.windowTitle() == "mine.json \u2014 Linjat Editor"


def test_save_open_round_trip(window, qtbot, tmp_path):
    doc = window.document
    window.board.set_selection((0, 3))
    qtbot.keyClick(window.board, "p")  # a pinned dot must survive the file
    path = tmp_path / "level.json"
    assert window.files.save_as(path)
    saved = doc.level
    assert json.loads(path.read_text())["rows"] == saved.rows()
    doc.load(Level(4, 4))
    assert window.files.open_file(path)
    assert doc.level.same_board(saved) and doc.level.pinned == {(0, 3)}
    assert doc.path == path and not doc.modified
    assert window.settings.recent_files()[0] == str(path.resolve())
    assert window.recent_menu.actions()[0].toolTip() == str(path.resolve())


def test_bad_file_shows_one_line_and_loses_nothing(window, qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('["12", "1"]')
    before = window.document.level
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    edited = window.document.level
    assert not window.files.open_file(bad)
    assert len(window.errors) == 1
    title, text = window.errors[0]
    assert "bad.json" in text and "\n" not in text
    assert window.document.level == edited != before and window.document.modified


def test_unsaved_changes_prompt(window, qtbot, tmp_path, monkeypatch):
    doc = window.document
    doc.push(SetNumberCommand(doc, 1, 1, 4))
    answers = [QMessageBox.StandardButton.Cancel]
    asked = []
    monkeypatch.setattr(window.files, "prompt_unsaved", lambda: (asked.append(1), answers[0])[1])
    assert not window.files.new_level((5, 5))  # cancel keeps the level
    assert doc.level.height == 4 and doc.modified
    answers[0] = QMessageBox.StandardButton.Discard
    assert window.files.new_level((5, 5))
    assert doc.level == Level(5, 5) and not doc.modified
    assert len(asked) == 2
    assert window.files.new_level((6, 6))  # unmodified: no question
    assert len(asked) == 2
    doc.push(SetNumberCommand(doc, 1, 1, 4))
    answers[0] = QMessageBox.StandardButton.Save
    monkeypatch.setattr(window.files, "save_as", lambda path=None: window.files.write(tmp_path / "x.json"))
    assert window.files.new_level((4, 4))
    assert (tmp_path / "x.json").exists()


def test_close_with_unsaved_changes_can_be_cancelled(window, qtbot, monkeypatch):
    window.show()
    window.document.push(SetNumberCommand(window.document, 1, 1, 4))
    monkeypatch.setattr(window.files, "prompt_unsaved", lambda: QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible()


def test_import_rows_is_a_new_untitled_document(window, qtbot):
    assert window.files.import_rows('["2 .", "   "]')
    assert window.document.level.rows() == ["2 .", "   "]
    assert window.document.path is None and window.document.undo_stack.count() == 0
    assert window.history.model().data(window.history.model().index(0, 0)) == "<imported rows>"
    assert not window.files.import_rows("12\n1")
    assert window.errors and "pasted rows" in window.errors[-1][1]


def test_clear_actions_and_undo_shortcuts(window, qtbot):
    doc = window.document
    with qtbot.waitActive(window):  # window shortcuts need an active window
        window.show()
        window.activateWindow()
    window.board.setFocus()
    doc.push(SetNumberCommand(doc, 0, 0, 2))
    window.acts.clear_dots.trigger()
    assert not doc.level.dots and len(doc.level.numbers) == 2
    window.acts.clear_all.trigger()
    assert not doc.level.numbers
    qtbot.keyClick(window.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(doc.level.numbers) == 2
    qtbot.keyClick(window.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not doc.level.numbers
    assert window.history.model().rowCount() == doc.undo_stack.count() + 1


def test_every_action_has_a_shortcut_and_tooltip(window):
    acts = [a for a in vars(window.acts).values() if not isinstance(a, list)] + window.acts.random
    for act in acts:
        assert act.shortcuts(), act.text()
        assert act.toolTip(), act.text()


def test_add_dock_hook(window, qtbot):
    from PySide6.QtWidgets import QLabel

    dock = window.add_dock(QLabel("hello"), Qt.DockWidgetArea.LeftDockWidgetArea, "Play test")
    assert dock.objectName() == "dock-play-test"
    assert dock.toggleViewAction() in window.view_menu.actions()


def test_settings_persist_layout_and_preset(window, qtbot, tmp_path):
    window.analysis.preset.setCurrentText("hard")
    window.acts.solution.setChecked(True)
    window.save_settings()
    data = json.loads(window.settings.path.read_text())
    assert data["preset"] == "hard" and data["show_solution"] is True and data["state"]
    assert str(window.settings.path).startswith(str(tmp_path))


def test_shortcuts_are_unique_and_docks_have_toggles(window):
    from PySide6.QtGui import QKeySequence

    seen: dict[str, str] = {}
    for act in window.actions():
        for seq in act.shortcuts():
            key = seq.toString(QKeySequence.SequenceFormat.PortableText)
            assert key not in seen, f"{key} used by {seen[key]!r} and {act.text()!r}"
            seen[key] = act.text()
    assert seen.get("Alt+1") == "Analysis"


def test_missing_recent_file_leaves_the_list(window, tmp_path):
    path = tmp_path / "gone.json"
    window.files.save_as(path)
    assert window.settings.recent_files() == [str(path.resolve())]
    path.unlink()
    assert not window.files.open_file(path)
    assert window.errors and window.settings.recent_files() == []
    assert not window.recent_menu.actions()


def test_editor_undo_works_with_every_panel_visible(window, qtbot):
    """Panels' own Ctrl+Z (play, level set) are local, so the editor's Ctrl+Z is never ambiguous."""
    from PySide6.QtWidgets import QDockWidget

    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    for dock in window.findChildren(QDockWidget):
        dock.show()
        dock.raise_()
    window.board.setFocus()
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    qtbot.keyClick(window.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.level.number_at(0, 0) is None


def test_save_as_starts_in_the_last_folder_and_adds_the_extension(window, tmp_path, monkeypatch):
    """A bare name typed in Save as gets .json (or .txt for plain rows); the dialog opens where the last file was."""
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "levels"
    folder.mkdir()
    assert window.files.save_as(folder / "first.json")
    window.document.load(Level(4, 4))
    asked = []

    def dialog(parent, title, suggested, filters):
        asked.append(suggested)
        return str(folder / "second"), filters.split(";;")[0]

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert window.files.save_as()
    assert asked == [str(folder / "level.json")]
    assert (folder / "second.json").exists() and not (folder / "second").exists()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, suggested, filters: (str(folder / "rows"), filters.split(";;")[1]))
    assert window.files.save_as()
    assert (folder / "rows.txt").read_text().splitlines() == Level(4, 4).rows()


def test_save_as_without_recent_files_starts_in_documents(window, tmp_path, monkeypatch):
    import platformdirs
    from PySide6.QtWidgets import QFileDialog

    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(documents))
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: asked.append(a[2]) or ("", ""))
    assert not window.files.save_as()
    assert asked == [str(documents / "level.json")]

"""The Document: signals, modified flag, and that commands are the only way to edit."""

from __future__ import annotations

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand, SetNumberCommand, ToggleDotCommand
from linjat_editor.gui.board.document import Document


def test_commands_emit_level_changed_and_modified(qtbot):
    doc = Document(Level(4, 4))
    levels, flags = [], []
    doc.levelChanged.connect(levels.append)
    doc.modifiedChanged.connect(flags.append)
    assert not doc.modified
    doc.push(SetNumberCommand(doc, 0, 0, 3))
    assert doc.modified and flags == [True]
    assert levels[-1].rows()[0] == "3   "
    doc.undo_stack.undo()
    assert not doc.modified and flags == [True, False]
    assert levels[-1] == Level(4, 4)


def test_no_op_commands_are_not_pushed(qtbot):
    doc = Document(Level.from_rows(["2 ", "  "]))
    assert not doc.push(SetNumberCommand(doc, 0, 0, 2))
    assert not doc.push(ReplaceLevelCommand(doc, doc.level, "Clear dots"))
    assert doc.undo_stack.count() == 0 and not doc.modified


def test_save_marks_clean_and_load_resets_history(qtbot, tmp_path):
    doc = Document(Level(4, 4))
    paths = []
    doc.pathChanged.connect(paths.append)
    doc.push(ToggleDotCommand(doc, 1, 1))
    doc.mark_saved(tmp_path / "a.json")
    assert not doc.modified and doc.display_name() == "a.json" and paths == [str(tmp_path / "a.json")]
    doc.push(ToggleDotCommand(doc, 1, 2))
    assert doc.modified
    doc.load(Level(5, 5), None)
    assert doc.undo_stack.count() == 0 and not doc.modified and doc.path is None
    doc.load(Level(5, 5), tmp_path / "b.json", modified=True)
    assert doc.modified  # a recovered autosave counts as unsaved


def test_replace_level_text_appears_in_history(qtbot):
    doc = Document(Level.from_rows([". ", " 2"]))
    doc.push(ReplaceLevelCommand(doc, doc.level.without_dots(), "Clear dots"))
    assert doc.undo_stack.text(0) == "Clear dots"
    assert not doc.level.dots

"""Size dialog presets, resize as one undo step, and the step-line geometry the board draws."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from linjat_editor.core.level import Level, Number
from linjat_editor.gui.shell import actions
from linjat_editor.gui.dialogs.size_dialog import SIZE_PRESETS, SizeDialog
from linjat_editor.gui.board.step_lines import known_lines
from linjat_editor.render.theme import Theme


def test_size_dialog_presets_and_custom(qtbot):
    d = SizeDialog("New level", 9, 6)
    qtbot.addWidget(d)
    assert d.preset.currentText() == "Easy 9×6"
    labels = [d.preset.itemText(i) for i in range(d.preset.count())]
    assert labels == [p[0] for p in SIZE_PRESETS] + ["Custom"]
    d.preset.setCurrentText("Expert 13×9")
    assert d.size() == (13, 9)
    d.preset.setCurrentText("Tutorial 4×4")
    assert d.size() == (4, 4)
    d.rows.setValue(17)
    assert d.preset.currentText() == "Custom"
    d.cols.setValue(99)
    assert d.size() == (17, 20)  # capped at 20×20


def test_resize_is_one_undo_step(window, qtbot, monkeypatch):
    monkeypatch.setattr(SizeDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(SizeDialog, "size", lambda self: (3, 2))
    before = window.document.level
    actions.resize_grid(window)
    assert window.document.level.size == (3, 2)
    assert window.document.undo_stack.text(0) == "Resize to 3×2"
    window.document.undo_stack.undo()
    assert window.document.level == before


def test_new_level_dialog_size(window, qtbot, monkeypatch):
    monkeypatch.setattr(SizeDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(SizeDialog, "size", lambda self: (11, 8))
    window.document.undo_stack.setClean()
    assert window.files.new_level()
    assert window.document.level == Level(11, 8)


def test_known_lines_from_a_steps_lines():
    numbers = (Number(0, 0, 3), Number(2, 3, 2))
    lines = known_lines(numbers, ((0, 0, 0, 2), (2, 3, 2, 3)), frozenset({0}))
    assert lines[0].line == (0, 0, 0, 2) and lines[0].complete and lines[0].extended
    assert lines[1].line == (2, 3, 2, 3) and not lines[1].complete and not lines[1].extended


def test_theme_from_settings_ignores_junk():
    t = Theme.from_json({"dot": "#123456", "leak": "not a colour", "bogus": "#000000"})
    assert t.dot == "#123456" and t.leak == Theme().leak
    assert Theme.from_json(t.to_json()) == t


def test_level_properties_is_one_undo_step(window, qtbot, monkeypatch):
    from linjat_editor.gui.dialogs.properties import PropertiesDialog

    def accept(self):
        self.name.setText("Corner case")
        self.notes.setPlainText("two lines\nof notes")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PropertiesDialog, "exec", accept)
    board = window.document.level.board_key()
    window.acts.properties.trigger()
    level = window.document.level
    assert (level.name, level.notes) == ("Corner case", "two lines\nof notes")
    assert level.board_key() == board
    assert window.document.undo_stack.text(0) == "Edit name, notes"
    assert window.windowTitle().startswith("Corner case*")
    window.document.undo_stack.undo()
    assert window.document.level.name == ""


def test_a_lessons_drafted_message_is_shown_whole_and_editable_in_level_properties(window, qtbot, monkeypatch):
    from linjat_editor.core.analysis import draft_message
    from linjat_editor.core.kinds import Kind
    from linjat_editor.core.techniques import lesson_meta, lesson_rules
    from linjat_editor.gui.dialogs.properties import PropertiesDialog

    rules = lesson_rules(Kind.CANT_FIT)
    bare = Level.from_rows(["     ", "5    ", "     ", "     ", ". 35 "])
    lesson = bare.with_meta(message=draft_message(bare, Kind.CANT_FIT, rules),
                            extra={"lesson": lesson_meta(Kind.CANT_FIT, rules)})
    window.document.load(lesson)
    dialog = PropertiesDialog(window.document.level, window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.message.isVisible() and dialog.message.toPlainText() == lesson.message
    assert lesson.message.startswith("The 5 at row 5, column 4 will only fit in vertically")
    # Wrapped in a box several lines tall: the whole drafted message is readable without scrolling sideways.
    assert dialog.message.height() >= 3 * dialog.message.fontMetrics().lineSpacing()
    assert dialog.message.horizontalScrollBar().maximum() == 0
    dialog.close()

    def accept(self):
        self.message.setPlainText("Drag the 3 over the dot.\nThe 5 only fits upwards. Then click 'Done'.")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PropertiesDialog, "exec", accept)
    window.acts.properties.trigger()
    assert window.document.level.message == "Drag the 3 over the dot. The 5 only fits upwards. Then click 'Done'."
    assert window.document.undo_stack.text(window.document.undo_stack.count() - 1) == "Edit message"


def test_colours_dialog_changes_and_persists_the_theme(window, qtbot, monkeypatch):
    import json

    from linjat_editor.gui.dialogs.colours import ColoursDialog

    def accept(self):
        self.set_colour("dot", "#ff00ff")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ColoursDialog, "exec", accept)
    window.acts.colours.trigger()
    assert window.board.theme.dot == "#ff00ff"
    window.save_settings()
    assert json.loads(window.settings.path.read_text())["colours"]["dot"] == "#ff00ff"
    d = ColoursDialog(window.theme)
    qtbot.addWidget(d)
    d.set_theme(Theme())
    assert d.theme == Theme() and d.buttons["dot"].text() == Theme().dot

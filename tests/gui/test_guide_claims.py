"""What the guide says the window does, done by the window: a refused number, and a batch's undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from linjat_editor.core.level import Level
from linjat_editor.gui.shell.main_window import MainWindow
from linjat_editor.io.level_set import LevelSet, SetEntry

GUIDE = " ".join((Path(__file__).resolve().parents[2] / "docs" / "user-guide.md").read_text(encoding="utf-8").split())


def test_a_number_longer_than_the_board_is_refused_and_a_message_says_why(window, qtbot):
    assert "is longer than the board's longest row or column is refused, and a message says why" in GUIDE
    window.show_info = MainWindow.show_info.__get__(window)  # the real message, not the fixture's recorder
    window.document.load(Level(4, 4))
    window.show()
    window.board.setFocus()
    window.board.set_selection((0, 0))
    qtbot.keyClick(window.board, Qt.Key.Key_7)
    box = next(b for b in window.findChildren(QMessageBox) if b.isVisible())
    assert box.windowTitle() == "Number does not fit"
    assert box.text() == ("The 7 at row 1, column 1 cannot fit: its line needs 7 cells in a row or column, "
                          "and this 4\u00d74 board's longest is 4.")
    assert not window.document.level.numbers
    box.accept()
    qtbot.keyClick(window.board, Qt.Key.Key_4)  # as long as the board: placed
    assert window.document.level.number_at(0, 0).value == 4


def test_a_batch_is_one_step_of_the_sets_own_undo_not_of_the_history(window, qtbot):
    assert ("The whole batch is one step of the set's own undo: `Ctrl+Z` with the keyboard in the Level set tab "
            "takes it back (the History tab lists it under Level set, apart from the board's edits).") in GUIDE
    panel = window.set_panel
    panel.analyse = False
    board_steps = window.document.undo_stack.count()
    batch = LevelSet(name="batch", entries=tuple(SetEntry(Level.from_rows(rows), tier="tutorial") for rows in
                                                 (["2.", "  "], [" 3", " .", "  "])))
    panel.append_set(batch, "Generate 2 level(s)")  # what the batch dialog's result does
    assert len(panel.level_set) == 2 and window.document.undo_stack.count() == board_steps
    assert window.history.model().rowCount() == board_steps + 1  # "<opened>" and the board's edits only
    set_list = window.history_panel.set_view
    assert set_list is not None and set_list.model().rowCount() == 2  # how the set began, then the batch
    assert set_list.model().data(set_list.model().index(1, 0)) == "Generate 2 level(s)"
    window.show()
    qtbot.waitExposed(window)
    window.findChild(type(window.analysis_dock), "dock-level-set").raise_()
    panel.view.setFocus()
    qtbot.waitUntil(panel.view.hasFocus)
    qtbot.keyClick(panel.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(panel.level_set) == 0 and window.document.undo_stack.count() == board_steps

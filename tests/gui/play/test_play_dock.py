"""Play mode inside the editor window: a finished attempt is one undoable edit of the level."""

from __future__ import annotations

from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.play.play_dock import install_play_mode
from linjat_editor.gui.play.play_state import Reach


def test_playtest_recorded_undoably(qtbot, window):
    panel = install_play_mode(window)
    assert panel.level.same_board(window.document.level)  # the tutorial ".3. " level
    panel.state.commit(0, Reach("h", 1, 1))
    panel.board.moved.emit()
    assert panel.done()
    tests = window.document.level.extra["playtests"]
    assert len(tests) == 1 and tests[0]["solved"] is True and tests[0]["moves"] == 1
    assert panel.board.locked  # our own metadata edit did not restart the attempt
    assert window.document.undo_stack.undoText() == "Record playtest"
    window.document.undo_stack.undo()
    assert "playtests" not in window.document.level.extra
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    assert len(panel.level.numbers) == 2 and not panel.board.locked  # a board edit: fresh attempt
    window.document.undo_stack.setClean()  # qtbot closes the window before the fixture's own cleanup

"""Playtesting inside the editor: the whole level and its buttons are visible, mouse and keyboard both draw."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt

from linjat_editor.core.level import Level

NINE_BY_SIX = Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "])


def _inside_window(window, widget) -> bool:
    box = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
    return window.rect().contains(box)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_play_tab_shows_every_row_and_every_button(window, qtbot, size):
    window.document.load(NINE_BY_SIX)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.acts.playtest.trigger()
    qtbot.wait(50)
    panel = window.play
    board = panel.board
    assert board.hasFocus()
    g = board.geometry_()
    assert g.rows == 9 and g.cell >= 30  # big enough to play on, not a strip
    shown = board.visibleRegion().boundingRect()
    grid = QRect(int(g.left), int(g.top), int(g.cell * g.cols), int(g.cell * g.rows))
    assert shown.contains(grid), (shown, grid)
    for button in (panel.undo_button, panel.reset_button, panel.done_button, panel.give_up_button):
        assert button.isVisible() and not button.visibleRegion().isEmpty(), button.text()
        assert _inside_window(window, button), button.text()
    assert not panel.clock_label.visibleRegion().isEmpty()


def test_keyboard_draws_lines_and_done_reports_time_and_solved(window, qtbot):
    level = Level.from_rows(["2 ", "  "])  # a 2 at the top left: its line is two cells
    window.document.load(level)
    window.show()
    window.acts.playtest.trigger()
    board = window.play.board
    qtbot.keyClick(board, Qt.Key.Key_Space)  # pick up the 2 (the cursor starts at the top left)
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert board.state.reaches[0].length == 2
    assert window.play.done()
    assert "Solved in 0:0" in window.play.status.text() and "1 moves" in window.play.status.text()
    assert "moves" in window.play.clock_label.text()

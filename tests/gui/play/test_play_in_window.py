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


#: A square lesson (see tests/analysis/test_step_lines.py): its 4 at row 2, column 1 runs down to row 4,
#: whose cell holds neither number nor dot, so any colour there is a drawn line.
LESSON = Level.from_rows([". .5 .", "4 ..  ", ". 5. .", "  .. 4", " 1    ", "     1"],
                         message="Two dots only the 4 and the 5 can reach: each takes one.")


def _colour_under_the_four(window, qtbot):
    from PySide6.QtGui import QColor

    from ..pixels import colour_at, screenshot

    window.board.repaint()
    return QColor(colour_at(screenshot(window), window, window.board, window.board.cell_center(3, 0)))


def test_while_playing_the_board_shows_only_the_puzzle(window, qtbot):
    from PySide6.QtWidgets import QDockWidget

    from linjat_editor.gui.analysis.step_panel import HIDDEN

    from ..pixels import close

    window.resize(1280, 860)
    window.show()
    qtbot.waitExposed(window)
    window.document.load(LESSON)
    qtbot.waitUntil(window.analysis.is_current, timeout=180_000)
    steps = window.steps
    steps.set_position(len(steps.steps))
    window.acts.solution.setChecked(True)
    theme = window.theme
    assert close(_colour_under_the_four(window, qtbot), theme.color("step_done"))  # the answer, drawn
    window.acts.playtest.trigger()
    qtbot.waitUntil(lambda: window.board.puzzle_only)
    assert close(_colour_under_the_four(window, qtbot), theme.color("cell"))  # only the puzzle
    assert steps.title.text() == HIDDEN and steps.sentence.text() == ""
    assert not steps.next.isEnabled() and not steps.prev.isEnabled() and not steps.slider.isEnabled()
    assert not steps.legend.isVisible()  # no key to lines that are not drawn
    at = steps.position
    window.acts.prev_step.trigger()
    window.acts.hint.trigger()
    assert steps.position == at and window.statusBar().currentMessage() == "No hints while you play the level"
    window.findChild(QDockWidget, "dock-analysis").raise_()  # Play put away: the designer's view is back
    qtbot.waitUntil(lambda: not window.board.puzzle_only)
    assert steps.title.text().startswith(f"Step {at} of {at}") and steps.sentence.text()
    assert steps.legend.isVisible()
    assert close(_colour_under_the_four(window, qtbot), theme.color("step_done"))


def test_the_levels_message_is_shown_and_follows_its_edits(window, qtbot):
    from linjat_editor.gui.commands import SetMetaCommand

    from ..pixels import ink, screenshot

    window.show()
    qtbot.waitExposed(window)
    window.document.load(LESSON)
    window.acts.playtest.trigger()
    label = window.play.message
    qtbot.waitUntil(label.isVisible)
    assert label.text() == LESSON.message and not label.visibleRegion().isEmpty()
    assert ink(screenshot(window), window, label, label.palette().windowText().color()) > 20
    board = window.play.board
    board.cursor_cell = (1, 0)  # a move: the 4 one cell down, the attempt under way
    qtbot.keyClick(board, Qt.Key.Key_Space)
    qtbot.keyClick(board, Qt.Key.Key_Down)
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert window.play.state.moves == 1
    window.document.push(SetMetaCommand(window.document, message="Drag the 4 down over the dots."))
    assert label.text() == "Drag the 4 down over the dots." and label.isVisible()
    assert window.play.state.moves == 1  # a new message, the same attempt
    window.document.push(SetMetaCommand(window.document, message=""))
    assert not label.isVisible()


def test_solved_the_moment_the_last_line_is_right_and_the_time_recorded(window, qtbot):
    window.document.load(Level.from_rows(["2  ", "  .", "  2"]))  # each 2 has one way to cover its part
    window.show()
    window.acts.playtest.trigger()
    panel = window.play
    assert panel.done_button.text() == "Check"
    now = [500.0]
    panel._clock = lambda: now[0]  # the attempt's clock, stepped by hand
    board = panel.board
    qtbot.keyClick(board, Qt.Key.Key_Space)  # the 2 at the top left, rightwards
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert "playtests" not in window.document.level.extra and not board.locked
    now[0] += 7.5
    board.cursor_cell = (2, 2)  # the 2 at the bottom right, upwards over the dot
    qtbot.keyClick(board, Qt.Key.Key_Space)
    qtbot.keyClick(board, Qt.Key.Key_Up)
    qtbot.keyClick(board, Qt.Key.Key_Space)
    (record,) = window.document.level.extra["playtests"]  # no button pressed
    assert record["solved"] is True and record["moves"] == 2 and record["seconds"] == 7.5
    assert board.locked and panel.status.text().startswith("\u2714 Solved in 0:07 with 2 moves")


def test_a_published_tutorial_opened_from_its_set_shows_its_message_in_play(window, qtbot, corpus_path):
    from linjat_editor.io import read_set

    tutorials = read_set(str(corpus_path))
    panel = window.set_panel
    panel.analyse = False
    panel.set_level_set(tutorials)
    first = next(i for i, e in enumerate(tutorials) if e.tier == "tutorial" and e.level.message)
    panel.select(first)
    panel.open_selected()
    window.show()
    window.acts.playtest.trigger()
    label = window.play.message
    qtbot.waitUntil(label.isVisible)
    assert label.text() == tutorials[first].level.message and not label.visibleRegion().isEmpty()

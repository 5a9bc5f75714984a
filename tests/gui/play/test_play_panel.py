"""Play mode by simulated mouse drags: drawing, refusal, Check messages, solved on the last line, playtest records."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from linjat_editor.core.level import Level
from linjat_editor.gui.play import PlayPanel, with_playtest

LEVEL = Level.from_rows([
    "     ",
    ".3.  ",
    "   2 ",
    "     ",
], name="t")


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def panel(qtbot):
    clock = FakeClock()
    records: list[dict] = []
    w = PlayPanel(LEVEL, clock=clock, on_playtest=records.append)
    w.resize(420, 420)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.clock, w.records = clock, records
    return w


def center(panel, r: int, c: int) -> QPoint:
    return panel.board.geometry_().center(r, c).toPoint()


def drag(qtbot, panel, start, *path) -> None:
    board = panel.board
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=center(panel, *start))
    for cell in path:
        qtbot.mouseMove(board, center(panel, *cell))
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=center(panel, *path[-1]) if path else center(panel, *start))


def test_draw_both_ways_and_solve(qtbot, panel):
    drag(qtbot, panel, (1, 1), (1, 0))
    assert panel.state.line(0) == (1, 0, 1, 1)
    panel.clock.now += 12.5
    drag(qtbot, panel, (1, 1), (1, 2))  # the other way: extends on that side
    assert panel.state.line(0) == (1, 0, 1, 2) and panel.state.status(0) == "ok"
    with qtbot.waitSignal(panel.playtestRecorded) as sig:
        drag(qtbot, panel, (2, 3), (2, 4))  # the last line right: solved, no button pressed
    assert panel.done()
    rec = sig.args[0]
    assert rec["solved"] is True and rec["moves"] == 3 and rec["seconds"] == 12.5
    assert set(rec) == {"date", "seconds", "moves", "solved"}
    assert panel.records == [rec]
    assert "Solved" in panel.status.text()
    drag(qtbot, panel, (2, 3), (0, 3))  # locked after a solve
    assert panel.state.line(1) == (2, 3, 2, 4)


def test_crossing_is_refused_with_feedback(qtbot, panel):
    drag(qtbot, panel, (2, 3), (1, 3))  # the 2 goes up: covers (1,3)
    with qtbot.waitSignal(panel.board.refused) as sig:
        drag(qtbot, panel, (1, 1), (1, 2), (1, 3), (1, 4))
    assert panel.state.line(0) == (1, 1, 1, 2)  # stopped before the 2's line
    assert "another line" in sig.args[0] and "row 2, column 4" in panel.status.text()
    with qtbot.waitSignal(panel.board.refused) as sig:
        drag(qtbot, panel, (1, 1), (2, 1), (3, 1))
        drag(qtbot, panel, (2, 3), (2, 2), (2, 1), (2, 0))  # into the 3's new vertical line
    assert panel.state.line(1)[1] == 2  # the 2's horizontal line stops at column 3


def test_done_says_what_is_wrong_and_undo_reset(qtbot, panel):
    drag(qtbot, panel, (1, 1), (1, 0))
    assert not panel.done()
    text = panel.status.text()
    assert "too short (2 of 3)" in text and "the 2 at row 3, column 4" in text and "not covered: row 2 column 3" in text
    assert panel.records == []
    qtbot.mouseClick(panel.undo_button, Qt.MouseButton.LeftButton)
    assert panel.state.line(0) == (1, 1, 1, 1)
    drag(qtbot, panel, (1, 1), (1, 0))
    qtbot.mouseClick(panel.reset_button, Qt.MouseButton.LeftButton)
    assert panel.state.moves == 0 and panel.elapsed() == 0.0


def test_click_on_number_removes_its_line(qtbot, panel):
    drag(qtbot, panel, (1, 1), (1, 2))
    qtbot.mouseClick(panel.board, Qt.MouseButton.LeftButton, pos=center(panel, 1, 1))
    assert panel.state.line(0) == (1, 1, 1, 1)


def test_give_up_records_unsolved_and_with_playtest(qtbot, panel):
    drag(qtbot, panel, (1, 1), (1, 0))
    panel.clock.now += 3
    panel.give_up()
    assert panel.records[0]["solved"] is False and panel.records[0]["moves"] == 1
    lvl = with_playtest(with_playtest(LEVEL, panel.records[0]), {"solved": True})
    assert [p["solved"] for p in lvl.extra["playtests"]] == [False, True]
    assert "playtests" not in LEVEL.extra and lvl.same_board(LEVEL)


def test_screenshot(qtbot, panel, tmp_path):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QImage

    from ..pixels import close, colour_at, ink, screenshot

    drag(qtbot, panel, (1, 1), (1, 0))  # the 3: two cells of three, short
    drag(qtbot, panel, (2, 3), (2, 4))  # the 2: right
    panel.grab().save(str(tmp_path / "play.png"))
    image = QImage(str(tmp_path / "play.png"))
    assert image.size() == screenshot(panel).size()
    board, theme = panel.board, panel.board.theme
    g = board.geometry_()

    def at(r: float, c: float):
        return colour_at(image, panel, board, QPointF(g.left + (c + 0.5) * g.cell, g.top + (r + 0.5) * g.cell))

    # Each number is a dark disc with its digit in white, on its own cell.
    for n in LEVEL.numbers:
        assert close(at(n.row, n.col + 0.28), theme.color("number_fill")), n
        cell = g.cell_rect(n.row, n.col).toRect()
        assert ink(image, panel, board, theme.color("number_text"), cell) > 10, n
    # The 2's line is right: filled green over the cell it reaches; an untouched cell stays plain.
    assert close(at(2, 4 + 0.3), theme.color("step_done"))
    assert close(at(3, 0), theme.color("cell")) and close(at(0, 4), theme.color("cell"))
    # The panel's text is drawn where its label is: the clock and the moves.
    label = panel.clock_label
    assert "2 moves" in label.text() and ink(image, panel, label, label.palette().windowText().color()) > 20

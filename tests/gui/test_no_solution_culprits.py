"""A level without a solution names its culprits in the verdict and marks them on the board."""

from __future__ import annotations

from PySide6.QtCore import QRect

from linjat_editor.core.level import Level
from linjat_editor.render.theme import Theme

from .pixels import ink, screenshot

JIT = 240_000  # the first analysis in a process may compile the engine


def culprit_ink(window, cell) -> int:
    board = window.board
    image = screenshot(window)
    rect = board.geometry_for_size().cell_rect(*cell).toRect().adjusted(2, 2, -2, -2)
    return ink(image, window, board, Theme().color("culprit"), QRect(rect))


def analysed(window, qtbot, rows) -> str:
    window.show()
    window.document.load(Level.from_rows(rows))
    qtbot.waitUntil(lambda: window.analysis.is_current() and window.analysis.result is not None
                    and window.analysis.result.level == window.document.level, timeout=JIT)
    qtbot.wait(50)
    return window.analysis.verdict.text()


def test_a_number_without_room_is_named_and_marked(window, qtbot):
    verdict = analysed(window, qtbot, ["    ", " 5  ", "    ", "  . "])  # a 5 on a 4x4 board
    assert verdict.startswith("\u2716 No solution: the 5 at row 2, column 2 has no room for a line"), verdict
    assert culprit_ink(window, (1, 1)) > 20
    assert culprit_ink(window, (3, 2)) == 0 and culprit_ink(window, (0, 0)) == 0


def test_a_dot_no_line_reaches_is_named_and_marked(window, qtbot):
    verdict = analysed(window, qtbot, ["2   ", "    ", "    ", "   ."])
    assert "no line can reach the dot at row 4, column 4" in verdict, verdict
    assert culprit_ink(window, (3, 3)) > 20 and culprit_ink(window, (0, 0)) == 0


def test_numbers_that_cannot_all_be_drawn_are_all_named(window, qtbot):
    verdict = analysed(window, qtbot, ["2 2"])  # both 2s need the middle cell
    assert "cannot all be drawn without crossing: row 1, column 1 and row 1, column 3" in verdict, verdict
    assert culprit_ink(window, (0, 0)) > 20 and culprit_ink(window, (0, 2)) > 20
    assert culprit_ink(window, (0, 1)) == 0

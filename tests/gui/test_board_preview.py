"""Previewing another level on the board (an optimizer candidate): shown read-only, never edited."""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor.core import Level
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.document import Document

MINE = Level.from_rows(["    ", "    ", ".  4", "    "])
CANDIDATE = Level.from_rows([" 3  ", "    ", ". 3.", "    "])


def make_board(qtbot) -> BoardView:  # type: ignore[no-untyped-def]
    board = BoardView(Document(MINE))
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.show()
    return board


def test_a_click_ends_the_preview_and_still_counts(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The preview never swallows input: the click returns to the designer's level and acts there."""
    board = make_board(qtbot)
    board.set_preview(CANDIDATE)
    assert board.previewing and board.level == CANDIDATE
    assert not board.grab().isNull()
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=board.cell_center(0, 0).toPoint())
    assert not board.previewing
    assert (0, 0) in board.document.level.dots  # the right-click placed its dot


def test_a_key_ends_the_preview_and_acts_escape_only_ends_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = make_board(qtbot)
    board.set_selection((0, 1))
    board.set_preview(CANDIDATE)
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert not board.previewing and board.document.level == MINE
    board.set_preview(CANDIDATE)
    qtbot.keyClick(board, Qt.Key.Key_3)
    assert not board.previewing and board.document.level.number_at(0, 1).value == 3
    board.set_preview(CANDIDATE)
    board.document.undo_stack.undo()  # a document change (edit, undo, adopt) ends it too
    assert not board.previewing and board.level == MINE


def test_the_preview_looks_read_only_and_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = make_board(qtbot)
    plain = board.grab().toImage()
    board.set_preview(MINE)  # the same level: only the read-only look differs
    shown = board.grab().toImage()
    banner = shown.pixelColor(board.width() // 2, 4)
    assert banner.name() == board.theme.color("selection").name()  # the banner strip
    assert shown != plain

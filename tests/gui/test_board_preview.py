"""Previewing another level on the board (an optimizer candidate): shown read-only, never edited."""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor.core import Level
from linjat_editor.gui.board_view import BoardView
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.document import Document

MINE = Level.from_rows(["    ", "    ", ".  4", "    "])
CANDIDATE = Level.from_rows([" 3  ", "    ", ". 3.", "    "])


def make_board(qtbot) -> BoardView:  # type: ignore[no-untyped-def]
    board = BoardView(Document(MINE))
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.show()
    return board


def test_preview_shows_the_candidate_and_a_click_only_ends_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = make_board(qtbot)
    board.set_preview(CANDIDATE)
    assert board.previewing and board.level == CANDIDATE
    assert not board.grab().isNull()
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=board.cell_center(0, 0).toPoint())
    assert not board.previewing and board.level == MINE
    assert board.document.level == MINE  # the click did not toggle a dot


def test_a_key_or_a_document_change_ends_the_preview(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = make_board(qtbot)
    board.set_preview(CANDIDATE)
    qtbot.keyClick(board, Qt.Key.Key_5)
    assert not board.previewing and board.document.level == MINE
    board.set_preview(CANDIDATE)
    board.document.push(SetNumberCommand(board.document, 0, 0, 2))
    assert not board.previewing and board.level.number_at(0, 0) is not None

"""Editing the board with keys and mouse pushes real, undoable commands."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from linjat_editor.core.level import Level, Number
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.document import Document


def make_view(qtbot, rows=("    ", "    ", ".3. ", "    ")):
    doc = Document(Level.from_rows(list(rows)))
    view = BoardView(doc)
    qtbot.addWidget(view)
    view.resize(400, 400)
    view.show()
    qtbot.waitExposed(view)
    return doc, view


def point(view, r, c) -> QPoint:
    return view.cell_center(r, c).toPoint()


def test_type_number_dot_and_clear(qtbot):
    doc, view = make_view(qtbot)
    view.set_selection((0, 0))
    qtbot.keyClick(view, "4")
    assert doc.level.number_at(0, 0) == Number(0, 0, 4)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.selection == (0, 1)
    qtbot.keyClick(view, ".")
    assert (0, 1) in doc.level.dots
    qtbot.keyClick(view, ".")
    assert (0, 1) not in doc.level.dots
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert doc.level.number_at(0, 0) is None
    assert doc.undo_stack.count() == 4


def test_arrows_stop_at_the_border(qtbot):
    doc, view = make_view(qtbot)
    view.set_selection((0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.selection == (0, 0)
    for _ in range(10):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.selection == (3, 0)


def test_click_selects_right_click_toggles_dot(qtbot):
    doc, view = make_view(qtbot)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point(view, 3, 2))
    assert view.selection == (3, 2)
    qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=point(view, 1, 1))
    assert (1, 1) in doc.level.dots and view.selection == (1, 1)


def test_shift_click_pins_and_unpins(qtbot):
    doc, view = make_view(qtbot)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, point(view, 2, 0))
    assert (2, 0) in doc.level.pinned
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, point(view, 2, 0))
    assert (2, 0) not in doc.level.pinned and (2, 0) in doc.level.dots
    # shift-click on a number changes nothing and leaves no empty undo step
    count = doc.undo_stack.count()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, point(view, 2, 1))
    assert doc.undo_stack.count() == count


def test_drag_moves_a_number(qtbot):
    doc, view = make_view(qtbot)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=point(view, 2, 1))
    qtbot.mouseMove(view, point(view, 0, 3))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=point(view, 0, 3))
    assert doc.level.number_at(0, 3) == Number(0, 3, 3)
    assert doc.level.number_at(2, 1) is None
    assert view.selection == (0, 3)
    doc.undo_stack.undo()
    assert doc.level.number_at(2, 1) == Number(2, 1, 3)


def test_undo_redo_restores_exact_levels(qtbot):
    doc, view = make_view(qtbot)
    start = doc.level
    view.set_selection((1, 1))
    qtbot.keyClick(view, "4")  # (a 5 does not fit on this 4x4 board and is refused)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, "p")
    edited = doc.level
    assert (1, 2) in edited.pinned and edited.number_at(1, 1) == Number(1, 1, 4)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.level == start
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert doc.level == edited

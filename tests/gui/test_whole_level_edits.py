"""Edit ▸ Copy level / Paste level as rows text, and Edit ▸ Grid: rotate, mirror, shift, one undo step each."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication

from linjat_editor import core
from linjat_editor.core.level import Level
from linjat_editor.core.transforms import mirrored, rotated

ROWS = ["2  .", "    ", " 3  "]


def put(window, rows=ROWS, pinned=frozenset()):
    window.document.load(Level.from_rows(rows).with_meta(pinned=pinned, name="mine"))


def test_copy_level_puts_the_rows_on_the_clipboard_and_paste_opens_them_as_a_new_level(window):
    put(window)
    window.acts.copy_level.trigger()
    assert QGuiApplication.clipboard().text() == "2  .\n    \n 3  \n"
    window.files.new_level((5, 5))
    window.acts.paste_level.trigger()
    assert window.document.level.rows() == ROWS
    assert window.windowTitle() == "untitled \u2014 Linjat Editor"  # a new document: nothing unsaved yet
    QGuiApplication.clipboard().setText("not a level")
    window.acts.paste_level.trigger()
    assert window.errors and window.document.level.rows() == ROWS  # one line said, nothing lost


def test_rotate_and_mirror_are_one_undo_step_each_and_keep_pins_and_name(window):
    put(window, pinned=frozenset({(0, 3)}))
    doc = window.document
    window.acts.rotate.trigger()
    assert doc.level.rows() == ["  2", "3  ", "   ", "  ."]
    assert doc.level.pinned == {(3, 2)} and doc.level.name == "mine"
    window.acts.mirror.trigger()
    assert doc.level.rows() == ["2  ", "  3", "   ", ".  "]
    window.acts.flip.trigger()
    assert doc.level.rows() == [".  ", "   ", "  3", "2  "]
    texts = [doc.undo_stack.text(i) for i in range(doc.undo_stack.count())]
    assert texts == ["Rotate clockwise", "Mirror left to right", "Mirror top to bottom"]
    for _ in texts:
        doc.undo_stack.undo()
    assert doc.level.rows() == ROWS and doc.level.pinned == {(0, 3)}


def test_shift_moves_everything_one_cell_and_refuses_at_the_edge(window):
    put(window, ["2 . ", " 3  ", "    "])
    doc = window.document
    window.acts.shift_down.trigger()
    assert doc.level.rows() == ["    ", "2 . ", " 3  "] and doc.undo_stack.undoText() == "Shift down"
    window.acts.shift_down.trigger()  # the 3 is on the bottom row now
    assert doc.level.rows() == ["    ", "2 . ", " 3  "] and doc.undo_stack.count() == 1
    assert window.statusBar().currentMessage() == "Cannot shift down: a number or dot is on the bottom row"
    window.acts.shift_left.trigger()  # the 2 is on the left column
    assert doc.undo_stack.count() == 1
    assert window.statusBar().currentMessage() == "Cannot shift left: a number or dot is on the left column"
    window.acts.shift_right.trigger()
    assert doc.level.rows() == ["    ", " 2 .", "  3 "] and doc.undo_stack.count() == 2
    window.acts.shift_up.trigger()
    window.acts.shift_up.trigger()  # the second: the 2 is on the top row
    assert doc.level.rows() == [" 2 .", "  3 ", "    "] and doc.undo_stack.count() == 3
    assert window.statusBar().currentMessage() == "Cannot shift up: a number or dot is on the top row"


def test_the_grid_actions_have_the_shortcuts_the_guide_names(window):
    from PySide6.QtGui import QKeySequence

    a = window.acts
    for act, keys in ((a.rotate, "Ctrl+Alt+R"), (a.mirror, "Ctrl+Alt+M"), (a.flip, "Ctrl+Alt+F"),
                      (a.shift_up, "Ctrl+Shift+Up"), (a.shift_left, "Ctrl+Shift+Left"),
                      (a.copy_level, "Ctrl+Shift+C"), (a.paste_level, "Ctrl+Shift+V")):
        assert act.shortcut() == QKeySequence(keys), act.text()


def test_a_rotated_or_mirrored_level_is_the_same_puzzle(corpus_levels):
    """What the Grid menu promises for a turn or a mirror: one solution still, and the same deductions.
    (A shift promises no such thing: it frees a row or column on the other side for the lines.)"""
    level = corpus_levels("medium")[3]
    before = core.solve(level)
    for moved in (rotated(level), mirrored(level), mirrored(level, False)):
        after = core.solve(moved)
        assert core.count_solutions(moved, limit=2).count == 1
        assert after.solved == before.solved and after.classification == before.classification


def test_rows_and_columns_are_numbered_beside_the_board(window, qtbot):
    """Row numbers left of the grid and column numbers above it, as every message counts them."""
    from .pixels import ink, screenshot

    window.document.load(Level(9, 6))
    window.resize(1280, 860)
    window.show()
    qtbot.waitExposed(window)
    board = window.board
    g = board.geometry_for_size()
    image = screenshot(window)
    label = board.theme.color("grid").darker(170)
    room = board.label_room()
    for r in (0, 6, 8):  # row 1, row 7, row 9
        box = g.cell_rect(r, 0).translated(-room, 0).toRect()
        box.setWidth(room - 4)
        assert ink(image, window, board, label, box) > 5, f"row {r + 1}"
    for c in (0, 5):
        box = g.cell_rect(0, c).translated(0, -room).toRect()
        assert ink(image, window, board, label, box) > 5, f"column {c + 1}"
    corner = QRect(int(g.left) - room, int(g.top) - room, room - 4, room - 4)  # no number in the corner
    assert ink(image, window, board, label, corner) == 0

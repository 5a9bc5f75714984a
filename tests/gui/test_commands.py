"""Edge cases of the edit commands: what each does to a level, and that no-ops stay out of the history."""

from __future__ import annotations

from linjat_editor.core.level import Level, Number
from linjat_editor.gui.commands import (
    ClearCellCommand,
    MoveNumberCommand,
    PinDotCommand,
    SetNumberCommand,
    ToggleDotCommand,
)
from linjat_editor.gui.board.document import Document


def doc_of(rows):
    return Document(Level.from_rows(rows))


def test_move_number_onto_a_dot_replaces_it_and_onto_a_number_does_nothing(qtbot):
    doc = doc_of(["2 .", "  3"])
    assert doc.push(MoveNumberCommand(doc, (0, 0), (0, 2)))
    assert doc.level.rows() == ["  2", "  3"]
    assert not doc.push(MoveNumberCommand(doc, (0, 2), (1, 2)))  # occupied by the 3
    assert not doc.push(MoveNumberCommand(doc, (0, 0), (1, 0)))  # nothing to move
    assert doc.undo_stack.count() == 1


def test_toggle_dot_on_a_number_and_pinned_dot(qtbot):
    doc = doc_of(["2 ", "  "])
    doc.push(ToggleDotCommand(doc, 0, 0))
    assert doc.level.rows() == [". ", "  "]
    doc.push(PinDotCommand(doc, 0, 0))
    assert (0, 0) in doc.level.pinned
    doc.push(ToggleDotCommand(doc, 0, 0))  # removing a pinned dot removes the pin too
    assert not doc.level.dots and not doc.level.pinned


def test_pin_on_empty_cell_places_a_pinned_dot(qtbot):
    doc = doc_of(["  ", "  "])
    doc.push(PinDotCommand(doc, 1, 1))
    assert doc.level.pinned == {(1, 1)} and doc.level.dots == {(1, 1)}
    assert doc.undo_stack.text(0) == "Pin dot at r2c2"


def test_set_number_over_a_pinned_dot_and_clear(qtbot):
    doc = doc_of(["  ", "  "])
    doc.push(PinDotCommand(doc, 0, 1))
    doc.push(SetNumberCommand(doc, 0, 1, 7))
    assert doc.level.numbers == (Number(0, 1, 7),) and not doc.level.pinned
    assert not doc.push(SetNumberCommand(doc, 0, 1, 7))
    doc.push(ClearCellCommand(doc, 0, 1))
    assert doc.level == Level(2, 2)
    assert not doc.push(ClearCellCommand(doc, 0, 1))

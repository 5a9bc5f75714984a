"""Fill dots keeps trying seeds while the designer waits, can be cancelled, and says truthfully why it failed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor import core
from linjat_editor.core.level import Level, Number
from linjat_editor.gui import generator_controller

JIT = 240_000  # the first call compiles the engine


def level_of(h: int, w: int, numbers: list[tuple[int, int, int]]) -> Level:
    return Level(h, w, tuple(Number(*n) for n in numbers))


# Seeds 0-3 of the engine's fill fail on this level, seed 4 succeeds.
SOME_SEEDS_FAIL = level_of(5, 5, [(0, 0, 5), (0, 4, 4), (2, 2, 3), (2, 4, 2)])
# No seed fills this one (the numbers leave deduction stuck), yet a solution exists.
NO_SEED_FILLS = level_of(5, 5, [(0, 3, 2), (1, 4, 4), (2, 4, 3), (3, 0, 2)])


def test_fill_moves_past_failing_seeds_to_one_that_works(window, qtbot):
    window.document.load(SOME_SEEDS_FAIL)
    window.generator.seed = 0
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill.trigger()
    filled = window.document.level
    assert core.solve(filled).solved and core.count_solutions(filled).count == 1  # checked independently
    assert not window.infos


def test_fill_again_moves_past_failing_seeds_too(window, qtbot):
    window.document.load(SOME_SEEDS_FAIL)
    window.generator.seed = -1  # "again" starts at seed 0
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill_again.trigger()
    assert window.document.undo_stack.text(0).startswith("Fill again")


def test_a_failure_names_the_open_numbers(window, qtbot, monkeypatch):
    monkeypatch.setattr(generator_controller, "MAX_FILL_SEEDS", 5)
    window.document.load(NO_SEED_FILLS)
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "No dot filling found"
    assert "Tried 5 seeds" in text and "row" in text.lower()  # names where it is stuck
    assert "no filling exists" not in text.lower()
    assert window.document.undo_stack.count() == 0


def test_busy_bar_and_cancel_while_filling(window, qtbot, monkeypatch):
    monkeypatch.setattr(generator_controller, "MAX_FILL_SEEDS", 10**6)
    window.show()
    window.document.load(NO_SEED_FILLS)
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: "seed" in window.statusBar().currentMessage(), timeout=JIT)
    assert window.busy_bar.isVisible() and window.cancel_button.isVisible()
    assert not window.acts.fill.isEnabled()
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.generator.busy, timeout=5000)
    assert not window.cancel_button.isVisible() and window.acts.fill.isEnabled()
    assert window.infos[-1][0] == "Cancelled"
    assert window.document.level == NO_SEED_FILLS and window.document.undo_stack.count() == 0


def test_a_number_too_long_for_the_board_is_refused_at_once(window, qtbot):
    """A 9 on a 4x4 board: said when it is typed, not later by Fill."""
    window.show()
    window.board.setFocus()
    window.board.set_selection((0, 0))
    qtbot.keyClick(window.board, Qt.Key.Key_9)
    assert window.document.level.number_at(0, 0) is None
    title, text = window.infos[-1]
    assert "cannot fit" in text and "4\u00d74" in text
    qtbot.keyClick(window.board, Qt.Key.Key_4)
    assert window.document.level.number_at(0, 0).value == 4

"""Fill dots keeps trying seeds while the designer waits, can be cancelled, and says truthfully why it failed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor import core
from linjat_editor.core.level import Level, Number

JIT = 240_000  # the first call compiles the engine


def level_of(h: int, w: int, numbers: list[tuple[int, int, int]]) -> Level:
    return Level(h, w, tuple(Number(*n) for n in numbers))


# The original blind filler failed seeds 0-3 here; the steered one must fill it at once.
SOME_SEEDS_FAIL = level_of(5, 5, [(0, 0, 5), (0, 4, 4), (2, 2, 3), (2, 4, 2)])
# Two 2s facing each other across one cell: both need it, so no solution exists.
NO_SOLUTION = level_of(1, 3, [(0, 0, 2), (0, 2, 2)])


def fill(window, qtbot, action) -> Level:
    """Trigger a fill action and wait for its result on the board."""
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        action.trigger()
    return window.document.level


def test_fill_fills_numbers_that_admit_a_level(window, qtbot):
    window.document.load(SOME_SEEDS_FAIL)
    window.generator.seed = 0
    filled = fill(window, qtbot, window.acts.fill)
    assert core.solve(filled).solved and core.count_solutions(filled).count == 1  # checked independently
    assert not window.infos


def test_fill_again_gives_another_filling(window, qtbot):
    window.document.load(SOME_SEEDS_FAIL)
    window.generator.seed = 0
    first = fill(window, qtbot, window.acts.fill)
    again = fill(window, qtbot, window.acts.fill_again)
    assert window.document.undo_stack.text(1).startswith("Fill again")
    assert again != first and core.solve(again).solved and core.count_solutions(again).count == 1


def test_a_failure_says_why_and_names_the_cells(window, qtbot):
    window.document.load(NO_SOLUTION)
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "No dot filling found"
    assert "row 1, column 1" in text and "row 1, column 3" in text  # the two numbers that cannot both be drawn
    assert window.document.undo_stack.count() == 0


def test_busy_bar_and_cancel_while_filling(window, qtbot, monkeypatch):
    """While the engine works the status bar counts its tries and Cancel stops it between tries."""
    import time

    def slow_fill(level, seed=None, progress=None, should_stop=None, **kw):  # an engine that never finds one
        for tried in range(1, 10**6):
            if should_stop():
                break
            progress(tried, 10**6)
            time.sleep(0.01)
        return core.FillResult(level, False, "stopped")

    monkeypatch.setattr(core, "fill_dots", slow_fill)
    window.show()
    window.document.load(SOME_SEEDS_FAIL)
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: "try" in window.statusBar().currentMessage(), timeout=JIT)
    assert window.busy_bar.isVisible() and window.cancel_button.isVisible()
    assert not window.acts.fill.isEnabled()
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.generator.busy, timeout=5000)
    assert not window.cancel_button.isVisible() and window.acts.fill.isEnabled()
    assert window.infos[-1][0] == "Cancelled"
    assert window.document.level == SOME_SEEDS_FAIL and window.document.undo_stack.count() == 0


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


def test_cancel_stops_fills_leak_fix(window, qtbot, monkeypatch, corpus_levels):
    """Every filling of pinned medium #1 leaks, so Fill goes on to fix one: Cancel stops that too, board as it was."""
    import time

    from linjat_editor.core.analysis import fix

    fixing = []
    real = fix._leaks

    def slow_leaks(*args, **kw):  # the fix's trial dots, each slow enough to be caught running
        fixing.append(1)
        time.sleep(0.3)
        return real(*args, **kw)

    monkeypatch.setattr(fix, "_leaks", slow_leaks)
    level = corpus_levels("medium")[0]
    pinned = level.with_meta(pinned=level.dots)
    window.show()
    window.document.load(pinned)
    window.generator.seed = 1
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: bool(fixing), timeout=JIT)
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.generator.busy, timeout=5000)  # the whole fix takes a minute at this pace
    assert len(fixing) <= 3 and window.infos[-1] == ("Cancelled", "The board is as it was.")
    assert window.document.level == pinned and window.document.undo_stack.count() == 0

"""Step-through on the board, hint, and the generator actions (fill dots, fill again, polish dots, fix leaks, random level)."""

from __future__ import annotations

import pytest

from linjat_editor import core
from linjat_editor.core.level import Level
from linjat_editor.gui.commands import PinDotCommand

JIT = 180_000

EXPERT = ['..4  . .4', '2. 3..   ', '.3..2.   ', '   ..3 4 ', '         ', '.   7  .2', '2     .2.',
          '.   4.  4.'[:9], '    ..4..', '5   .3..3', ' 33.3..4 ', ' ..2.    ', '.2.      ']


#: The global pool's workers (analyses, checks) end before the next test.
pytestmark = pytest.mark.usefixtures("drained_pool")


def load(window, qtbot, rows):
    window.document.load(Level.from_rows(rows))
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)


def test_step_through_draws_known_lines(window, qtbot):
    load(window, qtbot, ["    ", "    ", ".3. ", "    "])
    steps = window.steps
    assert len(steps.steps) >= 1 and steps.position == 0
    assert not window.board.overlay.step_lines
    steps.next.click()
    assert steps.position == 1
    lines = window.board.overlay.step_lines
    assert len(lines) == 1 and lines[0].extended
    assert steps.sentence.text() == window.analysis.result.steps[0].message
    steps.set_position(len(steps.steps))
    final = window.board.overlay.step_lines[0]
    assert final.complete and final.line == (2, 0, 2, 2)
    steps.prev.click()
    assert steps.position == len(steps.steps) - 1
    steps.set_position(0)
    assert not window.board.overlay.step_lines


def test_hint_shows_the_next_step(window, qtbot):
    load(window, qtbot, ["    ", "    ", ".3. ", "    "])
    window.acts.hint.trigger()
    assert window.steps.position == 1
    assert window.steps.current() is window.analysis.result.steps[0]
    assert window.statusBar().currentMessage() == window.analysis.result.steps[0].message


def test_edit_drops_stale_overlay(window, qtbot):
    load(window, qtbot, ["    ", "    ", ".3. ", "    "])
    window.acts.solution.setChecked(True)
    assert window.board.overlay.solution
    window.document.push(PinDotCommand(window.document, 0, 0))
    assert not window.board.overlay.solution  # old lines never drawn over a changed board
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)


def test_fill_dots_is_one_undo_step_and_keeps_numbers_and_pins(window, qtbot):
    start = Level.from_rows(["  3 ", "    ", "2   ", "   3", "    "]).with_dot(3, 0, pinned=True)
    window.document.load(start)
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill.trigger()
    filled = window.document.level
    assert filled.numbers == start.numbers and (3, 0) in filled.pinned
    assert core.solve(filled).solved and core.count_solutions(filled).count == 1
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.text(0) == "Fill dots"
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill_again.trigger()
    assert window.document.undo_stack.count() == 2
    assert window.document.undo_stack.text(1).startswith("Fill again")
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.level == start


def test_fill_dots_explains_failure(window, qtbot):
    window.document.load(Level.from_rows(["9   ", "    "]))  # a 9 fits nowhere on 2x4
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert "solvable" in title or "Cannot" in title
    assert text
    assert window.document.undo_stack.count() == 0


@pytest.mark.parametrize("seed", [9, 107749311])
def test_fill_dots_gives_a_leak_free_level_or_none(window, qtbot, seed):
    """Issue 43's 5x5: these seeds once filled it with a general leak; the verdict must now be good."""
    load(window, qtbot, ["    2", " 3   ", "     ", "   4 ", "3    "])
    window.generator.seed = seed
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill.trigger()
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    assert window.analysis.result.good and not window.analysis.result.leaks
    assert "Good: unique, solved by deduction" in window.analysis.verdict.text()


def test_fill_dots_says_when_every_filling_leaks(window, qtbot, corpus_levels):
    level = corpus_levels("medium")[0]
    window.document.load(level.with_meta(pinned=level.dots))  # its leaks' cells all hold dots: no filling avoids them
    window.acts.fill.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "No dot filling found" and text.startswith("no leak-free filling that deduction solves was found")
    assert "general leaks of the 3 at row 3, column 5" in text and "Look at row 1, column 5" in text
    assert window.document.undo_stack.count() == 0


def test_fix_leaks_removes_the_leak(window, qtbot):
    load(window, qtbot, ["   .", " 2 3", " .4 ", "    "])
    assert window.analysis.result.leaks
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.analysis.fix.click()
    assert window.document.undo_stack.text(0) == "Fix leaks"
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    assert not window.analysis.result.leaks and window.analysis.result.good


def test_fix_leaks_names_the_leaks_it_cannot_remove(window, qtbot, corpus_levels):
    """Published medium #1: Ctrl+L removes 6 of its 8 leaks and says which 2 are left and why; again, it says so again."""
    load(window, qtbot, corpus_levels("medium")[0].rows())
    assert len(window.analysis.result.leaks) == 8
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fix_leaks.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "Fix leaks" and "6 of 8 leaks removed" in text
    assert "Left: 2 general leaks of the 3 at row 3, column 5: no dot on an empty cell of the solution's lines removes them" in text
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    assert len(window.analysis.result.leaks) == 2
    window.infos.clear()
    window.acts.fix_leaks.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "Fix leaks" and text.startswith("Added no dot: 0 of 2 leaks removed. Left: 2 general leaks")
    assert window.document.undo_stack.count() == 1


def test_polish_dots_keeps_the_numbers_and_makes_the_level_harder_in_one_undo_step(window, qtbot, corpus_levels):
    start = corpus_levels("hard")[0]  # unique, solved, leak-free; seed 1 finds harder dots for it
    load(window, qtbot, start.rows())
    before = (window.analysis.result.score, window.analysis.result.selection_score)
    window.generator.seed = 0
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.polish.trigger()
    assert window.document.undo_stack.text(0) == "Polish dots"
    assert window.document.level.numbers == start.numbers and window.document.level.dots != start.dots
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    result = window.analysis.result
    assert result.good and (result.score, result.selection_score) > before  # by the preset, ties by selection
    window.document.undo_stack.undo()
    assert window.document.level.dots == start.dots


def test_polish_dots_explains_what_the_level_needs_first(window, qtbot):
    load(window, qtbot, ["   .", " 2 3", " .4 ", "    "])  # a leak warning (see the fix-leaks test)
    window.acts.polish.trigger()
    qtbot.waitUntil(lambda: bool(window.infos), timeout=JIT)
    title, text = window.infos[-1]
    assert title == "Cannot polish dots" and "leak" in text
    assert window.document.undo_stack.count() == 0


def test_new_random_level_for_a_tier(window, qtbot):
    window.generator.seed = 7
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.generator.new_random_level("easy")
    level = window.document.level
    assert level.size == (9, 6)
    assert core.solve(level).solved and core.count_solutions(level).count == 1


def test_new_random_expert_level(window, qtbot):
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.random[3].trigger()
    level = window.document.level
    assert level.size == (13, 9) and 23 <= len(level.numbers) <= 26
    assert window.document.path is None and window.document.modified  # a new untitled document, in no file yet
    assert window.history.model().data(window.history.model().index(0, 0)) == "<New random level (expert)>"


def test_designer_flow_from_empty_grid_to_good_level(window, qtbot):
    """Empty 9x6 -> numbers typed on the board -> Fill dots -> unique and solved, one undo step."""
    assert window.files.new_level((9, 6))
    board = window.board
    board.setFocus()
    numbers = [(0, 5, 5), (2, 0, 2), (2, 1, 5), (3, 0, 2), (3, 3, 4), (4, 4, 3), (5, 0, 5)]  # published easy #2
    for r, c, v in numbers:
        board.set_selection((r, c))
        qtbot.keyClick(board, str(v))
    assert [tuple(n) for n in window.document.level.numbers] == numbers
    window.generator.seed = 1
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.fill.trigger()
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    result = window.analysis.result
    assert result.count == 1 and result.solved and result.level == window.document.level
    assert window.document.undo_stack.count() == len(numbers) + 1
    window.document.undo_stack.undo()
    assert not window.document.level.dots


def test_next_and_hint_at_the_last_step_say_solved(window, qtbot):
    load(window, qtbot, ["    ", "    ", ".3. ", "    "])
    steps = window.steps
    steps.set_position(len(steps.steps))
    assert steps.title.text().endswith("solved \u2714")
    assert steps.next.isEnabled() and steps.hint.isEnabled()
    steps.next.click()
    assert steps.sentence.text().startswith("Solved: every line is known")
    window.acts.hint.trigger()
    assert window.statusBar().currentMessage().startswith("Solved: every line is known")
    assert steps.position == len(steps.steps)


def test_at_solved_the_board_draws_the_solution(window, qtbot):
    """The square lesson's last step says "solved": every line is drawn whole, as Ctrl+T draws it."""
    from PySide6.QtGui import QColor

    from tests.analysis.test_step_lines import SQUARE_LESSON

    from .pixels import close, colour_at, screenshot

    window.show()
    qtbot.waitExposed(window)
    load(window, qtbot, SQUARE_LESSON)
    steps, result = window.steps, window.analysis.result
    steps.set_position(len(steps.steps))
    assert "solved" in steps.title.text()
    drawn = window.board.overlay.step_lines
    assert tuple(sl.line for sl in drawn) == result.lines and all(sl.complete for sl in drawn)
    image = screenshot(window)
    done = QColor(window.theme.step_done)
    bottom_of_the_four = window.board.cell_center(3, 0)  # the 4 at row 2, column 1 reaches row 4
    assert close(colour_at(image, window, window.board, bottom_of_the_four), done)
    for k in range(1, len(steps.steps) + 1):  # every step: the drawing is the step's own answer
        steps.set_position(k)
        assert tuple(sl.line for sl in window.board.overlay.step_lines) == steps.current().lines


def test_every_step_draws_what_its_state_knows_on_published_levels(window, qtbot, corpus_levels):
    """Drawn lines against the analysis tests' own derivation of what the solver knows, step by step."""
    from tests.analysis.test_step_lines import known_per_point

    for tier in ("easy", "hard", "expert"):
        level = corpus_levels(tier)[0]
        window.document.load(level)
        qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
        known = known_per_point(level)
        steps = window.steps
        for k in range(1, len(steps.steps) + 1):
            steps.set_position(k)
            drawn = window.board.overlay.step_lines
            assert tuple(sl.line for sl in drawn) == known[k], (tier, k)
            assert [sl.complete for sl in drawn] == [
                max(r2 - r1, c2 - c1) + 1 == n.value for (r1, c1, r2, c2), n in zip(known[k], level.numbers)]
        assert tuple(sl.line for sl in window.board.overlay.step_lines) == window.analysis.result.lines


def test_the_steps_view_shows_where_the_sets_testers_paused(qtbot, window, corpus_levels):
    """A tester's long think before one line: the step that needed it says so, the others their own pauses."""
    from linjat_editor.core import solve
    from linjat_editor.core.analysis import explain

    from ..analysis.test_pauses import playthrough

    level = next(lv for lv in corpus_levels("medium") if solve(lv).solved)
    events, _ = playthrough(level, lambda k: 75_000 if k == 3 else 2_000)
    panel = window.set_panel
    panel.analyse = False
    panel.add_level(level, tier="medium")
    test = {"seconds": events[-1][0] / 1000, "solved": True, "source": "page", "session": "ab" * 8, "events": events}
    panel.apply(panel.level_set.replace(0, panel.level_set[0].with_meta(playtests=(test,))), "Import 1 playtest")
    panel.select(0)
    panel.open_selected()
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    steps = explain(level)
    stalled = max(range(len(steps)), key=lambda k: window.steps.pauses[k] or 0) + 1
    window.steps.set_position(stalled)
    assert window.steps.paused.text().startswith("Testers paused 1:1")  # 75 s and the 2 s before it was needed
    assert window.steps.paused.text().endswith("median of 1 playtest (the longest pause of the level).")
    window.steps.set_position(1)
    assert window.steps.paused.text() == "Testers paused 0:02 before this step, median of 1 playtest " \
                                         f"(longest: before step {stalled})."
    assert window.steps.paused.isVisibleTo(window.steps)
    window.document.undo_stack.setClean()

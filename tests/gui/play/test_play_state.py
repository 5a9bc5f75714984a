"""Play rules without Qt: drags both ways, clamping at obstacles, undo, the Done check."""

from __future__ import annotations

from linjat_editor.core.level import Level
from linjat_editor.gui.play.play_state import Drag, PlayState, Reach

# The tutorial-like board: a 3 between two dots, a 2 below.
LEVEL = Level.from_rows([
    "     ",
    ".3.  ",
    "   2 ",
    "     ",
])


def test_drag_both_ways_extends_on_each_side():
    s = PlayState(LEVEL)
    d = Drag(s, 0)
    reach, block = d.update(0, -1)
    assert reach == Reach("h", 1, 0) and block is None
    s.commit(0, reach)
    d = Drag(s, 0)
    reach, _ = d.update(0, 1)  # the other way keeps the left part
    assert reach == Reach("h", 1, 1)
    s.commit(0, reach)
    assert s.line(0) == (1, 0, 1, 2) and s.status(0) == "ok"


def test_crossing_the_number_switches_side_within_one_drag():
    s = PlayState(LEVEL)
    d = Drag(s, 0)
    assert d.update(0, 1)[0] == Reach("h", 0, 1)
    assert d.update(0, -1)[0] == Reach("h", 1, 0)  # past the number: the other side
    assert d.update(0, 0)[0] == Reach()  # back on the number: nothing


def test_changing_axis_drops_the_old_line():
    s = PlayState(LEVEL)
    s.commit(0, Reach("h", 1, 1))
    d = Drag(s, 0)
    assert d.update(2, 0)[0] == Reach("v", 0, 2)


def test_lines_stop_at_numbers_other_lines_and_the_border():
    s = PlayState(LEVEL)
    s.commit(1, Reach("v", 2, 0))  # the 2 at (2,3) drawn too long, up to (0,3)
    assert s.line(1) == (0, 3, 2, 3) and s.status(1) == "long"
    reach, block = Drag(s, 0).update(0, 3)  # the 3 tries to run right through the 2's line
    assert reach == Reach("h", 0, 1) and block == (1, 3)
    reach, block = Drag(s, 0).update(0, -4)  # the left border: clamped without complaint
    assert reach == Reach("h", 1, 0) and block is None
    s.commit(0, Reach("v", 0, 2))  # the 3 goes down through (2,1)
    reach, block = Drag(s, 1).update(0, -3)  # the 2 going left meets the 3's line
    assert reach == Reach("h", 1, 0) and block == (2, 1)
    reach, block = Drag(s, 0).update(0, 2)  # and the 3 going right would cover the 2's line
    assert reach == Reach("h", 0, 1) and block == (1, 3)


def test_check_names_wrong_lengths_and_uncovered_dots():
    s = PlayState(LEVEL)
    s.commit(0, Reach("h", 1, 0))
    c = s.check()
    assert not c.solved
    assert [(n.value, length) for n, length in c.wrong] == [(3, 2), (2, 1)]
    assert c.uncovered == ((1, 2),)
    assert "too short (2 of 3)" in c.message and "row 2 column 3" in c.message
    s.commit(0, Reach("h", 1, 2))
    assert "too long (4 of 3)" in s.check().message


def test_solve_undo_reset_and_moves():
    s = PlayState(LEVEL)
    s.commit(0, Reach("h", 1, 1))
    s.commit(1, Reach("h", 0, 1))
    assert s.check().solved and s.moves == 2
    assert s.undo() and s.reaches[1] == Reach() and s.moves == 3
    assert not s.commit(0, Reach("h", 1, 1))  # no change, no move
    s.reset()
    assert s.moves == 0 and not s.undo() and s.reaches == [Reach(), Reach()]

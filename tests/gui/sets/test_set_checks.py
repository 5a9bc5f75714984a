"""The set panel's checks against the real engine (skipped until it is importable)."""

from __future__ import annotations


from linjat_editor.core.level import Level
from linjat_editor.gui.sets.set_checks import check_level



def test_published_level_is_clean(corpus):
    rec = next(r for r in corpus["easy"] if r["puzzle"])
    check = check_level(Level.from_rows(rec["puzzle"]))
    assert check.count == 1 and check.solved and check.ok
    assert check.classification["all"]["depth"] > 0
    assert check.to_json()["selection_score"] == check.score


def test_two_solutions_and_no_solution_are_warned():
    two = check_level(Level.from_rows(["2 ", "  "]))  # a lone 2 can go right or down
    assert two.count == 2 and "not unique (2+ solutions)" in two.warnings
    none = check_level(Level.from_rows(["3"]))  # a 3 on a 1x1 board
    assert none.count == 0 and none.warnings[0] == "no solution"


def test_a_leaky_finish_with_two_solutions_is_not_solved():
    for rows in (["     2", "      ", "    .2"], [" 2   ", "4    ", "2  3 "]):
        check = check_level(Level.from_rows(rows))
        assert check.count == 2 and not check.solved
        assert "not solvable by deduction" in check.warnings and not check.ok

"""Leak detection: the article's two patterns, the general detector checked by the exact solver."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import Level, count_solutions
from linjat_editor.core.analysis import LEAK_KINDS, detect_leaks
from linjat_editor.core.analysis.leaks import general_leaks
from linjat_editor.core.solver import deduce

from .helpers import CLEAN, GENERAL, SINGLE_SOLUTION, UNCONTESTED, verify_general_leak


def test_single_solution_two_empty_squares_beside_a_2() -> None:
    leaks = detect_leaks(Level.from_rows(SINGLE_SOLUTION))
    assert [(x.kind, x.number, x.cells) for x in leaks] == [("single_solution", (1, 1), ((2, 1),))]
    assert "row 2, column 2" in leaks[0].message and "assumes one solution" in leaks[0].message


def test_uncontested_a_2_next_to_a_region_only_it_reaches() -> None:
    leaks = detect_leaks(Level.from_rows(UNCONTESTED))
    unc = [x for x in leaks if x.kind == "uncontested_no_cover"]
    assert [(x.number, x.cells) for x in unc] == [((2, 0), ((1, 0),))]
    assert "the 2 at row 3, column 1" in unc[0].message


def test_general_leak_by_hand() -> None:
    level = Level.from_rows(GENERAL)
    leaks = detect_leaks(level)
    assert [x.kind for x in leaks] == ["general"]
    (leak,) = leaks
    assert leak.number == (3, 1) and leak.line == (1, 1, 3, 1) and leak.witness == ((2, 2),)
    assert leak.cells == ((1, 1), (2, 1)) and leak.point == 0
    assert leak.message.startswith("From the start, drawing the 3 at row 4, column 2 upwards")
    verify_general_leak(level, leak)


def test_clean_level_has_no_leak() -> None:
    assert count_solutions(Level.from_rows(CLEAN)).count == 1
    assert detect_leaks(Level.from_rows(CLEAN)) == []


def test_general_needs_the_only_solution() -> None:
    level = Level.from_rows([" 2 ", "   "])
    assert [x.kind for x in detect_leaks(level)] == []  # two solutions: no general leak to speak of


def test_group_size_limit_is_respected() -> None:
    level = Level.from_rows(GENERAL)
    trace = deduce(level, trace=True)
    solution = count_solutions(level).solutions[0]
    assert general_leaks(trace, solution, max_group=0) == []
    assert len(general_leaks(trace, solution, max_group=1)) == 1


def test_to_json_keys() -> None:
    leak = detect_leaks(Level.from_rows(GENERAL))[0]
    assert leak.to_json() == {"kind": "general", "number": [3, 1], "cells": [[1, 1], [2, 1]], "message": leak.message}


@pytest.mark.parametrize("tier", ["easy", "medium", "hard", "expert"])
def test_published_general_leaks_verified(corpus_levels: Callable[[str], list[Level]], tier: str) -> None:
    checked = 0
    for level in corpus_levels(tier)[:25]:
        leaks = detect_leaks(level)
        assert all(x.kind in LEAK_KINDS for x in leaks)
        for leak in leaks:
            if leak.kind == "general":
                verify_general_leak(level, leak)
                checked += 1
            else:
                assert leak.number in {n.cell for n in level.numbers}
    assert checked > 0


def test_verifier_rejects_false_claims() -> None:
    """The exact-solver check is not a rubber stamp: a leak with a wrong line or witness fails it."""
    from dataclasses import replace

    level = Level.from_rows(GENERAL)
    leak = detect_leaks(level)[0]
    solution_line = count_solutions(level).solutions[0][level.number_index(3, 1)]
    for bad in (replace(leak, line=solution_line), replace(leak, witness=((0, 0),)), replace(leak, point=3)):
        with pytest.raises(AssertionError):
            verify_general_leak(level, bad)


def test_a_leaks_kind_is_one_of_the_three_and_reads_as_its_json_name() -> None:
    """``Leak.kind`` is a ``LeakKind``, not a free string; the JSON keeps the plain name."""
    from linjat_editor.core.kinds import LeakKind

    leaks = detect_leaks(Level.from_rows(["   .", " 2 3", " .4 ", "    "]))
    assert leaks and all(isinstance(leak.kind, LeakKind) for leak in leaks)
    assert LEAK_KINDS == (LeakKind.SINGLE_SOLUTION, LeakKind.UNCONTESTED_NO_COVER, LeakKind.GENERAL)
    assert [type(leak.to_json()["kind"]) for leak in leaks] == [str] * len(leaks)
    assert leaks[0].to_json()["kind"] == "single_solution"

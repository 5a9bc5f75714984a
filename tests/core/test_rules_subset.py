"""Solving with a subset of the techniques: the one solver, with kinds withheld.

Checked against the independent exact counter (``reference.count_lines``)
and the engine's exact solver on published levels and random ones: a solve
with fewer kinds never claims what is false, says "solved" only for the
level's one solution, and is stuck exactly where the withheld kind was the
only way on.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from linjat_editor.core import Level, count_solutions, line_cells
from linjat_editor.core.kinds import ALL_RULES, SOLVING, Kind, kinds_of, parse_rules, rules_mask
from linjat_editor.core.solver import deduce, solve
from linjat_editor.core.techniques import describe_essential, essential_techniques

from .reference import count_lines, random_levels

WITHOUT = {k: [r for r in SOLVING if r != k] for k in SOLVING}


def test_every_rule_is_the_plain_solver(corpus_levels: Callable[[str], list[Level]]) -> None:
    for level in corpus_levels("expert")[:15]:
        plain, full = deduce(level), deduce(level, rules=SOLVING)
        assert (plain.status, plain.kinds, plain.widths) == (full.status, full.kinds, full.widths)


def test_no_rules_is_stuck_at_once_and_unknown_names_are_refused() -> None:
    level = Level.from_rows(["    ", "    ", ".  4", "    "])
    assert deduce(level).solved
    run = deduce(level, rules=[])
    assert run.status == "stuck" and run.depth == 0
    assert parse_rules("one-of, can't fit") == (Kind.CANT_FIT, Kind.ONE_OF)
    with pytest.raises(ValueError, match="choose from cover, cant_fit, square, dependency, one_of"):
        parse_rules("cover,squares")
    assert kinds_of(ALL_RULES) == SOLVING and rules_mask([Kind.SINGLE_SOLUTION]) == 0


@pytest.mark.parametrize("tier", ["hard", "expert"])
def test_withholding_each_kind_on_published_levels(tier: str, corpus_levels: Callable[[str], list[Level]]) -> None:
    """Solved without a kind: the exact solution, without using it; stuck: the level is still unique (count_lines)."""
    stuck_somewhere = 0
    for level in corpus_levels(tier)[:12]:
        full = deduce(level)
        assert full.solved
        exact = count_solutions(level, limit=2).solutions[0]
        for kind in SOLVING:
            run = deduce(level, rules=WITHOUT[kind])
            assert run.classification.of(kind).depth == 0
            if run.solved:
                assert run.solution == exact
            else:
                assert run.status == "stuck", run.status
                stuck_somewhere += 1
                # (Usually where the full solve used the kind; a harder kind can also be missed where it
                # was never counted: what it narrowed helped a later kind of the same layer.)
            # What it claimed holds in the solution.
            owner = run.owner
            for cell in range(level.height * level.width):
                p = int(owner[cell])
                if p >= 0:
                    assert (cell // level.width, cell % level.width) in line_cells(exact[p])
    assert stuck_somewhere > 0  # the check bit: some published levels need a kind


@pytest.mark.parametrize("tier", ["easy", "hard", "expert"])
def test_essential_line_agrees_with_withholding(tier: str, corpus_levels: Callable[[str], list[Level]]) -> None:
    needed_seen = set()
    for level in corpus_levels(tier)[:20]:
        full = deduce(level)
        if not full.solved or full.classification.uses_leaks:
            continue
        assert count_lines(level) == 1
        found = essential_techniques(level)
        assert [e.kind for e in found] == [k for k in SOLVING if full.classification.of(k).depth]
        for e in found:
            assert e.needed == (not solve(level, rules=WITHOUT[e.kind]).solved)
            if e.needed:
                needed_seen.add(e.kind)
        assert describe_essential(found)
    assert Kind.COVER in needed_seen


def test_random_subsets_are_sound() -> None:
    """Every claim and every "solved" of a solve with random kinds withheld holds for the exact solver."""
    rng = random.Random(30)
    solved = stuck = 0
    for level in random_levels(30, 250, 9, 9):
        rules = [k for k in SOLVING if rng.random() < 0.6]
        run = deduce(level, rules=rules)
        assert all(run.classification.of(k).depth == 0 for k in SOLVING if k not in rules)
        if run.classification.uses_leaks:
            continue
        exact = count_solutions(level, limit=64)
        if run.solved:
            solved += 1
            assert exact.count == 1 and count_lines(level) == 1
            assert run.solution == exact.solutions[0]
        elif run.status == "stuck":
            stuck += 1
        if 1 <= exact.count < 64:
            for cell in range(level.height * level.width):
                p = int(run.owner[cell])
                if p >= 0:
                    for s in exact.solutions:
                        assert (cell // level.width, cell % level.width) in line_cells(s[p])
    assert solved > 10 and stuck > 10

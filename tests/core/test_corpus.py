"""The published levels: the engine must agree with what is known about them."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from linjat_editor.core import Classification, Kind, Level, count_solutions, solve

TIERS = ["easy", "medium", "hard", "expert"]


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_level_is_unique_and_deduction_finds_that_solution(tier: str, corpus_levels: Callable[[str], list[Level]]) -> None:
    levels = corpus_levels(tier)
    assert len(levels) == 99
    unsolved = []
    for i, level in enumerate(levels):
        exact = count_solutions(level, limit=2)
        assert exact.count == 1, f"{tier} #{i}"
        result = solve(level)
        if not result.solved:
            unsolved.append(i)
            continue
        assert result.lines == exact.solutions[0], f"{tier} #{i}"
    assert unsolved == [], f"{tier}: deduction does not finish levels {unsolved}"


def test_tutorial_levels_are_as_documented(corpus_levels: Callable[[str], list[Level]]) -> None:
    counts = [count_solutions(level, limit=3).count for level in corpus_levels("tutorial")]
    assert sorted(counts) == [1, 1, 2]
    # The two-solution tutorial level is finished only through a leak: the
    # solver must say so rather than claim it solved.
    for level, count in zip(corpus_levels("tutorial"), counts):
        assert solve(level).solved == (count == 1)


def test_hard_classifications_match_the_originals_exactly(corpus: dict[str, Any]) -> None:
    """The hard tier uses cover, can't fit, square and the leak kinds: all as the original did."""
    for i, rec in enumerate(corpus["hard"]):
        if rec.get("puzzle") is None:
            continue
        ours = solve(Level.from_rows(rec["puzzle"])).classification
        theirs = Classification.from_json(rec["classification"])
        for kind in [Kind.COVER, Kind.CANT_FIT, Kind.SQUARE, Kind.SINGLE_SOLUTION, Kind.UNCONTESTED_NO_COVER]:
            assert ours.of(kind) == theirs.of(kind), f"hard #{i} {kind.key}"
        assert ours.all == theirs.all, f"hard #{i}"

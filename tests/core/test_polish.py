"""Polishing dots: numbers and pinned dots stay, the level stays unique and leak-free, and it never gets worse."""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import PRESETS, Level, score, selection_score, solve
from linjat_editor.core.analysis import detect_leaks
from linjat_editor.core.polish import polish_dots

from .reference import count_lines

EXPERT = PRESETS["expert"]


def assert_sound(before: Level, after: Level) -> None:
    """Same numbers and pinned dots; unique by the independent counter; solved by deduction; no leak warning."""
    assert after.numbers == before.numbers and after.pinned == before.pinned
    assert count_lines(after) == 1
    assert solve(after).solved and not detect_leaks(after)


def test_published_levels_keep_their_solution_and_never_rank_lower(corpus_levels: Callable[[str], list[Level]]) -> None:
    better = 0
    for i, level in enumerate(corpus_levels("expert")[:12]):
        if detect_leaks(level):
            continue  # nothing to start from: polish returns such a level as it is
        after = polish_dots(level, EXPERT, moves=150, seed=i, by_selection=True)
        assert_sound(level, after)
        assert solve(after).lines == solve(level).lines  # the same solution, only other dots
        old, new = solve(level).classification, solve(after).classification
        assert (selection_score(new), score(new, EXPERT)) >= (selection_score(old), score(old, EXPERT))
        better += (selection_score(new), score(new, EXPERT)) > (selection_score(old), score(old, EXPERT))
    assert better >= 3  # it does something: most published levels have a dot to spare or move


def test_ranked_by_the_given_weights_first(corpus_levels: Callable[[str], list[Level]]) -> None:
    weights = PRESETS["hard"]  # hard's weights ignore dependency and one-of, which the selection score rewards

    def key(level: Level) -> tuple[float, float]:
        cls = solve(level).classification
        return score(cls, weights), selection_score(cls)

    better = 0
    for i, level in enumerate(corpus_levels("hard")[:6]):
        after = polish_dots(level, weights, moves=150, seed=i)
        if detect_leaks(level):
            assert after is level
            continue
        assert_sound(level, after)
        assert key(after) >= key(level)
        better += key(after) > key(level)
    assert better >= 1


def test_pinned_dots_stay(corpus_levels: Callable[[str], list[Level]]) -> None:
    moved = 0
    for i, level in enumerate(corpus_levels("hard")[:6]):
        pinned = level.with_dot(*min(level.dots), pinned=True)
        after = polish_dots(pinned, PRESETS["hard"], moves=100, seed=i)
        assert min(level.dots) in after.pinned and after.pinned <= after.dots
        if not detect_leaks(level):
            assert_sound(pinned, after)
        moved += after.dots != pinned.dots
    assert moved >= 2  # the other dots did move: the pinned one had every chance to


@pytest.mark.parametrize("rows", [["2  ", "   ", "  2"], ["  "]])
def test_a_level_without_one_deduced_solution_comes_back_as_it_is(rows: list[str]) -> None:
    level = Level.from_rows(rows)  # two solutions / no numbers at all
    assert polish_dots(level, EXPERT, moves=50, seed=1) is level


def test_same_seed_same_level(corpus_levels: Callable[[str], list[Level]]) -> None:
    level = corpus_levels("hard")[0]
    a = polish_dots(level, PRESETS["hard"], moves=300, seed=8)
    assert a != level and polish_dots(level, PRESETS["hard"], moves=300, seed=8) == a


def test_with_two_islands_each_polishes_its_best_with_half_the_moves_and_the_better_wins() -> None:
    from linjat_editor.core import Optimizer, first_level, generate
    from linjat_editor.core.polish import climb, polish_moves

    iterations, seed = 3000, 3
    # What generate does, by hand: the first level, two islands, then each island's best climbs.
    optimizer = Optimizer(first_level(13, 9, 26, EXPERT, seed), EXPERT, seed=seed + 1, workers=2)
    moves = polish_moves(iterations)
    optimizer.run(iterations - moves)
    tops = [island.entries[0].level for island in optimizer.islands]
    assert tops[0] != tops[1]
    climbs = [climb(tops[0], EXPERT, moves - moves // 2, seed + 2, False), climb(tops[1], EXPERT, moves // 2, seed + 3, False)]
    got = generate(13, 9, 26, EXPERT, iterations, seed, workers=2)
    assert got == (climbs[1][0] if climbs[1][1] > climbs[0][1] else climbs[0][0])
    assert_sound(tops[0] if got.numbers == tops[0].numbers else tops[1], got)

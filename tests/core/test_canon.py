"""The game's canon (spec sections 1 and 4): no 1s unless a designer allows them, and each tier's technique rule.

The rule is written out here from the spec's table ("kept only if"), so the
engine's ``TechniqueRule`` and the optimizer's check at its door are held to
the spec, each level judged by the solver's own classification of it.
"""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import TIERS, Level, classify, count_solutions, generate
from linjat_editor.core.analysis import analyze, detect_leaks, estimate_tier, shipped_calibration
from linjat_editor.core.classification import Classification, KindStats
from linjat_editor.core.kinds import Kind
from linjat_editor.core.objective import canon, lesson, tier_goal
from linjat_editor.core.pool import Pool

Corpus = Callable[[str], list[Level]]


def depth(c: Classification, kind: Kind) -> int:
    return c.of(kind).depth


def spec_rule(tier: str, c: Classification) -> bool:
    """Spec section 4's "kept only if", as the table says it."""
    none_hard = not (depth(c, Kind.SQUARE) or depth(c, Kind.DEPENDENCY) or depth(c, Kind.ONE_OF))
    if tier == "easy":
        return depth(c, Kind.COVER) > 1 and none_hard
    if tier == "medium":
        return depth(c, Kind.COVER) > 5 and none_hard
    if tier == "hard":
        return depth(c, Kind.SQUARE) > 0 and not (depth(c, Kind.DEPENDENCY) or depth(c, Kind.ONE_OF))
    return True


def lowest(level: Level) -> int:
    return min(n.value for n in level.numbers)


def test_every_published_easy_medium_and_hard_level_meets_its_tiers_rule(corpus_levels: Corpus) -> None:
    published = {tier: corpus_levels(tier) for tier in ("easy", "medium", "hard")}
    assert sum(len(levels) for levels in published.values()) == 297
    outside_easy = 0
    for tier, levels in published.items():
        for level in levels:
            c = classify(level)
            assert c.solved and spec_rule(tier, c), f"{tier} {level.name}"
            assert TIERS[tier].rule.met_by(c), f"{tier} {level.name}: {TIERS[tier].rule.broken_by(c)}"
            assert lowest(level) >= 2
            outside_easy += not TIERS["easy"].rule.met_by(c)
    assert outside_easy >= 99  # the contrast: every hard level needs a square, which easy's rule refuses


@pytest.mark.parametrize("tier", list(TIERS))
def test_levels_generated_for_a_tier_have_no_1s_and_meet_its_rule(tier: str) -> None:
    t = TIERS[tier]
    for seed in range(4):
        level = generate(t.height, t.width, (t.min_numbers + t.max_numbers) // 2, tier_goal(tier), iterations=1500,
                         seed=seed)
        report = analyze(level, tier)  # the designer's analysis, not the optimizer's own check
        assert report.good and count_solutions(level, limit=2).count == 1
        assert lowest(level) >= 2, level.rows()
        assert spec_rule(tier, report.classification), (seed, report.classification.to_json())


@pytest.mark.parametrize("tier", ["medium", "expert"])
def test_allowing_1s_lets_the_search_make_them(tier: str) -> None:
    # The same runs as above with 1s allowed: some levels get one (the test above could fail).
    t = TIERS[tier]
    levels = [generate(t.height, t.width, (t.min_numbers + t.max_numbers) // 2, tier_goal(tier, allow_ones=True),
                       iterations=1500, seed=seed) for seed in range(4)]
    assert any(lowest(level) == 1 for level in levels)
    assert all(not detect_leaks(level) and count_solutions(level, limit=2).count == 1 for level in levels)


def test_a_relaxed_rule_lets_an_easy_search_keep_what_easy_refuses() -> None:
    t = TIERS["easy"]
    relaxed = [classify(generate(t.height, t.width, 9, tier_goal("easy", relax=True), iterations=1500, seed=seed,
                                 by_selection=True)) for seed in range(4)]
    assert any(not spec_rule("easy", c) for c in relaxed)


def test_the_door_refuses_a_level_outside_the_rule_unless_relaxed(corpus_levels: Corpus) -> None:
    hard = corpus_levels("hard")[0]  # unique, leak-free by the pool's check, and needs a square
    assert not TIERS["easy"].rule.met_by(classify(hard))
    assert not tier_goal("easy").admits(hard)
    assert Pool(hard, tier_goal("easy"), seed=1).entries == []  # a stepping stone at most, never emitted
    assert tier_goal("easy", relax=True).admits(hard)
    assert [e.level for e in Pool(hard, tier_goal("easy", relax=True), seed=1).entries] == [hard]


def test_the_door_refuses_a_1_unless_allowed() -> None:
    level = Level.from_rows(["1 ..3", "     ", "2.   "])
    assert classify(level).solved and count_solutions(level, limit=2).count == 1
    goal = canon(TIERS["easy"].weights)
    assert "it has a 1" in goal.miss(level)
    assert Pool(level, goal, seed=1).entries == []
    assert [e.level for e in Pool(level, canon(goal, allow_ones=True), seed=1).entries] == [level]


def test_a_lesson_keeps_its_own_rules_and_makes_no_1s() -> None:
    goal = canon(lesson(Kind.SQUARE))
    assert goal.lowest == 2 and goal.rule == TIERS["expert"].rule
    assert goal.solving == (Kind.COVER, Kind.CANT_FIT, Kind.SQUARE)


def test_the_tier_estimate_keeps_the_rules() -> None:
    cal = shipped_calibration()
    level = Level.from_rows(["  3   ", "   2  ", "      ", " 4    ", "    3 ", "      ", "2     ", "   3  ", "      "])
    needs_dependency = Classification(True, KindStats(12, 1), {Kind.COVER: KindStats(8, 1),
                                                               Kind.CANT_FIT: KindStats(3, 1),
                                                               Kind.DEPENDENCY: KindStats(1, 1)})
    easy_like = Classification(True, KindStats(12, 1), {Kind.COVER: KindStats(9, 1), Kind.CANT_FIT: KindStats(3, 1)})
    selection = 10.0
    assert estimate_tier(level, selection, cal).name == "easy"  # by size alone: easy
    assert estimate_tier(level, selection, cal, easy_like).name == "easy"
    estimate = estimate_tier(level, selection, cal, needs_dependency)
    assert estimate is not None and estimate.name == "expert"  # the only tier whose rule allows a dependency


def test_the_analysis_never_calls_a_level_that_needs_a_dependency_easy_like() -> None:
    # A 9x6 level (easy's grid) a relaxed easy search made: it needs a dependency.
    level = Level.from_rows(["      ", "      ", " .2   ", "    6.", "    . ", "2.  .5", ".3 ..3", " .  4.", " 4  . "])
    report = analyze(level, "easy")
    assert report.good and report.classification.of(Kind.DEPENDENCY).depth > 0
    assert estimate_tier(level, report.selection_score, shipped_calibration()).name == "easy"  # by size and score alone
    assert report.tier is not None and report.tier.name != "easy"
    assert "easy-like" not in report.verdict


@pytest.mark.parametrize("name", list(TIERS))
def test_a_new_level_has_as_many_numbers_as_the_game_gives_its_tier(name: str, corpus_levels: Corpus) -> None:
    import random
    from collections import Counter

    tier = TIERS[name]
    published = Counter(len(level.numbers) for level in corpus_levels(name))
    assert dict(zip(range(tier.min_numbers, tier.max_numbers + 1), tier.published_counts)) == published
    # Drawn in that proportion: 9,900 draws land within 2.5 points of each count's published share.
    drawn = Counter(tier.draw_numbers(random.Random(seed)) for seed in range(9_900))
    for count, times in published.items():
        assert abs(drawn[count] / 9_900 - times / 99) < 0.025, (count, drawn[count], times)

"""Lessons and targets: what the optimizer emits is what was asked for.

A lesson on kind K is checked by the solve with K withheld (stuck), the
solve with the allowed kinds (solved, no leak), the independent exact
counter (one solution) and the leak detector (none). A target search is
checked against the same level's score and the tier's percentile.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linjat_editor.cli import main
from linjat_editor.core import PRESETS, count_solutions, generate
from linjat_editor.core.analysis import analyze, detect_leaks
from linjat_editor.core.kinds import SOLVING, Kind, before
from linjat_editor.core.level import Level
from linjat_editor.core.objective import lesson, percentile_score, tier_goal, toward_percentile, toward_score
from linjat_editor.core.optimizer import NotFound
from linjat_editor.core.scoring import score, selection_score
from linjat_editor.core.solver import deduce
from linjat_editor.io import read_level

from .reference import count_lines


def assert_teaches(level, kind: Kind) -> None:  # noqa: ANN001
    upto = (*before(kind), kind)
    assert deduce(level, rules=before(kind)).status == "stuck"
    run = deduce(level, rules=upto)
    assert run.solved and not run.classification.uses_leaks
    assert run.classification.of(kind).depth > 0
    assert all(run.classification.of(k).depth == 0 for k in SOLVING if k not in upto)
    assert count_lines(level) == 1 and count_solutions(level).count == 1
    assert detect_leaks(level) == []


@pytest.mark.parametrize("kind, size, numbers", [(Kind.CANT_FIT, (5, 5), 3), (Kind.SQUARE, (9, 6), 10)])
def test_a_lesson_needs_its_kind_and_nothing_after_it(kind: Kind, size: tuple[int, int], numbers: int) -> None:
    level = generate(*size, numbers, lesson(kind), iterations=400, seed=11)
    assert_teaches(level, kind)


def test_a_lesson_with_allowed_kinds_may_skip_the_ones_before() -> None:
    goal = lesson(Kind.SQUARE, allow=[Kind.COVER, Kind.CANT_FIT, Kind.DEPENDENCY])
    assert goal.rules == (Kind.COVER, Kind.CANT_FIT, Kind.SQUARE, Kind.DEPENDENCY)
    level = generate(9, 6, 10, goal, iterations=400, seed=3)
    assert deduce(level, rules=goal.rules).solved
    assert not deduce(level, rules=[Kind.COVER, Kind.CANT_FIT, Kind.DEPENDENCY]).solved


def test_no_lesson_found_names_the_nearest_miss() -> None:
    # One number alone never needs square: nothing to admit, said in one line.
    with pytest.raises(NotFound, match=r"no level that can teach square found in 30 iterations; nearest miss"):
        generate(4, 4, 1, lesson(Kind.SQUARE), iterations=30, seed=1)


def test_a_target_score_comes_close_and_beats_a_climb() -> None:
    weights = PRESETS["easy"]
    climbed = generate(9, 6, 8, weights, iterations=300, seed=5)
    goal = toward_score(weights, 6)
    aimed = generate(9, 6, 8, goal, iterations=300, seed=5)
    cls = deduce(aimed).classification
    assert goal.rank(aimed) == -abs(score(cls, weights) - 6)
    assert abs(score(cls, weights) - 6) < abs(score(deduce(climbed).classification, weights) - 6)
    assert analyze(aimed, "easy").good


def test_a_percentile_is_the_calibration_score_at_that_share() -> None:
    cal = {"source": "demo", "tiers": {"hard": {"selection_scores": [10, 20, 30, 40], "numbers": [20], "sizes": [[11, 8, 4]]}}}
    assert toward_percentile("hard", 50, cal).target == 25.0
    assert percentile_score([10, 20, 30, 40], 12.5) == 10.0 and percentile_score([10, 20, 30, 40], 100) == 40.0
    with pytest.raises(ValueError, match="between 0 and 100"):
        toward_percentile("hard", 120, cal)
    goal = toward_percentile("easy", 50)
    level = generate(9, 6, 8, goal, iterations=300, seed=2)
    assert goal.rank(level) == -abs(selection_score(deduce(level).classification) - goal.target)


def test_cli_teach_and_solve_with_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "lesson.json")
    assert main(["generate", "--size", "5x5", "--teach", "cant_fit", "--iterations", "300", "--seed", "11",
                 "--workers", "1", "-o", out]) == 0
    assert len(read_level(out).numbers) == 3  # a cell in eight, for a lesson
    assert main(["solve", out, "--rules", "cover"]) == 1
    assert main(["solve", out, "--rules", "cover,cant_fit", "--json"]) == 0
    capsys.readouterr()
    assert main(["solve", out, "--rules", "cover,squares"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["linjat: error: unknown technique 'squares': choose from cover, cant_fit, square, dependency, one_of"]
    assert main(["generate", "--size", "5x5", "--teach", "cover,square", "-o", out]) == 2
    assert main(["generate", "--size", "5x5", "--numbers", "3", "--teach", "square", "--target-score", "3"]) == 2
    assert main(["analyze", out, "--json"]) == 0
    assert "cant_fit" in json.loads(capsys.readouterr().out)["essential"]


def solves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Level, tuple | None]]:
    """Record every solve (the level and the kinds it may use) the engine's deduce is asked for."""
    from linjat_editor.core import solver, techniques
    from linjat_editor.core.analysis import leaks

    seen: list[tuple[Level, tuple | None]] = []
    real = solver.deduce

    def counting(level: Level, trace: bool = False, rules=None):  # noqa: ANN001, ANN202
        seen.append((level, None if rules is None else tuple(rules)))
        return real(level, trace=trace, rules=rules)

    for module in (solver, techniques, leaks):
        monkeypatch.setattr(module, "deduce", counting)
    return seen


def test_a_near_miss_solves_the_level_once_per_set_of_kinds(monkeypatch: pytest.MonkeyPatch, corpus_levels) -> None:
    """The optimizer's 'nearest miss' line: each solve it needs is made once and handed down."""
    goal = tier_goal("hard")  # a rule to check against the solve with every kind, which the leaks reuse
    leaky = next(lv for lv in corpus_levels("hard") if not goal.outside_canon(lv) and detect_leaks(lv))
    cases = [(lesson(Kind.SQUARE), Level.from_rows(["   3", "   .", "  .3", "  2."]), "it can be solved without square"),
             (goal, leaky, f"{len(detect_leaks(leaky))} leak warning")]
    seen = solves(monkeypatch)
    for objective, level, said in cases:
        seen.clear()
        assert objective.miss(level).startswith(said)
        assert seen and len(seen) == len(set(seen))

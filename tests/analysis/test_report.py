"""analyze(): the whole report, its verdicts and its JSON."""

from __future__ import annotations

import json
from typing import Callable

import pytest

from linjat_editor.core import PRESETS, Level, score, solve
from linjat_editor.core.analysis import Report, analyze, fix_leaks

from .helpers import CLEAN, GENERAL, SINGLE_SOLUTION, STUCK_UNIQUE

KEYS = {"count", "solved", "classification", "score", "selection_score", "tier", "leaks", "steps", "stuck", "culprits",
        "essential", "essential_among", "lesson", "predicted_seconds"}


def test_json_has_exactly_the_issue_keys() -> None:
    report = analyze(Level.from_rows(SINGLE_SOLUTION))
    data = json.loads(json.dumps(report.to_json()))
    assert set(data) == KEYS
    assert data["classification"] == solve(report.level).classification.to_json()
    assert set(data["tier"]) == {"name", "percentile"}
    assert data["leaks"] and all(set(x) == {"kind", "number", "cells", "message"} for x in data["leaks"])
    assert data["steps"] and all(set(x) == {"kind", "width", "cells", "message"} for x in data["steps"])
    assert data["stuck"] is None and data["count"] == 1 and data["solved"] is True
    # One entry per solving kind the solve used (the leak kinds are never withheld).
    assert set(data["essential"]) == {k for k in ("cover", "cant_fit", "square", "dependency", "one_of")
                                      if data["classification"][k]["depth"]}


@pytest.mark.parametrize(
    "rows, count, solved, verdict",
    [
        (CLEAN, 1, True, "Good: unique, solved by deduction, easy-like"),
        ([" 2 "], 2, False, "Not unique: 2+ solutions"),
        ([".2 ."], 0, False, "No solution: no line can reach the dot at row 1, column 4"),
        (STUCK_UNIQUE, 1, False, "Stuck: deduction cannot finish"),
        (SINGLE_SOLUTION, 1, True, "Leaky: 1 uniqueness leak (1 single-solution)"),
        (GENERAL, 1, True, "Leaky: 1 uniqueness leak (1 general)"),
        (["   ", "   "], 1, True, "Empty: no numbers yet"),
    ],
)
def test_verdicts(rows: list[str], count: int, solved: bool, verdict: str) -> None:
    report = analyze(Level.from_rows(rows), "easy")
    assert (report.count, report.solved, report.verdict) == (count, solved, verdict)
    assert (report.stuck is None) == solved


def test_weights_and_presets() -> None:
    level = Level.from_rows(SINGLE_SOLUTION)
    for name, weights in PRESETS.items():
        expected = score(solve(level).classification, weights)
        assert analyze(level, name).score == analyze(level, weights).score == expected
    with pytest.raises(ValueError, match="unknown preset"):
        analyze(level, "impossible")


def test_calibration_argument() -> None:
    level = Level.from_rows(CLEAN)
    cal = {"source": "mine", "tiers": {"hard": {"selection_scores": [-100, 100], "numbers": [2], "sizes": [[4, 4, 1]]}}}
    report = analyze(level, calibration=cal)
    assert report.tier is not None and (report.tier.name, report.tier.percentile, report.tier.source) == ("hard", 50.0, "mine")
    assert analyze(level, calibration={"tiers": {}}).tier is None


def test_fixed_level_reports_good() -> None:
    report = analyze(fix_leaks(Level.from_rows(GENERAL)), "easy")
    assert report.leaks == () and report.verdict.startswith("Good")


def test_published_expert_reports(corpus_levels: Callable[[str], list[Level]]) -> None:
    for level in corpus_levels("expert")[:10]:
        report = analyze(level)
        assert isinstance(report, Report) and report.count == 1 and report.solved
        assert report.tier is not None and report.tier.name == "expert"
        assert len(report.steps) == report.classification.all.depth
        json.dumps(report.to_json())


def test_traced_and_untraced_runs_agree(corpus_levels: Callable[[str], list[Level]]) -> None:
    """Recording the points must not change the deduction, and each layer's counts match what it changed."""
    from linjat_editor.core.solver import deduce

    levels = corpus_levels("expert")[:15] + corpus_levels("easy")[:15] + [Level.from_rows(r) for r in (STUCK_UNIQUE, [".2 ."], [" 2 "])]
    for level in levels:
        traced, plain = deduce(level, trace=True), deduce(level)
        assert (traced.status, traced.classification, traced.kinds) == (plain.status, plain.classification, plain.kinds)
        assert (traced.final == plain.final).all() and (traced.owner == plain.owner).all()
        assert traced.cells_claimed == plain.cells_claimed and traced.placements_removed == plain.placements_removed
        result = traced.result()
        assert [len(layer.claimed) for layer in result.layers] == list(traced.cells_claimed)
        assert [len(layer.dropped) for layer in result.layers] == list(traced.placements_removed)
        assert all(n > 0 for n in traced.cells_claimed)  # every layer claims a cell

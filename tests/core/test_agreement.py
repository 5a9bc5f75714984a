"""Every path that reports on a level says the same, on thousands of seeded random levels.

``solve``, ``classify``, ``analyze``, the CLI (``solve``/``analyze --jsonl``)
and the optimizer kernel's own score must agree exactly, and every "solved"
must be the level's only solution by an exact counter that shares no code
with the engine (``reference.count_lines``).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from linjat_editor.cli import main
from linjat_editor.core import PRESETS, Level, classify, count_solutions, score, solve
from linjat_editor.core.analysis import analyze
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.optimize import score_board

from .reference import count_lines, random_levels

WEIGHTS = PRESETS["expert"]


def cli_lines(command: str, levels: list[Level], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    path = tmp_path / f"{command}.jsonl"
    path.write_text("".join(json.dumps(level.rows()) + "\n" for level in levels))
    assert main([command, "--jsonl", str(path), "--preset", "expert"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def check_agreement(levels: list[Level], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Counter[str]:
    cli_solve = cli_lines("solve", levels, tmp_path, capsys)
    cli_analyze = cli_lines("analyze", levels, tmp_path, capsys)
    assert len(cli_solve) == len(cli_analyze) == len(levels)
    weights = WEIGHTS.as_array()
    seen: Counter[str] = Counter()
    for level, by_cli, analysed_by_cli in zip(levels, cli_solve, cli_analyze):
        where = f"{level.rows()}"
        result = solve(level)
        status = result.status
        seen[status] += 1
        cls = classify(level)
        report = analyze(level, WEIGHTS)
        assert cls == result.classification == report.classification, where
        assert cls.solved == result.solved == report.solved == (status == "solved"), where
        assert report.status == status, where
        expected_score = score(cls, WEIGHTS)
        assert report.score == expected_score, where
        kernel = score_board(from_level(level), weights)
        assert (math.isnan(kernel) and status != "solved") or kernel == expected_score, where
        assert (by_cli["status"], by_cli["solved"], by_cli["score"]) == (status, cls.solved, expected_score), where
        assert by_cli["classification"] == cls.to_json() == analysed_by_cli["classification"], where
        assert (analysed_by_cli["solved"], analysed_by_cli["count"]) == (report.solved, report.count), where
        if status == "solved":
            assert count_lines(level) == 1, where
            assert report.count == 1 and result.lines is not None, where
            assert result.lines == count_solutions(level).solutions[0], where
        elif status == "contradiction":
            assert report.count == 0, where
        elif status == "ambiguous":
            assert cls.uses_leaks and report.count == 2, where
        if level.height * level.width <= 30:
            assert min(count_lines(level), 2) == report.count, where
    return seen


#: The everyday sample: every fifth of the 3,000 levels below (600), enough for every outcome.
EVERY = 5


def test_all_paths_agree_on_a_sample_of_random_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every fifth level of the full sweep's stream: the same kinds of level, a fifth of the time."""
    levels = list(random_levels(seed=2024, count=3000))[::EVERY]
    seen = check_agreement(levels, tmp_path, capsys)
    # The sample still holds every outcome, ambiguous ones included (the case this test was written for).
    assert seen["solved"] > 150 and seen["stuck"] > 80 and seen["contradiction"] > 150 and seen["ambiguous"] >= 10, seen
    assert sum(seen.values()) == 600


@pytest.mark.slow
def test_all_paths_agree_on_3000_random_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The full sweep (.ci/run runs it)."""
    levels = list(random_levels(seed=2024, count=3000))
    seen = check_agreement(levels, tmp_path, capsys)
    # The mix holds every outcome, ambiguous ones included (the case this test was written for).
    assert seen["solved"] > 500 and seen["stuck"] > 300 and seen["contradiction"] > 100 and seen["ambiguous"] >= 10, seen
    assert sum(seen.values()) == 3000


@pytest.mark.slow
def test_all_paths_agree_on_20000_more_random_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    levels = list(random_levels(seed=7, count=20_000, max_height=20, max_width=16))
    seen = check_agreement(levels, tmp_path, capsys)
    assert seen["ambiguous"] > 50, seen

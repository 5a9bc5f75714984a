"""A deduction that finishes only by assuming one solution is "solved" only if the level is unique.

The two levels below finish their deduction with a uniqueness leak but have
two solutions each: every path that reports on a level must say so.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from linjat_editor.cli import main
from linjat_editor.core import PRESETS, Level, classify, count_solutions, solve
from linjat_editor.core.analysis import analyze
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.optimize import score_board
from linjat_editor.core.solver import SolveStatus, deduce

AMBIGUOUS = [["     2", "      ", "    .2"], [" 2   ", "4    ", "2  3 "]]


@pytest.mark.parametrize("rows", AMBIGUOUS)
def test_leaky_finish_with_two_solutions_is_ambiguous_everywhere(rows: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = Level.from_rows(rows)
    assert count_solutions(level).count == 2
    run = deduce(level)
    assert run.classification.uses_leaks  # the deduction did finish, by a leak
    assert run.status is SolveStatus.AMBIGUOUS
    assert solve(level).status is SolveStatus.AMBIGUOUS and solve(level).lines is None
    assert not classify(level).solved
    report = analyze(level)
    assert (report.status, report.solved, report.count, report.good) == ("ambiguous", False, 2, False)
    assert report.stuck is not None and "assuming one solution" in report.stuck.message
    assert np.isnan(score_board(from_level(level), PRESETS["expert"].as_array()))

    path = tmp_path / "level.json"
    path.write_text(json.dumps(rows))
    assert main(["solve", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["status"], out["solved"], out["lines"]) == ("ambiguous", False, None)
    assert main(["analyze", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["solved"], out["count"]) == (False, 2)


def test_a_unique_level_solved_by_a_leak_stays_solved() -> None:
    level = Level.from_rows(["   .", " 2 3", " .4 ", "    "])
    run = deduce(level)
    assert run.classification.uses_leaks and count_solutions(level).count == 1
    assert run.status is SolveStatus.SOLVED and analyze(level).solved


def test_a_contradiction_reached_through_a_leak_is_no_proof_of_no_solution() -> None:
    """Found by the agreement test: the leaks pick lines a second solution needs, then run into a contradiction."""
    level = Level.from_rows(
        ["          3", "  1        ", "   5. 3    ", "    4  4   ", "           ",
         "454      .2", "           ", "     41  6 ", ".3      6  "]
    )
    run = deduce(level)
    assert run.classification.uses_leaks and count_solutions(level).count == 2
    assert run.status is SolveStatus.AMBIGUOUS and analyze(level).status is SolveStatus.AMBIGUOUS

"""The shipped calibration holds what this engine's batch makes: levels within the canon, and the same levels."""

from __future__ import annotations

import pytest

from benchmarks.calibration_recipe import calibration_jobs
from linjat_editor.batch.jobs import run_job
from linjat_editor.core import TIERS, Level, count_solutions, solve
from linjat_editor.core.analysis import detect_leaks, shipped_calibration
from linjat_editor.core.objective import tier_goal

REGENERATE = "regenerate it: python -m benchmarks.calibration_recipe generate"


def stored(name: str) -> list[Level]:
    return [Level.from_rows(rows) for rows in shipped_calibration()["metadata"]["levels"][name]]


@pytest.mark.parametrize("name", list(TIERS))
def test_every_calibration_level_is_one_a_batch_may_emit(name: str) -> None:
    # "Harder than N% of the generated levels" compares with these: they must be levels the generator
    # makes today (no 1s, the tier's technique rule, unique, leak-free), not an older engine's.
    goal = tier_goal(name)
    for level in stored(name):
        assert goal.outside_canon(level) == "", (name, level.rows(), REGENERATE)
        assert solve(level).solved and count_solutions(level, limit=2).count == 1
        assert not detect_leaks(level)


@pytest.mark.parametrize("name", list(TIERS))
def test_the_recipe_makes_the_stored_levels(name: str) -> None:
    meta = shipped_calibration()["metadata"]
    job = calibration_jobs(name, meta["per_tier"], meta["iterations"], meta["seed"])[0]
    made = run_job(job).level
    assert made is not None and made.rows() == stored(name)[0].rows(), f"the {name} calibration is stale: {REGENERATE}"

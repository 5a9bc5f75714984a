"""Ramps and campaigns: targets rise evenly in the set's order, lessons come first, each job aims where it says."""

from __future__ import annotations

import pytest

from linjat_editor.batch.campaign import campaign_jobs, ramp_positions
from linjat_editor.batch.jobs import Job, make_jobs, ramp_targets, run_job
from linjat_editor.cli import main
from linjat_editor.core import count_solutions
from linjat_editor.core.analysis import analyze
from linjat_editor.core.kinds import Kind
from linjat_editor.core.techniques import teaches


def test_ramp_targets_rise_evenly_in_job_order() -> None:
    jobs = make_jobs("hard", 8, iterations=100, seed=5, ramp=(10, 90))
    targets = [j.target_percentile for j in jobs]
    assert targets[0] == 10 and targets[-1] == 90
    steps = {round(b - a, 6) for a, b in zip(targets, targets[1:])}
    assert steps == {round(80 / 7, 6)}
    assert [j.index for j in jobs] == list(range(8))
    assert ramp_targets(1, (20, 40)) == [30.0]


def test_campaign_lessons_first_then_tiers_rising() -> None:
    jobs = campaign_jobs(13, iterations=100, seed=1)
    assert [j.teach for j in jobs[:5]] == ["cover", "cant_fit", "square", "dependency", "one_of"]
    ramp = [(j.preset, j.target_percentile) for j in jobs[5:]]
    tiers = [t for t, _ in ramp]
    assert tiers == sorted(tiers, key=["easy", "medium", "hard", "expert"].index)
    assert ramp == ramp_positions(8)
    assert len(campaign_jobs(3)) == 3 and all(j.teach for j in campaign_jobs(3))


def test_a_targeted_job_records_its_aim_and_where_it_landed() -> None:
    job = Job(0, "easy", 8, 300, 7, target_percentile=40.0)
    result = run_job(job)
    assert result.level is not None, result.error
    a = result.analysis
    assert a["target_percentile"] == 40.0 and 0 <= a["percentile"] <= 100
    assert analyze(result.level, "easy").good


def test_a_lesson_job_is_a_tutorial_that_teaches() -> None:
    result = run_job(Job(1, "easy", 3, 300, 11, teach="cant_fit", size=(5, 5)))
    assert result.level is not None, result.error
    assert result.level.size == (5, 5) and result.level.name == "lesson: can't fit"
    assert result.level.extra["generated"]["preset"] == "tutorial"
    assert teaches(result.level, Kind.CANT_FIT) and count_solutions(result.level).count == 1


@pytest.mark.parametrize("ramp", ["10-90", "10:190"])
def test_bad_ramp_is_one_line(ramp: str, tmp_path, capsys) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit) as stop:
        main(["batch", "--preset", "hard", "--count", "2", "--ramp", ramp, "-o", str(tmp_path / "s.json")])
    assert stop.value.code == 2
    assert "ramp" in capsys.readouterr().err


def test_ramp_and_target_together_is_refused(tmp_path, capsys) -> None:  # noqa: ANN001
    assert main(["batch", "--preset", "hard", "--count", "2", "--ramp", "10:90", "--target-percentile", "50",
                 "-o", str(tmp_path / "s.json")]) == 2
    assert capsys.readouterr().err.strip() == "linjat: error: give one of --ramp, --target-percentile and --target-score"

"""linjat bench's quality section: levels of several base seeds, made on a process pool, map back to their seeds."""

from __future__ import annotations

import statistics

import pytest

from linjat_editor.batch import make_jobs, run_job
from benchmarks.bench_runs import quality, render
from linjat_editor.core import classify
from linjat_editor.core.kinds import Kind
from linjat_editor.cli.progress import ProgressBar


def test_quality_pools_several_seeds_and_lists_each_seeds_median() -> None:
    # Two worker processes, two seeds, one tier: every level is the one run_job makes for its seed,
    # whichever process made it and in whatever order the pool finished.
    q = quality(3, 50, None, ProgressBar("test"), [11, 5], tiers=["easy"], workers=2)
    assert list(q["tiers"]) == ["easy"] and q["seeds"] == [11, 5]
    row = q["tiers"]["easy"]
    expected = {seed: [run_job(job).analysis["selection_score"] for job in make_jobs("easy", 3, 50, seed=seed)]
                for seed in (11, 5)}
    assert row["levels"] == 6 and row["failed"] == 0 and row["leaky"] == 0 and row["not_unique"] == 0
    assert row["by_seed"] == {str(seed): statistics.median(s) for seed, s in expected.items()}
    assert row["median"] == statistics.median(expected[11] + expected[5])


def test_one_seed_lists_no_medians_by_seed() -> None:
    q = quality(2, 30, None, ProgressBar("test"), tiers=["easy"], workers=1)
    assert q["seeds"] == [2026] and "by_seed" not in q["tiers"]["easy"]


def test_mean_layers_by_kind_say_where_the_score_comes_from(corpus_path) -> None:  # type: ignore[no-untyped-def]
    q = quality(2, 50, corpus_path, ProgressBar("test"), [11], tiers=["easy"], workers=1)
    row = q["tiers"]["easy"]
    made = [run_job(job) for job in make_jobs("easy", 2, 50, seed=11)]
    ours = [classify(r.level) for r in made if r.level is not None]
    assert len(ours) == 2
    assert row["layers"]["cant_fit"] == pytest.approx(sum(c.of(Kind.CANT_FIT).depth for c in ours) / 2)
    assert row["layers"]["widest"] == pytest.approx(sum(c.all.max_width for c in ours) / 2)
    assert row["mean"] == pytest.approx(sum(r.analysis["selection_score"] for r in made if r.analysis) / 2)
    # the published easy levels, classified by the same analyzer, need cover and can't-fit layers
    pub = row["published_layers"]
    assert pub["cover"] > 1 and pub["cant_fit"] > 1 and set(pub) == set(row["layers"])
    line = next(ln for ln in render({"machine": {"cpus": 2, "python": "3.11"}, "quality": q}).splitlines()
                if "mean layers" in ln)
    assert f"can't fit {row['layers']['cant_fit']:.2f}/{pub['cant_fit']:.2f}" in line
    assert f"mean score {row['mean']:.1f}/{row['published_mean']:.1f}" in line


def test_quality_of_two_island_levels_is_that_of_generate_with_two_workers() -> None:
    from dataclasses import replace

    q = quality(2, 2100, None, ProgressBar("test"), [11], tiers=["easy"], workers=1, islands=2)
    assert q["islands"] == 2
    made = [run_job(replace(job, islands=2)) for job in make_jobs("easy", 2, 2100, seed=11)]
    one_island = [run_job(job) for job in make_jobs("easy", 2, 2100, seed=11)]
    scores = [r.analysis["selection_score"] for r in made if r.analysis]
    assert len(scores) == 2 and q["tiers"]["easy"]["median"] == statistics.median(scores)
    assert [r.level for r in made] != [r.level for r in one_island]  # the islands ran: other levels
    assert "2 islands per level" in render({"machine": {"cpus": 2, "python": "3.11"}, "quality": q})


def test_quality_by_iterations_runs_each_budget_and_lists_the_medians_side_by_side(corpus_path) -> None:  # type: ignore[no-untyped-def]
    from benchmarks.bench_runs import quality_by_iterations

    q = quality_by_iterations(2, [50, 30], corpus_path, ProgressBar("test"), [11], tiers=["easy"], workers=1)
    assert q["iterations"] == 50 and list(q["by_iterations"]) == ["30", "50"]
    at = {budget: statistics.median(run_job(job).analysis["selection_score"] for job in make_jobs("easy", 2, budget, seed=11))
          for budget in (30, 50)}
    assert q["by_iterations"]["30"]["easy"]["median"] == at[30]  # a run of its own, not the longer run's midpoint
    assert q["by_iterations"]["50"]["easy"]["median"] == at[50] == q["tiers"]["easy"]["median"]
    row = q["tiers"]["easy"]
    assert row["published_max"] >= row["published_median"]
    text = render({"machine": {"cpus": 2, "python": "3.11"}, "quality": q})
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("easy") and " / " in ln)
    assert f"{at[30]:g} / {at[50]:g}" in line and f"max {row['published_max']:g}" in line
    assert "medians by iterations (30 / 50)" in text and "(leaky 0, not unique 0, failed 0)" in line
    # Under each tier's medians, how far each moves with the draw: the spread of resampled medians, each budget's own.
    spreads = [q["by_iterations"][b]["easy"]["spread"] for b in ("30", "50")]
    assert all(low <= q["by_iterations"][b]["easy"]["median"] <= high for (low, high), b in zip(spreads, ("30", "50")))
    below = text.splitlines()[text.splitlines().index(line) + 1]
    assert below.strip().startswith("nine medians in ten") and below.endswith(" / ".join(f"{lo:g}-{hi:g}" for lo, hi in spreads))


def test_a_medians_spread_is_where_resampled_medians_land() -> None:
    from benchmarks.bench_runs import median_spread

    wide, narrow = [float(x) for x in range(0, 200, 10)], [100.0 + x % 3 for x in range(20)]
    assert median_spread(wide) == median_spread(list(wide))  # the same scores, the same spread
    (lo, hi), (nlo, nhi) = median_spread(wide), median_spread(narrow)
    assert lo < statistics.median(wide) < hi and hi - lo > 40  # twenty scores 0-190: the median moves by tens
    assert 100 <= nlo <= nhi <= 102 and median_spread([3.0]) is None
    # Nine in ten: a median of twenty such levels, drawn afresh, falls inside about that often.
    import random

    rng = random.Random(1)
    inside = sum(lo <= statistics.median(rng.choices(wide, k=20)) <= hi for _ in range(4000)) / 4000
    assert 0.85 <= inside <= 0.95

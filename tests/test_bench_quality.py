"""linjat bench's quality section: levels of several base seeds, made on a process pool, map back to their seeds."""

from __future__ import annotations

import statistics

from linjat_editor.batch import make_jobs, run_job
from linjat_editor.cli.bench_runs import quality
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

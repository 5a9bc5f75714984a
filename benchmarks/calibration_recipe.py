"""The recipe of the calibration the project ships: generate levels per tier, then calibrate on them.

Kept out of ``core.analysis`` because it runs the optimizer, and the optimizer's
pool asks the analysis for leak warnings: analysis must not import the optimizer
back. Rebuild the shipped file with
``python -m benchmarks.calibration_recipe refresh|generate``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from linjat_editor.batch.jobs import make_jobs, run_job
from linjat_editor.core.analysis.calibration import SHIPPED, compute_calibration, load_calibration, refreshed, save_calibration
from linjat_editor.core.level import Level
from linjat_editor.core.scoring import TIERS


def calibration_jobs(name: str, per_tier: int, iterations: int, seed: int) -> list[Any]:
    """Tier ``name``'s jobs: those of ``linjat batch --preset NAME --count PER_TIER --iterations ITERATIONS
    --seed S`` (S: ``seed`` plus 100,000 per tier before it), so the calibration holds what a batch makes."""
    return make_jobs(name, per_tier, iterations, seed + 100_000 * list(TIERS).index(name))


def generate_calibration_levels(
    per_tier: int = 20,
    iterations: int = 2000,
    seed: int = 1,
    report: Callable[[str, int, Level], None] | None = None,
) -> dict[str, list[Level]]:
    """Each tier's levels as a batch makes them: within the canon, unique and leak-free, the tier's number
    counts drawn as the published levels have them (a job that finds no level is left out)."""
    out: dict[str, list[Level]] = {}
    for name in TIERS:
        levels: list[Level] = []
        for job in calibration_jobs(name, per_tier, iterations, seed):
            level = run_job(job).level
            if level is None:
                continue
            levels.append(level)
            if report:
                report(name, len(levels), level)
        out[name] = levels
    return out


def generated_calibration(per_tier: int = 20, iterations: int = 10_000, seed: int = 1) -> dict[str, Any]:
    """The shipped calibration's recipe: generate levels per tier, then calibrate on them."""
    start = time.time()
    levels = generate_calibration_levels(per_tier, iterations, seed)
    meta = {
        "how": "benchmarks.calibration_recipe.generated_calibration"
        f"(per_tier={per_tier}, iterations={iterations}, seed={seed})",
        "per_tier": per_tier,
        "iterations": iterations,
        "seed": seed,
        "seconds": round(time.time() - start, 1),
        "levels": {name: [lvl.rows() for lvl in lv] for name, lv in levels.items()},
    }
    return compute_calibration(levels, source="generated", metadata=meta)


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.calibration_recipe refresh|generate``: rebuild the shipped file."""
    import sys

    what = (argv if argv is not None else sys.argv[1:]) or ["refresh"]
    if what[0] == "generate":
        data = generated_calibration()
    elif what[0] == "refresh":
        data = refreshed(load_calibration(SHIPPED))
    else:
        print("usage: python -m benchmarks.calibration_recipe refresh|generate", file=sys.stderr)
        return 2
    save_calibration(data, SHIPPED)
    print(f"wrote {SHIPPED}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

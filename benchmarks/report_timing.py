"""Timing the full report and counting leaks over a corpus (for ``linjat bench`` and release notes).

>>> from linjat_editor.core.level import Level
>>> levels = [Level.from_rows(["   .", " 2 3", " .4 ", "    "])]
>>> time_reports(levels, warmup=1)["levels"]
1
>>> leak_census({"easy": levels})["easy"]
{'levels': 1, 'single_solution': 1, 'uncontested_no_cover': 0, 'general': 0, 'any': 1}
"""

from __future__ import annotations

import statistics
import time
from typing import Iterable, Mapping, Sequence

from linjat_editor.core.level import Level
from linjat_editor.core.analysis.leaks import LEAK_KINDS
from linjat_editor.core.analysis.report import analyze


def time_reports(levels: Sequence[Level], weights: str = "expert", warmup: int = 3) -> dict[str, float]:
    """Median, mean and worst time (ms) of :func:`analyze` per level, after ``warmup`` untimed runs.

    ``cpu_median_ms`` is this thread's CPU time: on a busy shared machine it
    shows the work itself, where wall time also counts waiting for a core.
    """
    for level in levels[:warmup]:
        analyze(level, weights)
    times = []
    cpu = []
    for level in levels:
        start, start_cpu = time.perf_counter(), time.thread_time()
        analyze(level, weights)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    return {
        "levels": len(times),
        "median_ms": round(statistics.median(times), 2),
        "mean_ms": round(statistics.fmean(times), 2),
        "max_ms": round(max(times), 2),
        "cpu_median_ms": round(statistics.median(cpu), 2),
    }


def leak_census(levels_by_tier: Mapping[str, Iterable[Level]]) -> dict[str, dict[str, int]]:
    """Per tier: how many levels carry at least one leak of each kind (and of any kind)."""
    out: dict[str, dict[str, int]] = {}
    for tier, levels in levels_by_tier.items():
        row: dict[str, int] = {"levels": 0, **{kind.value: 0 for kind in LEAK_KINDS}, "any": 0}
        for level in levels:
            kinds = {leak.kind for leak in analyze(level).leaks}
            row["levels"] += 1
            for kind in kinds:
                row[kind] += 1
            row["any"] += bool(kinds)
        out[tier] = row
    return out

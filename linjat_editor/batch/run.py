"""Batch generation: N levels of one tier, on local worker processes or a Dask cluster, into a level set.

``scheduler="tcp://host:8786"`` runs the jobs on a Dask distributed cluster
(optional extra ``dask``; imported only then), otherwise a local process pool.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from .jobs import BatchProgress, BatchResult, collect, make_jobs
from .local import run_local


def batch_generate(
    preset: str,
    count: int,
    *,
    iterations: int = 10_000,
    workers: int | None = None,
    seed: int | None = None,
    numbers: int | None = None,
    progress: Callable[[BatchProgress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    scheduler: str | None = None,
    name: str = "",
) -> BatchResult:
    """Generate ``count`` unique levels of tier ``preset`` and return them as a set (in job order).

    ``workers``: processes (default: all cores). ``progress`` is called in the
    calling thread after each job; ``should_stop()`` returning True cancels
    (levels finished so far are kept, ``cancelled`` is set). ``scheduler``
    runs the jobs on a Dask distributed cluster at that address instead.
    """
    jobs = make_jobs(preset, count, iterations, seed, numbers)
    name = name or f"{preset} batch"
    if scheduler:
        from .on_dask import run_on_dask

        results, cancelled = run_on_dask(scheduler, jobs, progress, should_stop)
    else:
        results, cancelled = run_local(jobs, workers or os.cpu_count() or 1, progress, should_stop)
    level_set, failed = collect(results, name)
    return BatchResult(level_set, failed, cancelled)


def batch_to_file(path: str | os.PathLike[str], preset: str, count: int, **options: Any) -> BatchResult:
    """:func:`batch_generate`, then write the set to ``path`` (native set format, atomic)."""
    from linjat_editor.io.registry import write_set

    result = batch_generate(preset, count, **options)
    write_set(result.level_set, path)
    return result

"""Batch generation: N levels of one tier, on local worker processes or a Dask cluster, into a level set.

``scheduler="tcp://host:8786"`` runs the jobs on a Dask distributed cluster
(optional extra ``dask``; imported only then), otherwise a local process pool.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from .jobs import BatchProgress, BatchResult, Job, JobResult, collect, make_jobs
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
    ramp: tuple[float, float] | None = None,
    target_percentile: float | None = None,
    target_score: float | None = None,
    jobs: list[Job] | None = None,
    allow_ones: bool = False,
    relax_rule: bool = False,
) -> BatchResult:
    """Generate ``count`` unique levels of tier ``preset`` and return them as a set (in job order).

    ``workers``: processes (default: all cores). ``progress`` is called in the
    calling thread after each job; ``should_stop()`` returning True cancels
    (levels finished so far are kept, ``cancelled`` is set). ``scheduler``
    runs the jobs on a Dask distributed cluster at that address instead.
    ``ramp`` (from, to): target percentiles rising evenly in the set's
    order; ``target_percentile`` / ``target_score``: one target for all.
    ``jobs``: run these instead (a campaign's; ``preset`` and ``count`` name
    the set and size the progress). ``allow_ones``, ``relax_rule``: the
    levels may have 1s, may break the tier's technique rule (see ``jobs.Job``).
    """
    if jobs is None:
        jobs = make_jobs(preset, count, iterations, seed, numbers, ramp, target_percentile, target_score,
                         allow_ones, relax_rule)
    name = name or f"{preset} batch"
    if scheduler:
        from .on_dask import run_on_dask

        results, cancelled = run_on_dask(scheduler, jobs, progress, should_stop)
    else:
        results, cancelled = run_local(jobs, workers or os.cpu_count() or 1, progress, should_stop)
    level_set, failed = collect(results, name)
    return BatchResult(level_set, failed, cancelled)


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM in the CLI) during :func:`batch_to_file`; ``kept`` levels are in the file."""

    def __init__(self, kept: int, total: int) -> None:
        super().__init__(f"{kept} of {total} levels kept")
        self.kept, self.total = kept, total


def batch_to_file(path: str | os.PathLike[str], preset: str, count: int, **options: Any) -> BatchResult:
    """:func:`batch_generate` into a set file at ``path`` (native set format).

    The file is rewritten atomically after every level kept, so an interrupted
    batch leaves a valid set of the levels finished so far (then
    :class:`BatchInterrupted` says how many). ``-`` writes the set to
    standard output once, at the end.
    """
    from linjat_editor.io.registry import write_set

    their_progress = options.pop("progress", None)
    name = options.get("name") or f"{preset} batch"
    finished: list[JobResult] = []

    def progress(p: BatchProgress) -> None:
        if p.last is not None:
            finished.append(p.last)
            if p.last.level is not None and os.fspath(path) != "-":
                write_set(collect(finished, name)[0], path)
        if their_progress is not None:
            their_progress(p)

    try:
        result = batch_generate(preset, count, progress=progress, **options)
    except KeyboardInterrupt:
        raise BatchInterrupted(len(collect(finished, name)[0].entries), count) from None
    write_set(result.level_set, path)
    return result

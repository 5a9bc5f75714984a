"""Running batch jobs on local worker processes (``concurrent.futures``, spawn context: safe
with numba and with Qt in the parent)."""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from .jobs import BatchProgress, Job, JobResult, report_progress, run_job


def _stop_local_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel queued jobs and end running ones now: an optimizer run cannot be interrupted
    from outside, and a cancel that waits minutes for it is no cancel."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # private, but the only handle
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()


def run_local(jobs: list[Job], workers: int, progress: Callable[[BatchProgress], None] | None,
               should_stop: Callable[[], bool] | None) -> tuple[list[JobResult], bool]:
    """Run jobs in spawn processes; jobs lost to a crashed worker get one more round in a fresh pool."""
    started = time.perf_counter()
    results: list[JobResult] = []
    todo = list(jobs)
    for round_ in range(2):
        lost, cancelled = _local_round(todo, workers, len(jobs), started, results, progress, should_stop)
        if cancelled or not lost:
            return results, cancelled
        todo = lost
    for job in todo:  # lost twice: report them rather than fail the whole batch
        results.append(JobResult(job.index, None, None, "worker process died"))
    return results, False


def _local_round(jobs: list[Job], workers: int, total: int, started: float, results: list[JobResult],
                 progress: Callable[[BatchProgress], None] | None,
                 should_stop: Callable[[], bool] | None) -> tuple[list[Job], bool]:
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(jobs))), mp_context=ctx)
    lost: list[Job] = []
    try:
        pending: dict[Future[JobResult], Job] = {pool.submit(run_job, j): j for j in jobs}
        while pending:
            done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for fut in done:
                job = pending.pop(fut)
                try:
                    results.append(fut.result())
                except BrokenProcessPool:
                    lost.append(job)
                    continue
                except Exception as exc:  # noqa: BLE001 - e.g. a result that failed to unpickle
                    results.append(JobResult(job.index, None, None, f"{type(exc).__name__}: {exc}"))
                if progress is not None:
                    progress(report_progress(results, total, started, results[-1]))
            if pending and should_stop is not None and should_stop():
                _stop_local_pool(pool)
                return lost, True
    except BaseException:  # Ctrl-C in the CLI: end the workers instead of waiting out their runs
        _stop_local_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return lost, False

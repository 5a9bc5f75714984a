"""Running batch jobs on local worker processes (``concurrent.futures``, spawn context: safe
with numba and with Qt in the parent).

Workers never outlive the batch. Each tells the parent its process id when it
starts (so a cancel can end the running optimizer runs at once, without the
pool's private handles), and each watches its parent: on Linux the kernel
kills it when the parent dies (``PR_SET_PDEATHSIG``), elsewhere a watchdog
thread notices the parent is gone within a second. So SIGTERM or SIGKILL of
the parent leaves no worker (nor multiprocessing's resource tracker, which
ends with the last process holding its pipe) running on.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any, Callable

from .jobs import BatchProgress, Job, JobResult, report_progress, run_job

_PR_SET_PDEATHSIG = 1


def _worker_start(parent: int, pids: Any) -> None:
    """Pool initializer: die with the parent, and report our pid for a fast cancel."""
    _die_with_parent(parent)
    pids.put(os.getpid())


def _die_with_parent(parent: int) -> None:
    with suppress(Exception):  # Linux only; the watchdog below covers the rest
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before we got here
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class _Workers:
    """The worker processes of one pool, known by the pids they reported."""

    def __init__(self, ctx: Any) -> None:
        self.queue = ctx.SimpleQueue()
        self.pids: set[int] = set()

    def end(self) -> None:
        """End every worker now: an optimizer run cannot be interrupted from outside, and a
        cancel that waits minutes for it is no cancel."""
        while not self.queue.empty():
            self.pids.add(self.queue.get())
        for pid in self.pids:
            with suppress(OSError):
                os.kill(pid, signal.SIGTERM)


def _stop_local_pool(pool: ProcessPoolExecutor, workers: _Workers) -> None:
    """Cancel queued jobs and end running ones now."""
    pool.shutdown(wait=False, cancel_futures=True)
    workers.end()


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
    procs = _Workers(ctx)
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(jobs))), mp_context=ctx,
                               initializer=_worker_start, initargs=(os.getpid(), procs.queue))
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
                _stop_local_pool(pool, procs)
                return lost, True
    except BaseException:  # Ctrl-C in the CLI: end the workers instead of waiting out their runs
        _stop_local_pool(pool, procs)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return lost, False

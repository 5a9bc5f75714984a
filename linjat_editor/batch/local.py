"""Running batch jobs on local worker processes (``concurrent.futures``, spawn context: safe
with numba and with Qt in the parent).

Workers never outlive the batch. Each tells the parent its process id when it
starts, so a cancel can reach the running optimizer runs without the pool's
private handles: SIGTERM asks a worker to end its job at the next optimizer
chunk and hand back an empty result, so the pool shuts down in order (killing
workers outright made it "broken", and its queue threads could then print a
traceback after the user's Ctrl-C). A worker that has not finished its job
within ``STOP_GRACE`` seconds is killed. Each worker also watches its parent:
on Linux the kernel kills it when the parent dies (``PR_SET_PDEATHSIG``),
elsewhere a watchdog thread notices the parent is gone within a second. So
SIGTERM or SIGKILL of the parent leaves no worker (nor multiprocessing's
resource tracker, which ends with the last process holding its pipe) running on.

While the pool runs, Ctrl-C and SIGTERM in the parent only raise a flag that
the loop checks between its waits: a KeyboardInterrupt raised at a random
point inside ``concurrent.futures`` can leave a future's lock held, and the
pool's shutdown then waits for ever (the one way we found for the parent to
hang after Ctrl-C, as it did now and then in full test runs).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from typing import Any, Callable, Iterator

from .jobs import BatchProgress, Job, JobResult, report_progress, run_job

_PR_SET_PDEATHSIG = 1
#: Seconds a worker has to end its job after being asked to stop, before it is killed.
STOP_GRACE = 5.0

#: In a worker: the parent asked it to stop (see ``_on_stop``).
_stop_asked = threading.Event()


def _worker_start(parent: int, pids: Any) -> None:
    """Pool initializer: die with the parent, stop when asked, and report our pid for a fast cancel."""
    _die_with_parent(parent)
    # Ctrl-C in a terminal reaches every process of the group; the parent decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_stop)
    pids.put(os.getpid())


def _on_stop(signum: int, frame: object) -> None:
    """SIGTERM in a worker: its job, and any it is given later, ends at the next optimizer chunk.

    An idle worker stays: the pool's shutdown tells it to exit. A second
    SIGTERM (the pool's own terminate) ends the process at once.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _stop_asked.set()


def _run_in_worker(job: Job) -> JobResult:
    return run_job(job, _stop_asked.is_set)


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
        """Ask every worker to stop its job now (a cancel that waits minutes for a run is no
        cancel); kill the ones still running after ``STOP_GRACE`` seconds."""
        while not self.queue.empty():
            self.pids.add(self.queue.get())
        for pid in self.pids:
            with suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        threading.Thread(target=self._kill_late, args=(set(self.pids),), name="stop-workers", daemon=True).start()

    @staticmethod
    def _kill_late(pids: set[int]) -> None:
        deadline = time.monotonic() + STOP_GRACE
        while pids and time.monotonic() < deadline:
            time.sleep(0.05)
            pids = {pid for pid in pids if _is_our_child(pid)}
        for pid in pids:
            with suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _is_our_child(pid: int) -> bool:
    """Whether ``pid`` is still a live child of this process (never signal a recycled pid)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return False  # gone, or no /proc to tell (not Linux): leave it to the pool's shutdown
    return fields[0] != "Z" and int(fields[1]) == os.getpid()


def _stop_local_pool(pool: ProcessPoolExecutor, workers: _Workers) -> None:
    """Cancel queued jobs and end running ones now."""
    pool.shutdown(wait=False, cancel_futures=True)
    workers.end()


@contextmanager
def _interrupts_as_flag() -> Iterator[threading.Event]:
    """Ctrl-C and SIGTERM set the flag instead of raising, while the block runs (main thread only).

    One the process started with ignored stays ignored (a script's ``cmd &`` ignores Ctrl-C).
    """
    asked = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield asked
        return
    before = {sig: signal.signal(sig, lambda signum, frame: asked.set()) for sig in (signal.SIGINT, signal.SIGTERM)
              if signal.getsignal(sig) != signal.SIG_IGN}
    try:
        yield asked
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


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
    with _interrupts_as_flag() as interrupted:  # a second Ctrl-C while the workers stop changes nothing
        try:
            stopped = _until_done(pool, jobs, total, started, results, progress, should_stop, interrupted, lost)
            if stopped:
                _stop_local_pool(pool, procs)
        except BaseException:  # an error of ours: end the workers instead of waiting out their runs
            _stop_local_pool(pool, procs)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    if interrupted.is_set():
        raise KeyboardInterrupt  # now that every worker is gone: the caller keeps what was finished
    return lost, stopped


def _until_done(pool: ProcessPoolExecutor, jobs: list[Job], total: int, started: float, results: list[JobResult],
                progress: Callable[[BatchProgress], None] | None, should_stop: Callable[[], bool] | None,
                interrupted: threading.Event, lost: list[Job]) -> bool:
    """Collect results until every job is done (False) or the caller or a signal asks to stop (True)."""
    pending: dict[Future[JobResult], Job] = {pool.submit(_run_in_worker, j): j for j in jobs}
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
        if interrupted.is_set() or (pending and should_stop is not None and should_stop()):
            return True
    return False

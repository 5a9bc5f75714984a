"""Batch jobs on a Dask distributed cluster (``linjat batch --scheduler ADDRESS``).

Optional: needs the ``dask`` extra (``dask[distributed]``), imported only here.
The cluster's workers must be able to import ``linjat_editor`` (same version).
"""

from __future__ import annotations

import time
from typing import Callable

from .jobs import BatchProgress, Job, JobResult, report_progress, run_job


def _client_class():  # noqa: ANN202
    try:
        from dask.distributed import Client
    except ImportError:
        raise RuntimeError(
            "running on a cluster needs the optional Dask support: pip install 'linjat-editor[dask]'"
        ) from None
    return Client


def run_on_dask(
    address: str,
    jobs: list[Job],
    progress: Callable[[BatchProgress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    timeout: float = 10.0,
) -> tuple[list[JobResult], bool]:
    """Run ``jobs`` on the scheduler at ``address``; returns (results, cancelled)."""
    client_cls = _client_class()
    from dask.distributed import wait

    started = time.perf_counter()
    results: list[JobResult] = []
    with client_cls(address, timeout=f"{timeout}s") as client:
        # pure=False: two jobs with equal arguments must still both run.
        pending = set(client.map(run_job, jobs, pure=False))
        while pending:
            try:
                done = wait(list(pending), timeout=0.2, return_when="FIRST_COMPLETED").done
            except TimeoutError:  # nothing finished yet: look at should_stop, then wait again
                done = set()
            for fut in done:
                pending.discard(fut)
                results.append(fut.result())
                if progress is not None:
                    progress(report_progress(results, len(jobs), started, results[-1]))
            if pending and should_stop is not None and should_stop():
                client.cancel(list(pending))
                return results, True
    return results, False

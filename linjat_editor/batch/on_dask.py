"""Batch jobs on a Dask distributed cluster (``linjat batch --scheduler ADDRESS``).

Optional: needs the ``dask`` extra (``dask[distributed]``), imported only here.
The cluster's workers must be able to import ``linjat_editor`` (same version).
"""

from __future__ import annotations

import threading
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


class SchedulerError(ConnectionError):
    """The scheduler address does not lead to a usable Dask scheduler (one line, naming it)."""


def _connect(client_cls, address: str, timeout: float):  # noqa: ANN001, ANN202
    """A connected client, or :class:`SchedulerError` saying in one line why not, within ``timeout`` + 2 s.

    Dask's own timeout does not cover a peer that accepts the connection and
    then says nothing, so the connection is made in a helper thread that is
    given up on (left to end by itself) after the deadline.
    """
    box: dict[str, object] = {}

    def attempt() -> None:
        try:
            box["client"] = _connect_now(client_cls, address, timeout)
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = e

    helper = threading.Thread(target=attempt, name="dask-connect", daemon=True)
    helper.start()
    helper.join(timeout + 2.0)
    if helper.is_alive():
        raise SchedulerError(f"{address}: no answer like a Dask scheduler's within {timeout + 2.0:g} s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["client"]


def _connect_now(client_cls, address: str, timeout: float):  # noqa: ANN001, ANN202
    try:
        return client_cls(address, timeout=f"{timeout}s")
    except MemoryError:  # a non-Dask service: its reply read as a message length of exabytes
        raise SchedulerError(f"{address}: does not answer like a Dask scheduler") from None
    except TypeError as e:
        if address.startswith("tls://"):
            raise SchedulerError(f"{address}: tls:// needs Dask's TLS settings (certificates) configured") from None
        raise SchedulerError(f"{address}: cannot connect ({e})") from None
    except (OSError, TimeoutError, ValueError, RuntimeError) as e:
        text = " ".join(str(e).split()) or type(e).__name__
        raise SchedulerError(text if address in text else f"{address}: {text}") from None
    except Exception as e:  # noqa: BLE001 - distributed raises many kinds for a wrong peer
        raise SchedulerError(f"{address}: does not answer like a Dask scheduler ({type(e).__name__})") from None


def run_on_dask(
    address: str,
    jobs: list[Job],
    progress: Callable[[BatchProgress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    timeout: float = 5.0,
) -> tuple[list[JobResult], bool]:
    """Run ``jobs`` on the scheduler at ``address``; returns (results, cancelled)."""
    client_cls = _client_class()
    from dask.distributed import wait

    started = time.perf_counter()
    results: list[JobResult] = []
    with _connect(client_cls, address, timeout) as client:
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

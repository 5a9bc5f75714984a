"""Many levels at once: batch generation on local worker processes or a Dask cluster, and the starter set.

``jobs`` (what a batch is made of) ← ``local`` and ``on_dask`` (where jobs run) ← ``run`` (the
entry point) ← ``starter`` (the set the editor ships). No module imports one above it.
"""

from .jobs import ATTEMPTS, BatchProgress, BatchResult, Job, JobResult, StopFlag, make_jobs, run_job
from .run import BatchInterrupted, batch_generate, batch_to_file

__all__ = ["ATTEMPTS", "BatchInterrupted", "BatchProgress", "BatchResult", "Job", "JobResult", "StopFlag", "batch_generate",
           "batch_to_file", "make_jobs", "run_job"]

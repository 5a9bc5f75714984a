"""What a batch is made of: jobs (plain data that pickles to any worker), their results and progress.

Each level is an independent optimizer run (``core.generate``, one island)
with its own seed, so jobs share nothing and any pool can run them. Every
level is checked with the exact solver and the leak detector before it is
kept: the spec requires uniqueness (section 8), and a batch emits no leaks.
Seeds are derived from one base seed and the job index, so a batch is
reproducible whatever the number of workers or the order jobs finish in.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from linjat_editor.core.level import Level
from linjat_editor.io.level_set import LevelSet, SetEntry

#: Times one job retries with a fresh seed when the result is not unique.
ATTEMPTS = 4


@dataclass(frozen=True)
class Job:
    """One level to generate (plain data, so it pickles to any worker)."""

    index: int
    preset: str
    numbers: int
    iterations: int
    seed: int


@dataclass(frozen=True)
class JobResult:
    index: int
    level: Level | None
    analysis: dict[str, Any] | None
    error: str = ""
    seconds: float = 0.0


@dataclass(frozen=True)
class BatchProgress:
    """Reported after each finished job."""

    done: int  # jobs finished (kept or failed)
    total: int
    kept: int
    failed: int
    elapsed: float
    last: JobResult | None = None

    @property
    def eta(self) -> float | None:
        """Seconds left at the current pace (None before the first job ends)."""
        return None if not self.done else self.elapsed / self.done * (self.total - self.done)


@dataclass
class BatchResult:
    level_set: LevelSet
    failed: list[JobResult] = field(default_factory=list)
    cancelled: bool = False


def make_jobs(preset: str, count: int, iterations: int = 10_000, seed: int | None = None,
              numbers: int | None = None) -> list[Job]:
    """The jobs of a batch: the tier's number count drawn per job (or ``numbers``), seeds from ``seed``."""
    from linjat_editor.core import TIERS

    if preset not in TIERS:
        raise ValueError(f"unknown preset {preset!r} (choose from {', '.join(TIERS)})")
    if count < 1:
        raise ValueError("count must be at least 1")
    tier = TIERS[preset]
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(1 << 62))
    return [
        Job(i, preset, numbers or rng.randint(tier.min_numbers, tier.max_numbers), iterations,
            rng.randrange(1 << 40))
        for i in range(count)
    ]


def run_job(job: Job, should_stop: Callable[[], bool] | None = None) -> JobResult:
    """Generate one level in a worker: optimize, then keep it only if it is unique and carries no leak warning.

    ``should_stop()`` returning True ends the job within one optimizer chunk, without a level.
    """
    from linjat_editor.core import TIERS, count_solutions, generate, score, selection_score, solve
    from linjat_editor.core.analysis import detect_leaks

    tier = TIERS[job.preset]
    started = time.perf_counter()
    error = ""
    numbers = job.numbers
    stopped = should_stop or (lambda: False)
    for attempt in range(ATTEMPTS):
        if stopped():
            error = "stopped"
            break
        seed = job.seed + attempt * 7919  # a fresh, still reproducible, seed per retry
        try:
            # Picked by selection score, the yardstick the author chose the published levels by.
            level = generate(tier.height, tier.width, numbers, tier.weights, job.iterations, seed, workers=1,
                             should_stop=should_stop, by_selection=True)
        except Exception as exc:  # noqa: BLE001 - a failed attempt is retried, then reported
            error = f"{type(exc).__name__}: {exc}"
            # Crowded boards at the top of the tier's range often have no solvable start: try one number fewer.
            numbers = max(tier.min_numbers, numbers - 1)
            continue
        if stopped():  # cut short: not the level the job asked for
            error = "stopped"
            break
        count = count_solutions(level, limit=2).count
        result = solve(level)
        if count != 1 or not result.solved:
            error = f"generated level has {count} solution(s), solved={result.solved}"
            continue
        leaks = detect_leaks(level)
        if leaks:
            error = f"generated level has {len(leaks)} leak warning(s)"
            continue
        cls = result.classification
        analysis = {
            "count": int(count),
            "solved": True,
            "score": float(score(cls, tier.weights)),
            "selection_score": float(selection_score(cls)),
            "classification": cls.to_json(),
        }
        meta = {"generated": {"preset": job.preset, "seed": seed, "iterations": job.iterations}}
        level = level.with_meta(name=f"{job.preset.capitalize()} {job.index + 1}", extra={**level.extra, **meta})
        return JobResult(job.index, level, analysis, "", time.perf_counter() - started)
    return JobResult(job.index, None, None, error or "no level", time.perf_counter() - started)


def collect(results: Iterable[JobResult], name: str) -> tuple[LevelSet, list[JobResult]]:
    kept = sorted((r for r in results if r.level is not None), key=lambda r: r.index)
    failed = sorted((r for r in results if r.level is None), key=lambda r: r.index)
    entries = tuple(SetEntry(r.level, tier=r.level.extra["generated"]["preset"], analysis=r.analysis)
                    for r in kept if r.level is not None)
    return LevelSet(name=name, entries=entries), failed


def report_progress(results: list[JobResult], total: int, started: float, last: JobResult) -> BatchProgress:
    kept = sum(r.level is not None for r in results)
    return BatchProgress(len(results), total, kept, len(results) - kept, time.perf_counter() - started, last)



class StopFlag:
    """A thread-safe ``should_stop`` for callers that cancel from another thread (the GUI)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def __call__(self) -> bool:
        return self._event.is_set()

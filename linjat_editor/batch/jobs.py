"""What a batch is made of: jobs (plain data that pickles to any worker), their results and progress.

Each level is an independent optimizer run (``core.generate``, one island unless the job says more)
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

from linjat_editor.core.kinds import Kind
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
    #: Come close to this tier percentile (see ``core.objective``) instead of the best selection score.
    target_percentile: float | None = None
    #: Or a lesson: the kind it teaches (a key), on a board of ``size`` (default: the tier's).
    teach: str | None = None
    size: tuple[int, int] | None = None
    #: Or come close to this score by the tier's weights.
    target_score: float | None = None
    #: Islands (threads) of the job's optimizer: a batch runs one per level and many levels at once;
    #: ``linjat bench --quality-islands 2`` measures the levels ``generate --workers 2`` makes.
    islands: int = 1
    #: The canon (``core.objective.canon``): 1s allowed, the tier's technique rule relaxed.
    allow_ones: bool = False
    relax_rule: bool = False


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


def ramp_targets(count: int, ramp: tuple[float, float]) -> list[float]:
    """``count`` targets rising evenly from ``ramp[0]`` to ``ramp[1]`` (both ends included).

    >>> ramp_targets(5, (10, 90))
    [10.0, 30.0, 50.0, 70.0, 90.0]
    """
    lo, hi = ramp
    if count == 1:
        return [float(lo + hi) / 2]
    return [lo + (hi - lo) * i / (count - 1) for i in range(count)]


def make_jobs(preset: str, count: int, iterations: int = 10_000, seed: int | None = None,
              numbers: int | None = None, ramp: tuple[float, float] | None = None,
              target_percentile: float | None = None, target_score: float | None = None, allow_ones: bool = False,
              relax_rule: bool = False) -> list[Job]:
    """The jobs of a batch: the tier's number count drawn per job (or ``numbers``), seeds from ``seed``.

    ``ramp``: the jobs' target percentiles rise evenly from the first to the
    second, in job order (the set's order); or every job aims at one
    ``target_percentile`` or ``target_score``. ``allow_ones``, ``relax_rule``: see ``Job``.
    """
    from linjat_editor.core import TIERS

    if preset not in TIERS:
        raise ValueError(f"unknown preset {preset!r} (choose from {', '.join(TIERS)})")
    if count < 1:
        raise ValueError("count must be at least 1")
    tier = TIERS[preset]
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(1 << 62))
    targets = ramp_targets(count, ramp) if ramp is not None else [target_percentile] * count
    return [
        Job(i, preset, numbers or tier.draw_numbers(rng), iterations,
            rng.randrange(1 << 40), targets[i], target_score=target_score, allow_ones=allow_ones,
            relax_rule=relax_rule)
        for i in range(count)
    ]


def job_goal(job: Job) -> Any:
    """What the job's optimizer aims for: a lesson, a target, or (by default) the tier's weights; within the
    canon (no 1s, a tier's technique rule; a lesson keeps its own rules)."""
    from linjat_editor.core import TIERS
    from linjat_editor.core.kinds import Kind
    from linjat_editor.core.objective import canon, lesson, toward_percentile, toward_score

    if job.teach is not None:
        return canon(lesson(Kind.from_key(job.teach)), allow_ones=job.allow_ones)
    goal: Any
    if job.target_percentile is not None:
        goal = toward_percentile(job.preset, job.target_percentile)
    elif job.target_score is not None:
        goal = toward_score(TIERS[job.preset].weights, job.target_score)
    else:
        goal = TIERS[job.preset].weights
    return canon(goal, job.preset, job.relax_rule, job.allow_ones)


#: A level aimed at a percentile this close to it is kept at once; a farther one tries the next seed
#: (up to ``ATTEMPTS``), and the closest is kept.
TARGET_SLACK = 5.0


def run_job(job: Job, should_stop: Callable[[], bool] | None = None) -> JobResult:
    """Generate one level in a worker: optimize, then keep it only if it is unique and carries no leak warning.

    A level aimed at a percentile more than ``TARGET_SLACK`` off it is a
    near miss: the next seed tries again, and the closest level is kept.
    ``should_stop()`` returning True ends the job within one optimizer chunk, without a level.
    """
    from linjat_editor.core import TIERS, count_solutions, generate, solve
    from linjat_editor.core.analysis import detect_leaks
    tier = TIERS[job.preset]
    goal = job_goal(job)
    height, width = job.size or (tier.height, tier.width)
    started = time.perf_counter()
    error = ""
    numbers = job.numbers
    stopped = should_stop or (lambda: False)
    best: tuple[float, Level, dict[str, Any]] | None = None
    for attempt in range(ATTEMPTS):
        if stopped():
            error = "stopped"
            break
        seed = job.seed + attempt * 7919  # a fresh, still reproducible, seed per retry
        try:
            # Picked by selection score, the yardstick the author chose the published levels by (unless aiming elsewhere).
            level = generate(height, width, numbers, goal, job.iterations, seed, workers=job.islands,
                             should_stop=should_stop, by_selection=not goal.has_target and goal.teach is None)
        except Exception as exc:  # noqa: BLE001 - a failed attempt is retried, then reported
            error = f"{type(exc).__name__}: {exc}"
            # Crowded boards at the top of the tier's range often have no solvable start: try one number fewer.
            numbers = max(min(tier.min_numbers, numbers), numbers - 1)
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
        level, analysis = described(job, level, seed, result.classification)
        off = abs(analysis["percentile"] - job.target_percentile) if job.target_percentile is not None else 0.0
        if best is None or off < best[0]:
            best = (off, level, analysis)
        if off <= TARGET_SLACK:
            break
    if best is not None:
        return JobResult(job.index, best[1], best[2], "", time.perf_counter() - started)
    return JobResult(job.index, None, None, error or "no level", time.perf_counter() - started)


def described(job: Job, level: Level, seed: int, cls: Any) -> tuple[Level, dict[str, Any]]:
    """The level named and its figures for the set: scores, tier estimate, its percentile in the job's tier, its aim."""
    from linjat_editor.core import TIERS, score, selection_score
    from linjat_editor.core.analysis import estimate_tier, shipped_calibration
    from linjat_editor.core.analysis.tiers import percentile
    from linjat_editor.core.analysis.tutorial import as_lesson

    tier = TIERS[job.preset]
    selection = float(selection_score(cls))
    cal = shipped_calibration()
    estimate = estimate_tier(level, selection, cal, cls)
    scores = sorted(float(s) for s in (cal.get("tiers") or {}).get(job.preset, {}).get("selection_scores", []))
    analysis: dict[str, Any] = {
        "count": 1,
        "solved": True,
        "score": float(score(cls, tier.weights)),
        "selection_score": selection,
        "classification": cls.to_json(),
        "tier": estimate.to_json() if estimate else None,
        "percentile": percentile(scores, selection),  # within the job's own tier, where its target lies
    }
    for key in ("target_percentile", "target_score", "teach"):
        if getattr(job, key) is not None:
            analysis[key] = getattr(job, key)
    if job.teach:  # a lesson says what it teaches (its essential-techniques line) and carries a drafted message
        goal = job_goal(job)
        level = as_lesson(level, goal.teach, goal.rules)
    # A lesson's tier is "tutorial", as the original's lessons were.
    meta = {"generated": {"preset": "tutorial" if job.teach else job.preset, "seed": seed, "iterations": job.iterations}}
    title = f"lesson: {Kind.from_key(job.teach).label}" if job.teach else f"{job.preset.capitalize()} {job.index + 1}"
    return level.with_meta(name=title, extra={**level.extra, **meta}), analysis


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

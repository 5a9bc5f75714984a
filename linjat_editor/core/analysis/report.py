"""The whole analysis of a level in one call, for the editor's live panel and ``linjat analyze``.

>>> from linjat_editor.core.level import Level
>>> report = analyze(Level.from_rows(["    ", "    ", ".  4", "    "]), "easy")
>>> report.count, report.solved, report.score, report.verdict
(1, True, 0.0, 'Good: unique, solved by deduction, easy-like')
>>> sorted(report.to_json())
['classification', 'count', 'culprits', 'essential', 'essential_among', 'leaks', 'lesson', 'predicted_seconds', 'score', 'selection_score', 'solved', 'steps', 'stuck', 'tier']
"""

from __future__ import annotations

from collections import Counter
import time
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..classification import Classification
from ..culprits import Culprits, why_no_solution
from ..exact import count_solutions
from ..level import Level, Line
from ..scoring import PRESETS, Weights, preset, score, selection_score
from ..solver import SolveStatus, deduce
from ..techniques import Essentials, essential_techniques
from .calibration import shipped_calibration
from .leaks import MAX_GROUP, Leak, article_leaks, general_leaks
from .solve_time import shipped_time_model
from .steps import Step, steps_from
from .stuck import Stuck, stuck_from
from .tiers import TierEstimate, estimate_tier


@dataclass(frozen=True)
class Report:
    """Everything the analysis found about one level.

    ``count``: exact solutions, 0, 1 or 2 (meaning two or more);
    ``status``: the solver's ("solved", "stuck", "contradiction",
    "ambiguous"); ``solved`` is ``status is SolveStatus.SOLVED``; ``lines``: the
    solution deduction found (None unless solved); ``preset``: the name of
    the weights ``score`` used ("custom" for others); ``elapsed_ms``: how
    long the analysis took.
    """

    level: Level
    count: int
    status: SolveStatus
    solved: bool
    classification: Classification
    score: float
    selection_score: float
    tier: TierEstimate | None
    leaks: tuple[Leak, ...]
    steps: tuple[Step, ...]
    stuck: Stuck | None
    verdict: str
    lines: tuple[Line, ...] | None = None
    preset: str = "custom"
    elapsed_ms: float = field(default=0.0, compare=False)
    culprits: Culprits | None = None  # why there is no solution, naming the numbers and dots (count 0 only)
    #: For each solving kind the solve uses: whether the level is still solved without it (among all kinds, or
    #: among a lesson's kinds for a level made as a lesson).
    essential: Essentials = Essentials()
    #: Predicted seconds a player takes (the time model over the solve's steps; None unless solved).
    predicted_seconds: float | None = None

    @property
    def good(self) -> bool:
        """Unique, solved by deduction, no leak: what a published level should be."""
        return bool(self.level.numbers) and self.count == 1 and self.solved and not self.leaks

    def leak_counts(self) -> dict[str, int]:
        """How many leaks of each kind."""
        return dict(Counter(leak.kind.value for leak in self.leaks))

    def to_json(self) -> dict[str, Any]:
        """The ``linjat analyze --json`` object."""
        return {
            "count": self.count,
            "solved": self.solved,
            "classification": self.classification.to_json(),
            "score": self.score,
            "selection_score": self.selection_score,
            "tier": self.tier.to_json() if self.tier else None,
            "leaks": [leak.to_json() for leak in self.leaks],
            "steps": [step.to_json() for step in self.steps],
            "stuck": self.stuck.to_json() if self.stuck else None,
            "culprits": ({"reason": self.culprits.reason, "cells": [list(c) for c in self.culprits.cells]}
                         if self.culprits else None),
            "essential": {e.kind.key: e.needed for e in self.essential},
            "predicted_seconds": self.predicted_seconds,
            "essential_among": [k.key for k in self.essential.rules],
            "lesson": self.essential.teach.key if self.essential.teach else None,
        }


def _verdict(level: Level, count: int, solved: bool, leaks: tuple[Leak, ...], tier: TierEstimate | None,
             culprits: Culprits | None = None) -> str:
    if count == 0:
        return f"No solution: {culprits.reason}" if culprits else "No solution"
    if not level.numbers:
        return "Empty: no numbers yet"
    if count >= 2:
        return "Not unique: 2+ solutions"
    if not solved:
        return "Stuck: deduction cannot finish"
    if leaks:
        kinds = Counter(leak.kind for leak in leaks)
        parts = ", ".join(f"{k} {kind.replace('_', '-')}" for kind, k in sorted(kinds.items()))
        return f"Leaky: {len(leaks)} uniqueness leak{'s' if len(leaks) != 1 else ''} ({parts})"
    like = f", {tier.name}-like" if tier else ""
    return f"Good: unique, solved by deduction{like}"


def analyze(
    level: Level,
    weights: Weights | str = PRESETS["expert"],
    calibration: Mapping[str, Any] | None = None,
    max_group: int = MAX_GROUP,
) -> Report:
    """Analyse ``level``: exact count, deduction, scores, tier, leaks, steps, where it got stuck.

    ``weights``: a :class:`Weights` or a preset name; ``calibration``: data
    from :func:`.calibration.compute_calibration` (default: the shipped one).
    """
    started = time.perf_counter()
    if isinstance(weights, str):
        weights = preset(weights)
    exact = count_solutions(level, limit=2)
    trace = deduce(level, trace=True)
    result = trace.result()
    classification = trace.classification
    selection = selection_score(classification)
    solution = exact.solutions[0] if exact.count == 1 else None
    found = article_leaks(trace)
    if solution is not None:
        found += general_leaks(trace, solution, max_group)
    leaks = tuple(found)
    culprits = why_no_solution(level, known_unsolvable=True) if exact.count == 0 else None
    cal = shipped_calibration() if calibration is None else calibration
    tier = estimate_tier(level, selection, cal, classification) if level.numbers else None
    steps = tuple(steps_from(trace))
    seconds = shipped_time_model().time_for(steps, trace.solved)
    return Report(
        level,
        exact.count,
        trace.status,
        trace.solved,
        classification,
        score(classification, weights),
        selection,
        tier,
        leaks,
        steps,
        stuck_from(result),
        _verdict(level, exact.count, trace.solved, leaks, tier, culprits),
        result.lines,
        next((name for name, w in PRESETS.items() if w == weights), "custom"),
        (time.perf_counter() - started) * 1000,
        culprits,
        essential_techniques(level, trace),
        None if seconds is None else round(seconds, 1),
    )

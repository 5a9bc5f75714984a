"""Difficulty estimate: which tier a level resembles, and where it falls inside it.

The tier is chosen mostly by grid size and number count (that is how the
original's tiers differ), with the selection score (spec section 4) deciding
between tiers of similar size: a score outside a tier's calibrated range
pushes the level away from it, in proportion to how far outside it is
(measured against the span of all calibrated scores). A level is like
only the tiers whose technique rule allows every kind its solve uses
(``scoring.TechniqueRule``: a level that needs a dependency is never
easy-like), as the original's collection kept only such levels in a tier;
the layers a rule asks for at least are no likeness (a one-layer level is
easy-like, if too plain for the game). The percentile is the share of the tier's
calibration levels with a lower selection score (ties count half).

>>> from linjat_editor.core.level import Level
>>> cal = {"source": "demo", "tiers": {
...     "easy": {"selection_scores": [5, 10, 15, 20], "numbers": [8, 9], "sizes": [[9, 6, 2]]},
...     "expert": {"selection_scores": [100, 200], "numbers": [25], "sizes": [[13, 9, 2]]}}}
>>> estimate = estimate_tier(Level(9, 6, ((0, 0, 2),) * 1), 12.0, cal)
>>> estimate.name, estimate.percentile, estimate.describe()
('easy', 50.0, 'easy, harder than 50% of the demo easy levels')
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from statistics import median
from typing import Any, Mapping

from ..classification import Classification
from ..level import Level
from ..scoring import TIERS, size_distance

#: How much a score outside a tier's range weighs (per span of all calibrated scores) against size.
SCORE_WEIGHT = 0.5


@dataclass(frozen=True)
class TierEstimate:
    """The tier a level resembles and its percentile there (0-100), per ``source`` calibration."""

    name: str
    percentile: float
    source: str = ""

    def describe(self) -> str:
        levels = f"{self.source} {self.name} levels" if self.source else f"{self.name} levels"
        return f"{self.name}, harder than {self.percentile:.0f}% of the {levels}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "percentile": self.percentile}


def percentile(scores: list[float], value: float) -> float:
    """Share (0-100) of ``scores`` (sorted) below ``value``, ties counting half.

    >>> percentile([1, 2, 2, 3], 2)
    50.0
    """
    if not scores:
        return 0.0
    below = bisect_left(scores, value)
    ties = bisect_right(scores, value) - below
    return round(100.0 * (below + ties / 2) / len(scores), 1)


def _size_distance(level: Level, tier: Mapping[str, Any]) -> float:
    h, w, _ = tier["sizes"][0]
    numbers = median(tier["numbers"]) if tier.get("numbers") else 0
    return size_distance(level.height, level.width, len(level.numbers), h * w, numbers)


def _score_distance(score: float, scores: list[float], spread: float) -> float:
    lo, hi = scores[0], scores[-1]
    if score < lo:
        return (lo - score) / spread
    if score > hi:
        return (score - hi) / spread
    return 0.0


def estimate_tier(level: Level, selection: float, calibration: Mapping[str, Any],
                  classification: Classification | None = None) -> TierEstimate | None:
    """The tier ``level`` (with selection score ``selection``) resembles, or None without data.

    With its ``classification``, only among the tiers whose technique rule allows the kinds the
    solve uses (all of them if none of the calibrated ones does, or it was not solved).
    """
    tiers = calibration.get("tiers") or {}
    if not tiers:
        return None
    if classification is not None and classification.solved:
        kept = [name for name in tiers if name not in TIERS or not TIERS[name].rule.outside(classification)]
        candidates = kept or list(tiers)
    else:
        candidates = list(tiers)

    every = [float(s) for tier in tiers.values() for s in tier["selection_scores"]]
    spread = max(max(every) - min(every), 1.0)

    def distance(name: str) -> float:
        tier = tiers[name]
        scores = sorted(float(s) for s in tier["selection_scores"])
        return _size_distance(level, tier) + SCORE_WEIGHT * _score_distance(selection, scores, spread)

    name = min(candidates, key=distance)
    scores = sorted(float(s) for s in tiers[name]["selection_scores"])
    return TierEstimate(name, percentile(scores, selection), str(calibration.get("source", "")))

"""Ordering a set by difficulty (no Qt): the gradient of complexity players asked for.

Tutorial levels stay first, in the designer's order. The rest rise by score;
by default tier by tier (easy before medium...), so a set that ships as the
game's tier lists keeps each list a ramp of its own.

>>> ramp_order(["easy", "tutorial", "easy", "hard"], [30, None, 10, 20])
[1, 2, 0, 3]
>>> ramp_order(["easy", "tutorial", "easy", "hard"], [30, None, 10, 20], by_tier=False)
[1, 2, 3, 0]
>>> roughness([1, 5, 3, 8]), roughness([1, 3, 5, 8])
(2.0, 0.0)
"""

from __future__ import annotations

from typing import Sequence

TIER_RANK = {"tutorial": 0, "easy": 1, "medium": 2, "hard": 3, "expert": 4}


def ramp_order(tiers: Sequence[str | None], scores: Sequence[float | None], by_tier: bool = True) -> list[int]:
    """A permutation of entry indices: tutorials first, then rising score (within tiers when ``by_tier``).

    Entries without a score (not analysed yet) keep their place after the
    scored ones of their group; ties keep set order (the sort is stable).
    """

    def key(i: int) -> tuple:
        tier = (tiers[i] or "").lower()
        if tier == "tutorial":
            return (0, 0, 0, 0.0)
        group = TIER_RANK.get(tier, 5) if by_tier else 1
        score = scores[i]
        return (1, group, score is None, 0.0 if score is None else float(score))

    return sorted(range(len(tiers)), key=key)


def roughness(scores: Sequence[float | None]) -> float:
    """How far a sequence is from a rising ramp: the sum of its drops (0 for a ramp)."""
    vals = [float(s) for s in scores if s is not None]
    return float(sum(max(0.0, a - b) for a, b in zip(vals, vals[1:])))

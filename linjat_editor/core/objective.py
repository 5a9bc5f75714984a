"""What the optimizer aims for: the highest score (as always), a lesson on one kind, or a target difficulty.

One :class:`Objective` is all the search needs: its array goes to the
kernels in place of the weights (``Weights.as_array`` is the plain climb),
so the fill, the solve, the score and the polish all follow it, and
:meth:`Objective.admits` is the pool's extra check at its door.

- **Climb** (``Objective(weights)``): the weighted score, higher is better.
- **Lesson** (:func:`lesson`): the fill and the solve use only the allowed
  kinds, so the level is solved by them; it scores 10 per layer of the
  taught kind (often), loses 2 per layer before the first one (early) and
  half a point per other layer (a lesson, not a puzzle). The pool emits it
  only if it is stuck without the kind (:func:`techniques.teaches`).
- **Target** (:func:`toward_score`, :func:`toward_percentile`): minus the
  distance of the weighted sum to the target, so the best level is the
  closest one. A tier percentile becomes the selection score at that
  percentile of the tier's calibration levels (the analysis' percentile is
  that share), and the sum is the selection score.

Every objective keeps the game's canon (:func:`canon`): the search makes
no number below ``lowest`` (no 1s unless they are allowed), and a tier's
objective keeps the tier's technique rule (``scoring.TechniqueRule``): the
fill and the solve use only the rule's kinds, and a level short of the
layers it asks for is a stepping stone, never emitted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

import numpy as np

from .kinds import SOLVING, Kind, rules_mask
from .level import Level
from .classification import Classification
from .scoring import ANY_TECHNIQUE, LOWEST, SELECTION, TIERS, TechniqueRule, Weights, preset
from .techniques import lesson_rules, teaches, too_long

#: A lesson's weights: the taught kind counts 10 a layer, the others lose half a point (see the module).
TAUGHT, OTHER = 10.0, -0.5


@dataclass(frozen=True)
class Objective:
    """``weights``: the sum the search computes; ``target``: come close to this sum (NaN: the higher the better);
    ``rules``: the solving kinds the fill and solve may use; ``teach``: the kind a lesson teaches (None: none)."""

    weights: Weights
    target: float = math.nan
    rules: tuple[Kind, ...] = SOLVING
    teach: Kind | None = None
    allow: tuple[Kind, ...] | None = field(default=None, compare=False)
    #: What a target means to people ("percentile 40 of hard"), for reports.
    label: str = ""
    #: The lowest number the search makes: the canon's 2, or 1 where 1s are allowed.
    lowest: int = LOWEST
    #: The technique rule every emitted level keeps (a tier's; ANY_TECHNIQUE: none).
    rule: TechniqueRule = ANY_TECHNIQUE
    #: The tier's search keeps niches (``Tier.by_niche``; see ``by_niche``).
    niches: bool = False

    @property
    def solving(self) -> tuple[Kind, ...]:
        """The kinds the fill and the solve use: ``rules`` within the technique rule's."""
        return tuple(k for k in self.rules if k in self.rule.kinds)

    def as_array(self) -> np.ndarray:
        """The kernels' objective (see ``scoring.TARGET_AT``)."""
        return self.weights.as_array(self.target, rules_mask(self.solving), int(self.teach or 0), self.lowest,
                                     self.rule.more_than)

    @property
    def by_niche(self) -> bool:
        """Whether the search keeps the best level of each niche of the technique mix (can't-fit layers by
        widest layer: ``kernels.members.niche_of``) and draws its parents from them alike (MAP-Elites),
        rather than the ten best: a tier's plain climb, where the tier says so (easy, within its rule).

        Easy's search stands still after a few thousand iterations; kept apart, the niches go on climbing
        (easy +1.5 a level at 10,000 iterations, cover and can't fit alike). Medium gained as much by
        drifting to cover, away from its can't-fit levels, and hard and expert lost (every iteration a
        niche below the best takes is one their climb lacks): docs/dev/search-experiments.md, 2026-11-28, last.

        >>> tier_goal("easy").by_niche, tier_goal("medium").by_niche, tier_goal("hard").by_niche
        (True, False, False)
        >>> tier_goal("easy", relax=True).by_niche, toward_score(preset("easy"), 10).by_niche
        (False, False)
        """
        return self.niches and not self.has_target and self.teach is None

    @property
    def rewards_hard_kinds(self) -> bool:
        """Whether a first level must use a hard kind (the taught one, for a lesson)."""
        return self.teach is not None or self.weights.rewards_hard_kinds

    @property
    def has_target(self) -> bool:
        return not math.isnan(self.target)

    def rank(self, level: Level) -> float:
        """The level's value to the search, as the kernels compute it (NaN: the allowed rules do not solve it)."""
        from .kernels.optimize import objective_value
        from .solver import deduce

        run = deduce(level, rules=self.solving)
        if not run.solved:
            return math.nan
        return float(objective_value(run.board.table, run.board.layers, self.as_array()))

    def admits(self, level: Level, classification: Classification | None = None) -> bool:
        """The pool's extra check: within the canon (``outside_canon``), and a lesson must teach its kind
        (stuck without it). ``classification``: the level's solve with every kind, if the caller has it."""
        if self.outside_canon(level, classification):
            return False
        return self.teach is None or teaches(level, self.teach, self.allow)

    def outside_canon(self, level: Level, classification: Classification | None = None) -> str:
        """Why ``level`` is outside the canon this objective keeps, in a few words ("" if it is within):
        a number below ``lowest``, or the technique rule broken."""
        low = sorted({n.value for n in level.numbers if n.value < self.lowest})
        if low:
            return f"it has a {low[0]} (allow 1s to keep it)" if low[0] == 1 else f"it has a {low[0]}"
        if self.rule == ANY_TECHNIQUE:
            return ""
        if classification is None:
            from .solver import deduce

            classification = deduce(level).classification
        broken = self.rule.broken_by(classification)
        return f"{broken}, outside the tier's technique rule ({self.rule.describe()})" if broken else ""

    def miss(self, level: Level) -> str:
        """Why ``level`` is not what the objective asks for (a near miss), in a few words.

        One solve with every kind serves the canon's check and the leaks; a lesson adds its own kinds' solve
        (handed to ``teaches``) and the one without the taught kind."""
        from .analysis.leaks import detect_leaks
        from .solver import deduce

        # The solve with every kind: the technique rule's classification and the leaks' trace (none needs it
        # under any technique, until the leaks).
        full = deduce(level, trace=True) if self.rule != ANY_TECHNIQUE else None
        outside = self.outside_canon(level, full.classification if full is not None else None)
        if outside:
            return outside
        if self.teach is not None:
            run = deduce(level, rules=self.solving)
            if not run.solved:
                return f"{', '.join(k.label for k in self.solving)} do not solve it"
            if run.classification.uses_leaks:
                return "it needs a uniqueness leak"
            if too_long(level):
                return "a number's line is as long as the board's side"
            same = self.solving == lesson_rules(self.teach, self.allow)  # the lesson's own kinds: the same solve
            if not teaches(level, self.teach, self.allow, run if same else None):
                return f"it can be solved without {self.teach.label}"
        leaks = len(detect_leaks(level, trace=full))
        return f"{leaks} leak warning{'s' if leaks != 1 else ''}" if leaks else "it is not unique"

    def distance(self, value: float) -> float:
        """How far a rank is from the target (a rank *is* minus the distance)."""
        return -value if self.has_target else math.nan


def as_objective(goal: Weights | Objective) -> Objective:
    return goal if isinstance(goal, Objective) else Objective(goal)


def canon(goal: Weights | Objective, tier: str | None = None, relax: bool = False,
          allow_ones: bool = False) -> Objective:
    """``goal`` within the game's canon: no 1s unless ``allow_ones``; for a ``tier``, its technique
    rule unless ``relax`` (a designer who wants, say, an easy level that needs a square)."""
    kept = TIERS[tier] if tier is not None and tier in TIERS and not relax else None
    return replace(as_objective(goal), rule=kept.rule if kept else ANY_TECHNIQUE, lowest=1 if allow_ones else LOWEST,
                   niches=kept is not None and kept.by_niche)


def tier_goal(name: str, relax: bool = False, allow_ones: bool = False) -> Objective:
    """A tier preset as the search means it: its weights to climb, within its technique rule and without 1s.

    >>> tier_goal("easy").rule.describe()
    'cover more than 1 layer; no square, dependency or one of'
    >>> tier_goal("easy", relax=True, allow_ones=True).rule.describe(), tier_goal("easy", allow_ones=True).lowest
    ('any technique', 1)
    """
    return canon(preset(name), name, relax, allow_ones)


def lesson(kind: Kind, allow: Iterable[Kind] | None = None) -> Objective:
    """A lesson on ``kind``, using only the ``allow``ed kinds (default: those before it) and ``kind``."""
    if kind.is_leak:
        raise ValueError(f"{kind.key} is a uniqueness leak: a lesson teaches one of {', '.join(k.key for k in SOLVING)}")
    allowed = None if allow is None else tuple(allow)
    rules = lesson_rules(kind, allowed)
    weights = Weights(**{k.key: (TAUGHT if k == kind else OTHER) for k in SOLVING}, width=0)
    return Objective(weights, rules=rules, teach=kind, allow=allowed, label=f"teach {kind.label}")


def toward_score(weights: Weights, target: float) -> Objective:
    """Come as close as possible to the score ``target`` by ``weights``."""
    return Objective(weights, target=float(target), label=f"score {target:g}")


def percentile_score(scores: list[float], percentile: float) -> float:
    """The selection score at ``percentile`` (0-100) of sorted ``scores``, interpolated: the inverse of ``tiers.percentile``.

    >>> percentile_score([0, 10, 20, 30], 50)
    15.0
    """
    if not scores:
        raise ValueError("no calibration scores for that tier")
    if not 0 <= percentile <= 100:
        raise ValueError(f"a percentile is between 0 and 100, not {percentile:g}")
    # Level i (of n) sits at percentile (i + 0.5) / n: between two, interpolate; beyond the ends, the end.
    at = percentile / 100 * len(scores) - 0.5
    if at <= 0:
        return float(scores[0])
    if at >= len(scores) - 1:
        return float(scores[-1])
    i = int(at)
    return float(scores[i] + (scores[i + 1] - scores[i]) * (at - i))


def toward_percentile(tier: str, percentile: float, calibration: Mapping[str, Any] | None = None) -> Objective:
    """Come as close as possible to the tier's ``percentile`` (as the analysis shows it) by selection score."""
    from .analysis.calibration import shipped_calibration

    cal = shipped_calibration() if calibration is None else calibration
    tiers = cal.get("tiers") or {}
    if tier not in tiers:
        raise ValueError(f"no calibration for tier {tier!r} (have {', '.join(tiers) or 'none'})")
    scores = sorted(float(s) for s in tiers[tier]["selection_scores"])
    target = percentile_score(scores, percentile)
    return Objective(SELECTION, target=target, label=f"percentile {percentile:g} of {tier} (selection score {target:g})")

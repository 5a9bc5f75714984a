"""Scores: the optimizer's weighted sum, the four tier presets (weights and technique rules), and the selection score.

>>> from linjat_editor.core.classification import Classification, KindStats
>>> from linjat_editor.core.kinds import Kind
>>> c = Classification(True, KindStats(10, 2), {Kind.COVER: KindStats(6, 1), Kind.CANT_FIT: KindStats(4, 2)})
>>> score(c, PRESETS["medium"])
16.0
>>> selection_score(c)
6.0
"""

from __future__ import annotations

import random
from dataclasses import astuple, dataclass

import numpy as np

from .classification import Classification
from .kinds import ALL_RULES, SOLVING, Kind, rules_mask

#: The kernels' objective array (see ``core.objective``): [width, one weight per kind], then these.
#: TARGET: the weighted sum to come close to (NaN: the higher the better); RULES: the solving kinds
#: allowed (``kinds.rules_mask``); TEACH: the kind a lesson teaches (0: none); LOWEST: the lowest
#: number the search makes; MORE_THAN + kind: the depth of that kind a level must exceed (-1: any).
TARGET_AT, RULES_AT, TEACH_AT, LOWEST_AT, MORE_THAN_AT = 8, 9, 10, 11, 12
#: The game's canon has no 1s (spec section 1): the lowest number the search makes unless 1s are allowed.
LOWEST = 2


@dataclass(frozen=True)
class Weights:
    """Weight of each kind's depth, and of the widest layer overall."""

    cover: float = 1
    cant_fit: float = 1
    square: float = 0
    dependency: float = 0
    one_of: float = 0
    width: float = -1
    single_solution: float = -50
    uncontested_no_cover: float = -1

    def of(self, kind: Kind) -> float:
        return float(getattr(self, kind.key))

    def as_array(self, target: float = float("nan"), rules: int = ALL_RULES, teach: int = 0, lowest: int = LOWEST,
                 more_than: tuple[tuple[Kind, int], ...] = ()) -> np.ndarray:
        """The kernels' objective: indexed like the classification table ([width, cover, cant_fit, ...]), then
        ``TARGET_AT``, ``RULES_AT``, ``TEACH_AT``, ``LOWEST_AT`` and the ``MORE_THAN_AT`` row (by default:
        climb the sum, every rule, no lesson, no 1s, no depth asked for)."""
        needs = [-1.0] * (len(Kind) + 1)
        for kind, depth in more_than:
            needs[kind] = depth
        return np.array([self.width] + [self.of(k) for k in Kind] + [target, rules, teach, lowest] + needs, np.float64)

    @property
    def rewards_hard_kinds(self) -> bool:
        return self.square > 0 or self.dependency > 0 or self.one_of > 0

    def to_json(self) -> dict[str, float]:
        return dict(zip(self.__dataclass_fields__, astuple(self)))


@dataclass(frozen=True)
class TechniqueRule:
    """Which techniques a tier's levels are solved with (spec section 4, "kept only if"): only the
    ``kinds`` allowed, and more than so many layers of each kind in ``more_than``.

    >>> from linjat_editor.core.classification import KindStats
    >>> c = Classification(True, KindStats(4, 1), {Kind.COVER: KindStats(3, 1), Kind.SQUARE: KindStats(1, 1)})
    >>> TIERS["easy"].rule.met_by(c), TIERS["hard"].rule.met_by(c)
    (False, True)
    >>> TIERS["easy"].rule.broken_by(c)
    'it needs square'
    """

    kinds: tuple[Kind, ...] = SOLVING
    more_than: tuple[tuple[Kind, int], ...] = ()

    @property
    def mask(self) -> int:
        """The kinds as the kernels' rule set (``kinds.rules_mask``)."""
        return rules_mask(self.kinds)

    def outside(self, classification: Classification) -> tuple[Kind, ...]:
        """The kinds a solve uses that the rule does not allow."""
        return tuple(k for k in SOLVING if k not in self.kinds and classification.of(k).depth)

    def broken_by(self, classification: Classification) -> str:
        """Why a solve breaks the rule, in a few words ("" if it keeps it)."""
        if not classification.solved:
            return "deduction does not solve it"
        outside = self.outside(classification)
        if outside:
            return f"it needs {', '.join(k.label for k in outside)}"
        for kind, depth in self.more_than:
            has = classification.of(kind).depth
            if has <= depth:
                return f"{has} {kind.label} layer{'s' if has != 1 else ''}, where the rule asks for more than {depth}"
        return ""

    def met_by(self, classification: Classification) -> bool:
        return not self.broken_by(classification)

    def describe(self) -> str:
        """The rule for people: "cover more than 1 layer; no square, dependency or one of"."""
        parts = [f"{kind.label} more than {depth} layer{'s' if depth != 1 else ''}" for kind, depth in self.more_than]
        left_out = [k.label for k in SOLVING if k not in self.kinds]
        if left_out:
            parts.append("no " + (" or ".join(left_out) if len(left_out) < 3 else
                                  ", ".join(left_out[:-1]) + " or " + left_out[-1]))
        return "; ".join(parts) or "any technique"


#: Every technique, no depth asked for: expert's rule, and a relaxed one.
ANY_TECHNIQUE = TechniqueRule()


@dataclass(frozen=True)
class Tier:
    """One of the original game's difficulty tiers: grid size, number count, weights, technique rule."""

    name: str
    height: int
    width: int
    min_numbers: int
    max_numbers: int
    weights: Weights
    rule: TechniqueRule = ANY_TECHNIQUE
    #: How many of the game's 99 published levels of the tier have each number count, from ``min_numbers``
    #: up. The author kept the best levels of each tier, and the best lean to the top of the range (two
    #: thirds of the easy ones have 10 numbers): a level's count is drawn as often as the game has it.
    published_counts: tuple[int, ...] = ()
    #: The search keeps the best level of each niche of the technique mix instead of the ten best
    #: (``Objective.by_niche``): easy only, where it was measured to help and keep the tier's mix.
    by_niche: bool = False

    def draw_numbers(self, rng: random.Random) -> int:
        """A number count for a new level of this tier, as often as the published levels have it.

        >>> counts = [TIERS["easy"].draw_numbers(random.Random(s)) for s in range(400)]
        >>> min(counts) >= 7 and max(counts) == 10 and counts.count(10) > counts.count(9) > counts.count(7)
        True
        """
        span = range(self.min_numbers, self.max_numbers + 1)
        return rng.choices(span, weights=self.published_counts or None)[0]


_BASIC = (Kind.COVER, Kind.CANT_FIT)
TIERS = {
    "easy": Tier("easy", 9, 6, 7, 10, Weights(1, 1, 0, 0, 0, -1), TechniqueRule(_BASIC, ((Kind.COVER, 1),)),
                 (4, 3, 25, 67), by_niche=True),
    "medium": Tier("medium", 10, 7, 15, 20, Weights(1, 3, 0, 0, 0, -1), TechniqueRule(_BASIC, ((Kind.COVER, 5),)),
                   (6, 8, 12, 16, 30, 27)),
    "hard": Tier("hard", 11, 8, 19, 22, Weights(1, 3, 50, 0, 0, -2),
                 TechniqueRule((*_BASIC, Kind.SQUARE), ((Kind.SQUARE, 0),)), (5, 9, 42, 43)),
    "expert": Tier("expert", 13, 9, 23, 26, Weights(1, 3, 50, 100, 60, -2), ANY_TECHNIQUE, (10, 19, 35, 35)),
}
PRESETS = {name: tier.weights for name, tier in TIERS.items()}


def preset_for_size(height: int, width: int) -> str:
    """The preset for a board of this size, as the tier table says: the biggest tier grid that
    fits in the board (a smaller board gets easy). The one rule for generating and scoring.

    >>> preset_for_size(9, 6), preset_for_size(10, 7), preset_for_size(12, 8), preset_for_size(13, 9), preset_for_size(4, 4)
    ('easy', 'medium', 'hard', 'expert', 'easy')
    """
    name = "easy"
    for tier in TIERS.values():  # smallest grid first
        if tier.height <= height and tier.width <= width:
            name = tier.name
    return name


def tier_of_size(height: int, width: int) -> str | None:
    """The tier whose grid is exactly ``height`` x ``width``, if any.

    >>> tier_of_size(13, 9), tier_of_size(5, 5)
    ('expert', None)
    """
    return next((t.name for t in TIERS.values() if (t.height, t.width) == (height, width)), None)


def size_distance(height: int, width: int, numbers: int, tier_cells: int, tier_numbers: float) -> float:
    """How far a grid and number count are from a tier's: relative difference of cells plus of numbers."""
    d = abs(height * width - tier_cells) / tier_cells
    if tier_numbers:
        d += abs(numbers - tier_numbers) / tier_numbers
    return d


def nearest_tier(height: int, width: int, numbers: int) -> str:
    """The tier whose grid and number count are closest (the original's tiers, no calibration needed).

    >>> nearest_tier(12, 9, 24), nearest_tier(9, 6, 8)
    ('expert', 'easy')
    """

    def distance(t: Tier) -> float:
        return size_distance(height, width, numbers, t.height * t.width, (t.min_numbers + t.max_numbers) / 2)

    return min(TIERS.values(), key=distance).name

#: The yardstick the original author ranked published levels by (spec section 4).
SELECTION = Weights(1, 1, 10, 50, 20, -2, single_solution=-200, uncontested_no_cover=-50)


def score(classification: Classification, weights: Weights) -> float:
    """Sum of depth x weight over kinds, plus the widest layer x the width weight."""
    total = sum(classification.of(k).depth * weights.of(k) for k in Kind)
    return float(total + classification.all.max_width * weights.width)


def selection_score(classification: Classification) -> float:
    """The original author's ranking score, comparable across tiers."""
    return score(classification, SELECTION)


def preset(name: str) -> Weights:
    """The weights of a tier by name, with a clear error for a wrong one."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r} (choose from {', '.join(PRESETS)})") from None

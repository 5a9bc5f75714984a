"""The seven deduction kinds, in the order the solver tries them (spec section 2)."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Iterable


class Kind(IntEnum):
    """A kind of deduction. Values are the kernel's codes; order is *not* the try order."""

    COVER = 1
    CANT_FIT = 2
    SQUARE = 3
    DEPENDENCY = 4
    ONE_OF = 5
    SINGLE_SOLUTION = 6
    UNCONTESTED_NO_COVER = 7

    @property
    def key(self) -> str:
        """The JSON key: ``cover``, ``cant_fit``, ... ``uncontested_no_cover``."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """A short name for people."""
        return _LABELS[self]

    @property
    def is_leak(self) -> bool:
        """Only valid for a player who assumes the level has one solution."""
        return self in (Kind.SINGLE_SOLUTION, Kind.UNCONTESTED_NO_COVER)

    @classmethod
    def from_key(cls, key: str) -> Kind:
        """Accepts our keys and the original game's (``dep``, ``single-solution``...)."""
        key = key.replace("-", "_")
        return cls[_ORIGINAL_KEYS.get(key, key).upper()]


_LABELS = {
    Kind.COVER: "cover",
    Kind.CANT_FIT: "can't fit",
    Kind.SQUARE: "square",
    Kind.DEPENDENCY: "dependency",
    Kind.ONE_OF: "one of",
    Kind.SINGLE_SOLUTION: "single solution (leak)",
    Kind.UNCONTESTED_NO_COVER: "uncontested, no cover (leak)",
}
_ORIGINAL_KEYS = {"dep": "dependency"}

#: The order in which the solver tries the kinds.
TRY_ORDER = (
    Kind.UNCONTESTED_NO_COVER,
    Kind.COVER,
    Kind.SINGLE_SOLUTION,
    Kind.CANT_FIT,
    Kind.SQUARE,
    Kind.DEPENDENCY,
    Kind.ONE_OF,
)

#: The kinds a designer may allow or withhold (a rule set); the leak kinds are always tried, as they are.
SOLVING = (Kind.COVER, Kind.CANT_FIT, Kind.SQUARE, Kind.DEPENDENCY, Kind.ONE_OF)


def rules_mask(kinds: Iterable[Kind]) -> int:
    """The kernels' rule set: bit ``kind`` set for every allowed kind (leak kinds are ignored: always on)."""
    return sum(1 << int(k) for k in set(kinds) if not k.is_leak)


#: Every solving kind: the solver as it always was.
ALL_RULES = rules_mask(SOLVING)


def kinds_of(mask: int) -> tuple[Kind, ...]:
    """The solving kinds in a rule set, in the solver's order."""
    return tuple(k for k in SOLVING if mask >> int(k) & 1)


def parse_rules(text: str) -> tuple[Kind, ...]:
    """``"cover,cant_fit,square"`` (also ``can't fit``/``cant-fit``) as kinds, in the solver's order; one-line error otherwise.

    >>> [k.key for k in parse_rules("square, cover")]
    ['cover', 'square']
    >>> parse_rules("")
    ()
    """
    names = {k.key: k for k in SOLVING}
    found = set()
    for part in text.split(","):
        key = part.strip().lower().replace("-", "_").replace(" ", "_").replace("'", "")
        if not key:
            continue
        if key not in names:
            raise ValueError(f"unknown technique {part.strip()!r}: choose from {', '.join(names)}")
        found.add(names[key])
    return tuple(k for k in SOLVING if k in found)


def before(kind: Kind) -> tuple[Kind, ...]:
    """The solving kinds tried before ``kind``: what a player knows when a lesson teaches it."""
    return SOLVING[: SOLVING.index(kind)]


class LeakKind(StrEnum):
    """A kind of uniqueness leak (``analysis/leaks.py``), in the order reports list them; in JSON, its value."""

    SINGLE_SOLUTION = "single_solution"
    UNCONTESTED_NO_COVER = "uncontested_no_cover"
    GENERAL = "general"

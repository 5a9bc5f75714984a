"""The seven deduction kinds, in the order the solver tries them (spec section 2)."""

from __future__ import annotations

from enum import IntEnum


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

"""A level set: an ordered list of levels with their tier, tags, analysis and playtests.

Sets are immutable values like :class:`Level`: every edit returns a new set,
so the set panel can keep them on its undo stack.

>>> from linjat_editor.core.level import Level
>>> s = LevelSet(name="demo").add(Level.from_rows([" 2", ". "]), tier="easy")
>>> s = s.duplicate(0).move(1, 0)
>>> len(s), s[0].tier
(2, 'easy')
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import Any, Iterable, Iterator, Mapping

from linjat_editor.core.level import Level


@dataclass(frozen=True)
class SetEntry:
    """One level of a set and what the designer knows about it.

    ``analysis`` holds the engine's figures as plain JSON data (e.g. an analysis
    report's ``to_json()``); ``playtests`` one JSON object per playtest. Both
    are treated as read-only; ``playtests`` is stored as a tuple.
    """

    level: Level
    tier: str | None = None
    tags: tuple[str, ...] = ()
    analysis: Mapping[str, Any] | None = field(default=None, hash=False)
    playtests: tuple[Mapping[str, Any], ...] = field(default=(), hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.level, Level):
            raise TypeError(f"a set entry holds a Level, not {type(self.level).__name__}")
        object.__setattr__(self, "tags", tuple(self.tags))
        # Shallow copies, so that a caller's dict changed later does not change the entry.
        if self.analysis is not None:
            object.__setattr__(self, "analysis", dict(self.analysis))
        object.__setattr__(self, "playtests", tuple(dict(p) for p in self.playtests))

    def with_level(self, level: Level) -> SetEntry:
        """The entry with its level replaced (tier, tags, playtests kept; analysis dropped as stale)."""
        return _replace(self, level=level, analysis=None)

    def with_playtest(self, result: Mapping[str, Any]) -> SetEntry:
        """The entry with one more playtest result."""
        return _replace(self, playtests=(*self.playtests, dict(result)))

    def with_meta(self, **fields: Any) -> SetEntry:
        """The entry with some fields (tier, tags, analysis, playtests) changed."""
        return _replace(self, **fields)


def playtests_of(entry: SetEntry | Level) -> list[dict[str, Any]]:
    """An entry's playtests: the set's (the playtest page's, imported) and then those play mode stored on its
    level; of a bare level, its own. Anything there that is no playtest (a hand-edited file's) is left out.

    >>> level = Level.from_rows([" 2", ". "]).with_meta(extra={"playtests": [{"seconds": 9.0}, "junk"]})
    >>> playtests_of(SetEntry(level, playtests=({"seconds": 5.0},)))
    [{'seconds': 5.0}, {'seconds': 9.0}]
    >>> playtests_of(level.with_meta(extra={"playtests": 3}))
    []
    """
    level = entry if isinstance(entry, Level) else entry.level
    stored = () if isinstance(entry, Level) else entry.playtests
    own = level.extra.get("playtests", ()) if isinstance(level.extra, Mapping) else ()
    own = own if isinstance(own, (list, tuple)) else ()
    return [dict(t) for t in (*stored, *own) if isinstance(t, Mapping)]


def solved_seconds(tests: Iterable[Mapping[str, Any]]) -> list[float]:
    """The times of the solved playtests among ``tests`` (one without a number of seconds has none)."""
    return [float(t["seconds"]) for t in tests
            if t.get("solved") and isinstance(t.get("seconds"), (int, float)) and not isinstance(t["seconds"], bool)]


def median_seconds(tests: Iterable[Mapping[str, Any]]) -> float | None:
    """The median time of the solved playtests among ``tests`` (of an even count, the mean of the middle two);
    None without any. The set's list, its chart and the CSV export all show this one.

    >>> median_seconds([{"seconds": 10, "solved": True}, {"seconds": 20, "solved": True}, {"seconds": 5}])
    15.0
    """
    seconds = solved_seconds(tests)
    return float(statistics.median(seconds)) if seconds else None


@dataclass(frozen=True)
class LevelSet:
    """An ordered collection of :class:`SetEntry`, with the set's own metadata.

    ``extra`` keeps further JSON data about the whole set; reading the original
    game's ``puzzles.json`` stores the message that ends each list there as
    ``extra["closing_messages"]`` (tier -> text).
    """

    name: str = ""
    author: str = ""
    notes: str = ""
    entries: tuple[SetEntry, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entries", tuple(self.entries))
        object.__setattr__(self, "extra", dict(self.extra))

    # -- questions ---------------------------------------------------------

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[SetEntry]:
        return iter(self.entries)

    def __getitem__(self, i: int) -> SetEntry:
        return self.entries[i]

    @property
    def levels(self) -> list[Level]:
        """The levels in set order."""
        return [e.level for e in self.entries]

    def of_tier(self, tier: str | None) -> list[SetEntry]:
        """The entries of one tier, in set order."""
        return [e for e in self.entries if e.tier == tier]

    # -- edits (each returns a new set) ------------------------------------

    def add(self, item: Level | SetEntry, index: int | None = None, **fields: Any) -> LevelSet:
        """The set with a level (or entry) inserted at ``index`` (default: at the end).

        ``fields`` (tier, tags, analysis, playtests) set those fields of the new entry.
        """
        if isinstance(item, SetEntry):
            entry = item.with_meta(**fields) if fields else item
        else:
            entry = SetEntry(item, **fields)
        entries = list(self.entries)
        if index is None:
            index = len(entries)
        elif not (isinstance(index, int) and 0 <= index <= len(entries)):
            raise IndexError(f"cannot insert at {index} in a set of {len(entries)}")
        entries.insert(index, entry)
        return _replace(self, entries=tuple(entries))

    def remove(self, i: int) -> LevelSet:
        """The set without entry ``i``."""
        self._check(i)
        return _replace(self, entries=self.entries[:i] + self.entries[i + 1 :])

    def move(self, i: int, j: int) -> LevelSet:
        """The set with entry ``i`` moved so that it ends up at index ``j``."""
        self._check(i)
        self._check(j)
        entries = list(self.entries)
        entries.insert(j, entries.pop(i))
        return _replace(self, entries=tuple(entries))

    def replace(self, i: int, entry: SetEntry | Level) -> LevelSet:
        """The set with entry ``i`` replaced; a bare Level keeps the old entry's tier, tags and playtests."""
        self._check(i)
        new = entry if isinstance(entry, SetEntry) else self.entries[i].with_level(entry)
        return _replace(self, entries=self.entries[:i] + (new,) + self.entries[i + 1 :])

    def duplicate(self, i: int) -> LevelSet:
        """The set with a copy of entry ``i`` inserted right after it."""
        self._check(i)
        return _replace(self, entries=self.entries[: i + 1] + self.entries[i:])

    def reordered(self, order: Iterable[int]) -> LevelSet:
        """The set with its entries in a new order, given as a permutation of indices."""
        order = list(order)
        if sorted(order) != list(range(len(self.entries))):
            raise ValueError("the new order must name every entry exactly once")
        return _replace(self, entries=tuple(self.entries[k] for k in order))

    def with_meta(self, **fields: Any) -> LevelSet:
        """The set with some metadata fields (name, author, notes, extra) changed."""
        return _replace(self, **fields)

    def _check(self, i: int) -> None:
        # Negative indices would silently edit the wrong end of the list.
        if not (isinstance(i, int) and 0 <= i < len(self.entries)):
            raise IndexError(f"no entry {i} in a set of {len(self.entries)}")

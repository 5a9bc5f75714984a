"""Which levels of a set the list and the curve show, and in what order (no Qt here).

The set panel keeps one :class:`LevelView`; the list and the difficulty curve
both show :func:`shown`, so they always agree. Sorting and filtering only
change what is shown: the set itself keeps its order (the list's drag and
"Order by difficulty" change that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from linjat_editor.core.kinds import Kind
from linjat_editor.gui.sets.set_checks import EntryCheck
from linjat_editor.io.level_set import SetEntry

TIERS = ("tutorial", "easy", "medium", "hard", "expert")

#: The orders a designer can view a set in: name shown -> key of (position, entry, check).
SORTS: dict[str, Callable[[int, SetEntry, EntryCheck | None], tuple]] = {
    "set order": lambda i, e, c: (i,),
    "score": lambda i, e, c: (c is None, c.score if c else 0.0, i),
    "tier": lambda i, e, c: (TIERS.index(e.tier) if e.tier in TIERS else len(TIERS), i),
    "size": lambda i, e, c: (e.level.height * e.level.width, i),
}

#: The techniques to filter by: (key in a check's classification, name for people), in the solver's order.
TECHNIQUES = tuple((k.key, k.label) for k in Kind)


@dataclass(frozen=True)
class LevelView:
    """What to show: all levels or only flagged ones, one tier or all, one technique or all, and the order."""

    flagged_only: bool = False
    tier: str | None = None
    technique: str | None = None  # a ``Kind.key``: levels whose solve uses it
    sort: str = "set order"

    @property
    def filtered(self) -> bool:
        return self.flagged_only or self.tier is not None or self.technique is not None

    @property
    def rearranged(self) -> bool:
        """The list shows something other than the set as it is (dragging rows would mislead)."""
        return self.filtered or self.sort != "set order"

    def keeps(self, entry: SetEntry, check: EntryCheck | None) -> bool:
        if self.tier is not None and entry.tier != self.tier:
            return False
        if self.flagged_only and not (check is not None and check.warnings_for(entry.tier)):
            return False
        if self.technique is not None:
            used = (check.classification if check is not None else {}).get(self.technique, {})
            if not used.get("depth", 0):
                return False
        return True

    def describe(self) -> str:
        """The view in a few words, for the curve's caption: "flagged, hard, by score"."""
        words = ["flagged"] if self.flagged_only else []
        words += [self.tier] if self.tier else []
        words += [f"using {dict(TECHNIQUES).get(self.technique, self.technique)}"] if self.technique else []
        words.append("in set order" if self.sort == "set order" else f"by {self.sort}")
        return ", ".join(words)


def shown(entries: Sequence[SetEntry], checks: Sequence[EntryCheck | None], view: LevelView) -> list[int]:
    """The positions of the levels ``view`` shows, in its order."""
    key = SORTS[view.sort]
    kept = [i for i, (e, c) in enumerate(zip(entries, checks)) if view.keeps(e, c)]
    return sorted(kept, key=lambda i: key(i, entries[i], checks[i]))

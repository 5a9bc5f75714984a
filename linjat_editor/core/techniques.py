"""Which techniques a level needs: the solve with a kind withheld, and what a lesson must show.

Every answer here is one run of the one solver (``solver.deduce``) with a
rule set: the kinds left out are simply not tried, and the run is stuck
where they were the only way on.

>>> from linjat_editor.core.level import Level
>>> level = Level.from_rows(["    ", "    ", ".  4", "    "])
>>> [(e.kind.key, e.needed) for e in essential_techniques(level)]
[('cover', True)]
>>> describe_essential(essential_techniques(level))
'cover is essential'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .kinds import SOLVING, Kind, before
from .level import Level
from .solver import Deduction, deduce


@dataclass(frozen=True)
class Essential:
    """A kind the level's solve uses, and whether the level is still solved without it (``needed``: not)."""

    kind: Kind
    needed: bool


def essential_techniques(level: Level, run: Deduction | None = None) -> tuple[Essential, ...]:
    """For each solving kind the full solve uses (in the solver's order): can the level be solved without it?

    Empty for a level the full solve does not finish. ``run``: the full
    solve, if the caller has it.
    """
    run = deduce(level) if run is None else run
    if not run.solved:
        return ()
    used = [k for k in SOLVING if run.classification.of(k).depth]
    return tuple(Essential(k, not deduce(level, rules=[r for r in SOLVING if r != k]).solved) for k in used)


def describe_essential(found: Iterable[Essential]) -> str:
    """One line for people: "can't fit, square are essential; cover is not"."""
    found = tuple(found)
    if not found:
        return "none (not solved by deduction)"

    def names(items: list[Essential]) -> str:
        return ", ".join(e.kind.label for e in items)

    needed = [e for e in found if e.needed]
    spare = [e for e in found if not e.needed]
    parts = []
    if needed:
        parts.append(f"{names(needed)} {'is' if len(needed) == 1 else 'are'} essential")
    if spare:
        parts.append(f"{names(spare)} {'is' if len(spare) == 1 else 'are'} not")
    return "; ".join(parts) if needed else f"none: {names(spare)} can each be done without"


def lesson_rules(kind: Kind, allow: Iterable[Kind] | None = None) -> tuple[Kind, ...]:
    """The kinds a lesson on ``kind`` may use, in the solver's order: ``allow`` (default: the kinds before it), and ``kind``."""
    allowed = set(before(kind) if allow is None else allow) | {kind}
    return tuple(k for k in SOLVING if k in allowed)


def teaches(level: Level, kind: Kind, allow: Iterable[Kind] | None = None) -> bool:
    """Whether ``level`` is a lesson on ``kind``: solved with the allowed kinds and no leak, stuck without ``kind``.

    (Unique and leak-free are the pool's checks; see ``pool.check``.)
    """
    rules = lesson_rules(kind, allow)
    run = deduce(level, rules=rules)
    if not run.solved or run.classification.uses_leaks:
        return False
    return not deduce(level, rules=[k for k in rules if k != kind]).solved

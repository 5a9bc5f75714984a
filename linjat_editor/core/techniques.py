"""Which techniques a level needs: the solve with a kind withheld, and what a lesson must show.

Every answer here is one run of the one solver (``solver.deduce``) with a
rule set: the kinds left out are simply not tried, and the run is stuck
where they were the only way on.

>>> from linjat_editor.core.level import Level
>>> level = Level.from_rows(["    ", "    ", ".  4", "    "])
>>> [(e.kind.key, e.needed) for e in essential_techniques(level)]
[('cover', True)]
>>> describe_essential(essential_techniques(level))
'among all kinds, cover is essential'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .kinds import SOLVING, Kind, before
from .level import Level
from .prose import join
from .solver import Deduction, deduce


@dataclass(frozen=True)
class Essential:
    """A kind the level's solve uses, and whether the level is still solved without it (``needed``: not)."""

    kind: Kind
    needed: bool


@dataclass(frozen=True)
class Essentials:
    """Which of the kinds in ``rules`` a level needs: each kind its solve with ``rules`` uses, in the solver's order.

    ``rules`` is what it is relative to: every solving kind, or the kinds a
    lesson allows. ``teach``: the kind the lesson teaches (None: not a
    lesson); ``solved``: whether ``rules`` solve the level at all (else
    ``kinds`` is empty).
    """

    kinds: tuple[Essential, ...] = ()
    rules: tuple[Kind, ...] = SOLVING
    teach: Kind | None = None
    solved: bool = False

    def __iter__(self) -> Iterator[Essential]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def of(self, kind: Kind) -> Essential | None:
        return next((e for e in self.kinds if e.kind == kind), None)


def solved_with(level: Level, rules: Iterable[Kind]) -> bool:
    """Whether the solver with only ``rules`` (the leak kinds always) solves ``level``: ``linjat solve --rules``."""
    return deduce(level, rules=tuple(rules)).solved


def essential_techniques(level: Level, run: Deduction | None = None, lesson: Lesson | None = None) -> Essentials:
    """For each kind the solve with the allowed kinds uses (in the solver's order): is the level solved without it?

    Allowed: every solving kind, or a lesson's (``lesson``, default: the one
    the level was made as, :func:`lesson_of`). Empty for a level those kinds
    do not solve. ``run``: the full solve, if the caller has it (used only
    when every kind is allowed).
    """
    lesson = lesson_of(level) if lesson is None else lesson
    teach, rules = lesson if lesson is not None else (None, SOLVING)
    if run is None or rules != SOLVING:
        run = deduce(level, rules=rules)
    if not run.solved:
        return Essentials((), rules, teach, False)
    used = [k for k in rules if run.classification.of(k).depth]
    if teach is not None and teach not in used:
        used = [k for k in rules if k in used or k == teach]
    kinds = tuple(Essential(k, not solved_with(level, [r for r in rules if r != k])) for k in used)
    return Essentials(kinds, rules, teach, True)


def _labels(kinds: Iterable[Kind]) -> str:
    """``cover``, ``cover and square``, ``cover, square and one of``."""
    return join([k.label for k in kinds])


def _spare(items: list[Essential]) -> str:
    """``cover can be done without`` / ``cover and square can each be done without``."""
    return f"{_labels(e.kind for e in items)} can {'be' if len(items) == 1 else 'each be'} done without"


def describe_essential(found: Essentials | Iterable[Essential]) -> str:
    """One line for people, saying what it is relative to.

    Every kind: "among all kinds, can't fit and square are essential; cover
    can be done without". A lesson: "among the lesson's kinds (cover, can't
    fit), needs can't fit: cover alone gets stuck".
    """
    if not isinstance(found, Essentials):
        kinds = tuple(found)
        found = Essentials(kinds, SOLVING, None, bool(kinds))
    if found.teach is None:
        if not found.solved:
            return "none (not solved by deduction)"
        needed = [e for e in found if e.needed]
        spare = [e for e in found if not e.needed]
        if not needed and not spare:
            return "none: the level is solved without any deduction"  # an empty board, or every line given
        if not needed:
            return f"among all kinds, none is essential: {_spare(spare)}"
        line = f"among all kinds, {_labels(e.kind for e in needed)} {'is' if len(needed) == 1 else 'are'} essential"
        return line + (f"; {_spare(spare)}" if spare else "")
    teach, rules = found.teach, found.rules
    head = f"among the lesson's kinds ({', '.join(k.label for k in rules)}), "
    if not found.solved:
        return head + "not solved: the lesson's kinds are not enough"
    others = [k for k in rules if k != teach]
    lesson = found.of(teach)
    if lesson is not None and lesson.needed:
        if others:
            alone = f"{_labels(others)} alone {'gets' if len(others) == 1 else 'get'} stuck"
        else:
            alone = "without it nothing can be deduced"
        line = head + f"needs {teach.label}: {alone}"
    else:
        line = head + f"does not need {teach.label}: {_labels(others) or 'no kind'} alone solve{'s' if len(others) == 1 else ''} it"
    rest = [e for e in found if e.kind != teach]
    needed = [e for e in rest if e.needed]
    spare = [e for e in rest if not e.needed]
    if needed:
        too = " too" if lesson is not None and lesson.needed else ""
        line += f"; {_labels(e.kind for e in needed)} {'is' if len(needed) == 1 else 'are'} essential{too}"
    if spare:
        line += f"; {_spare(spare)}"
    return line


#: A lesson as the analysis sees it: the kind it teaches and the kinds it allows (in the solver's order).
Lesson = tuple[Kind, tuple[Kind, ...]]

#: Where a generated lesson's metadata says what it teaches: ``extra["lesson"]`` (a batch's, a campaign's, an
#: adopted optimizer level's), or ``linjat generate``'s record of its search (``extra["generator"]``).
LESSON_KEYS = ("lesson", "generator")


def lesson_of(level: Level) -> Lesson | None:
    """The lesson ``level`` was made as (its metadata's ``teach`` and ``rules``), or None."""
    for key in LESSON_KEYS:
        meta = level.extra.get(key)
        if isinstance(meta, dict) and meta.get("teach"):
            try:
                teach = Kind.from_key(str(meta["teach"]))
                rules = meta.get("rules")
                allowed = lesson_rules(teach) if not isinstance(rules, list) else lesson_rules(
                    teach, [Kind.from_key(str(r)) for r in rules])
            except KeyError:
                return None  # a hand-edited file naming no kind: read as a plain level
            if teach in SOLVING:
                return teach, allowed
    return None


def lesson_meta(kind: Kind, rules: Iterable[Kind]) -> dict[str, Any]:
    """What a generated lesson's metadata says of it (read back by :func:`lesson_of`)."""
    return {"teach": kind.key, "rules": [k.key for k in rules]}


def lesson_rules(kind: Kind, allow: Iterable[Kind] | None = None) -> tuple[Kind, ...]:
    """The kinds a lesson on ``kind`` may use, in the solver's order: ``allow`` (default: the kinds before it), and ``kind``."""
    allowed = set(before(kind) if allow is None else allow) | {kind}
    return tuple(k for k in SOLVING if k in allowed)


def too_long(level: Level) -> tuple[int, ...]:
    """The numbers as long as the board's longest side (their line a whole row or column), by index.

    Every published tier level's numbers are shorter than the longest side
    (8 at most, on boards of 9 and more); a lesson's board is small, and the
    search would otherwise fill it with whole-row lines.
    """
    longest = max(level.height, level.width)
    return tuple(i for i, n in enumerate(level.numbers) if n.value >= longest)


def teaches(level: Level, kind: Kind, allow: Iterable[Kind] | None = None, run: Deduction | None = None) -> bool:
    """Whether ``level`` is a lesson on ``kind``: solved with the allowed kinds and no leak, stuck without ``kind``,
    and no number as long as the board's longest side (:func:`too_long`).

    ``run``: the level's solve with the lesson's kinds (:func:`lesson_rules`), if the caller has it.
    (Unique and leak-free are the pool's checks; see ``pool.check``.)
    """
    if too_long(level):
        return False
    rules = lesson_rules(kind, allow)
    run = run or deduce(level, rules=rules)
    if not run.solved or run.classification.uses_leaks:
        return False
    return not solved_with(level, [k for k in rules if k != kind])

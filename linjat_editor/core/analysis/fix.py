"""Remove uniqueness leaks by adding dots, as the article's author did by hand.

A dot on a cell the solution covers keeps the solution (and, since a dot
only removes possibilities, keeps it the only one), so candidates are the
empty cells under the solution's lines. Greedy: add the dot that leaves the
fewest leaks while deduction still solves the level; when no single dot
helps, try pairs of dots near the leaks; repeat until no leak is left or
nothing helps. :func:`fix_leaks_report` also says which leaks are left and
why no dot removed them.

>>> from linjat_editor.core.level import Level
>>> level = Level.from_rows(["   .", " 2 3", " .4 ", "    "])
>>> [leak.kind.value for leak in detect_leaks(level)]
['single_solution']
>>> fixed = fix_leaks(level)
>>> detect_leaks(fixed), sorted(fixed.dots - level.dots)
([], [(0, 2)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from ..exact import count_solutions
from ..kinds import LeakKind
from ..level import Cell, Level, LevelError, Line, line_cells
from ..solver import deduce
from .leaks import MAX_GROUP, Leak, detect_leaks
from .words import cell_list, cell_name

#: At most this many cells near the leaks are paired up when no single dot helps.
PAIR_CELLS = 24


def _leaks(level: Level, solution: tuple[Line, ...], max_group: int, must_solve: bool) -> list[Leak] | None:
    """The level's leaks, or None if it must solve by deduction and does not."""
    trace = deduce(level, trace=True)
    if must_solve and not trace.solved:
        return None
    return detect_leaks(level, trace=trace, solution=solution, max_group=max_group)


@dataclass(frozen=True)
class LeakFix:
    """What :func:`fix_leaks_report` did: the level, the dots it added, the leaks before and the ones left.

    ``why[i]`` says why no dot removed ``left[i]``.
    """

    level: Level
    added: tuple[Cell, ...]
    before: int
    left: tuple[Leak, ...]
    why: tuple[str, ...]

    def describe_left(self) -> str:
        """The leaks left, each with why no dot removed it, for people ("" when none is left)."""
        groups: dict[tuple[str, str, str], int] = {}
        for leak, why in zip(self.left, self.why):
            number = self.level.number_at(*leak.number) if leak.number else None
            where = f" of the {number.value} at {cell_name(leak.number)}" if number and leak.number else ""
            key = (leak.kind.replace("_", "-"), where, why)
            groups[key] = groups.get(key, 0) + 1
        return "; ".join(
            f"a {kind} leak{where}: {why}" if k == 1 else f"{k} {kind} leaks{where}: {why.replace(' it', ' them')}"
            for (kind, where, why), k in groups.items()
        )

    def summary(self) -> str:
        """How many dots were added and leaks removed, and which leaks are left and why."""
        if not self.before:
            return "The level has no uniqueness leak to fix."
        dots = f"{len(self.added)} dot{'s' if len(self.added) != 1 else ''}"
        done = f"Added {dots} ({cell_list(self.added)}): " if self.added else "Added no dot: "
        done += f"{self.before - len(self.left)} of {self.before} leak{'s' if self.before != 1 else ''} removed."
        if not self.left:
            return done
        return f"{done} Left: {self.describe_left()}."


def fix_leaks(level: Level, max_group: int = MAX_GROUP, max_dots: int | None = None) -> Level:
    """The level with the fewest dots added (greedily) that remove its uniqueness leaks.

    :func:`fix_leaks_report`'s level: check it with :func:`detect_leaks`, or
    ask the report which leaks are left and why.
    """
    return fix_leaks_report(level, max_group, max_dots).level


def fix_leaks_report(
    level: Level,
    max_group: int = MAX_GROUP,
    max_dots: int | None = None,
    *,
    solution: tuple[Line, ...] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> LeakFix:
    """Add dots (greedily, fewest first) that remove the level's uniqueness leaks; say which are left and why.

    Numbers and existing dots are kept; the result has the same single
    solution, and deduction still solves it if it solved the original. If
    no dot removes the remaining leaks, the best level found is returned
    with those leaks and, for each, why. ``max_dots`` caps how many dots
    are added. ``solution`` is the level's one solution when the caller has
    counted it already (Fill has); otherwise the level is counted here, and
    :class:`LevelError` is raised unless it has exactly one solution.
    ``should_stop()`` is asked before each trial dot; once it says stop,
    the best level so far is returned, its leaks left "because the fix was
    stopped".
    """
    if solution is None:
        found = count_solutions(level, limit=2)
        if found.count != 1:
            what = "no solution" if found.count == 0 else "two or more solutions"
            raise LevelError(f"cannot fix leaks: the level has {what}, it needs exactly one")
        solution = found.solutions[0]
    stop = should_stop or (lambda: False)
    numbers = {n.cell for n in level.numbers}
    candidates: list[Cell] = sorted(
        {cell for line in solution for cell in line_cells(line)} - numbers - set(level.dots)
    )
    trace = deduce(level, trace=True)
    must_solve = trace.solved
    current = level
    leaks = detect_leaks(level, trace=trace, solution=solution, max_group=max_group)
    before = len(leaks)
    added = 0
    swept: dict[Cell, list[Leak] | None] = {}  # the last sweep: each candidate dotted, its leaks (None: stuck)
    stopped = False
    while leaks and candidates and (max_dots is None or added < max_dots):
        swept = {}
        best: tuple[list[Leak], Cell, Level] | None = None
        for cell in candidates:
            if stop():
                break
            trial = current.with_dot(*cell)
            left = swept[cell] = _leaks(trial, solution, max_group, must_solve)
            if left is None:
                continue
            if best is None or len(left) < len(best[0]):
                best = (left, cell, trial)
                if not left:
                    break
        if stop():
            stopped = True
            break
        if best is not None and len(best[0]) < len(leaks):
            leaks, cells, current = best[0], [best[1]], best[2]
        else:
            pair = _best_pair(current, leaks, candidates, solution, max_group, must_solve, stop)
            if pair is None:
                stopped = stop()
                break
            current, cells, leaks = pair
        for cell in cells:
            candidates.remove(cell)
        added += len(cells)
    capped = max_dots is not None and added >= max_dots
    if stopped:
        why = ("the fix was stopped",) * len(leaks)
    elif capped:
        why = ("the cap on added dots was reached",) * len(leaks)
    elif not candidates:
        why = ("every cell of the solution's lines already holds a number or a dot",) * len(leaks)
    else:
        why = _why_left(current, leaks, swept, solution, max_group)
    new = tuple(sorted(current.dots - level.dots))
    return LeakFix(current, new, before, tuple(leaks), why)


def _key(leak: Leak) -> Hashable:
    """What stays the same of a leak when a dot elsewhere moves the point it appears at."""
    return leak.kind, leak.number, leak.line if leak.kind is LeakKind.GENERAL else leak.cells


def _why_left(
    level: Level, leaks: list[Leak], swept: dict[Cell, list[Leak] | None], solution: tuple[Line, ...], max_group: int
) -> tuple[str, ...]:
    """Why no added dot removed each of ``leaks``, read off the last sweep (``swept``, every empty cell under the
    solution dotted on ``level``); the leaks of a dot that leaves deduction stuck are found here, once per dot."""
    solved = {cell: left for cell, left in swept.items() if left is not None}
    stuck = {
        cell: _leaks(level.with_dot(*cell), solution, max_group, False) or []
        for cell, left in swept.items() if left is None
    }

    def removing(leak: Leak, table: dict[Cell, list[Leak]]) -> list[Cell]:
        return [cell for cell, left in table.items() if all(_key(other) != _key(leak) for other in left)]

    out = []
    for leak in leaks:
        kept, lost = removing(leak, solved), removing(leak, stuck)
        if kept:
            out.append(f"each dot that removes it ({cell_list(kept)}) brings other leaks in its place")
        elif lost:
            out.append(f"the dots that remove it ({cell_list(lost)}) leave deduction stuck")
        else:
            out.append("no dot on an empty cell of the solution's lines removes it")
    return tuple(out)


def _near_leaks(level: Level, leaks: list[Leak], candidates: list[Cell]) -> list[Cell]:
    """Candidate cells in reach of a number a leak involves."""
    involved = {c for leak in leaks for c in (leak.number, *leak.witness) if c is not None}
    out = []
    for cell in candidates:
        for r, c in involved:
            n = level.number_at(r, c)
            if n and (cell[0] == r and abs(cell[1] - c) < 2 * n.value or cell[1] == c and abs(cell[0] - r) < 2 * n.value):
                out.append(cell)
                break
    return out[:PAIR_CELLS]


def _best_pair(
    level: Level, leaks: list[Leak], candidates: list[Cell], solution: tuple[Line, ...], max_group: int,
    must_solve: bool, stop: Callable[[], bool],
) -> tuple[Level, list[Cell], list[Leak]] | None:
    """Two dots near the leaks that together leave fewer leaks (the level, the dots, the leaks left), or None."""
    near = _near_leaks(level, leaks, candidates)
    best: tuple[Level, list[Cell], list[Leak]] | None = None
    for i, a in enumerate(near):
        for b in near[i + 1 :]:
            if stop():
                return None
            trial = level.with_dot(*a).with_dot(*b)
            left = _leaks(trial, solution, max_group, must_solve)
            if left is not None and len(left) < len(leaks) and (best is None or len(left) < len(best[2])):
                best = (trial, [a, b], left)
                if not left:
                    return best
    return best

"""Filling in dots for a designer's numbers, and random starting levels (spec section 5).

>>> from linjat_editor.core.level import Level
>>> result = fill_dots(Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    "]), seed=1)
>>> result.solved, result.level.numbers == Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    "]).numbers
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .analysis.fix import fix_leaks_report
from .analysis.leaks import detect_leaks
from .board import from_level, to_level
from .limits import check_numbers
from .culprits import why_no_solution
from .exact import count_solutions, line_of, placements
from .kernels.bits import seed_state
from .kernels.exact import BUDGET
from .kernels.exact import count_solutions as exact_count
from .kernels.fill import random_numbers
from .kernels.layer import SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER
from .kernels.optimize import fill
from .level import Cell, Level, LevelError, Line, line_cells


@dataclass(frozen=True)
class FillResult:
    """The filled level; ``solved`` means unique, solved by deduction and leak-free, else ``reason`` says why not.

    ``cells`` points at the problem when there is one (numbers that cannot all
    be drawn, a pinned dot no line reaches, cells two solutions fill
    differently, the cells of the leaks no filling avoided); ``attempts``:
    fillings tried.
    """

    level: Level
    solved: bool
    reason: str = ""
    cells: tuple[Cell, ...] = ()
    attempts: int = 0


def new_seed() -> int:
    return random.randrange(2**63)


#: Solutions to steer toward before saying no filling was found: each try costs a few milliseconds.
ATTEMPTS = 300


def fill_dots(
    level: Level,
    seed: int | None = None,
    attempts: int = ATTEMPTS,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    leak_free: bool = True,
) -> FillResult:
    """Replace the unpinned dots so that deduction solves the level, if dots can.

    Keeps numbers and pinned dots. Each try picks one solution of the numbers
    at random and steers toward it: the generator adds dots only on cells
    that solution covers, where deduction gets stuck, so the solution stays
    valid and no contradiction can arise. The first filling that is solved,
    unique and has no uniqueness leak (the analysis' ``detect_leaks``: the
    solver's leak kinds and general leaks) is returned. A leaky one is kept
    in reserve: if no try avoids leaks, the analysis' ``fix_leaks`` adds dots
    to the first; if leaks are left, the result is not solved and its reason
    names them. ``leak_free=False`` accepts the reserve as it is (the
    optimizer's seed, a stepping stone it scores itself).
    ``progress(tried, attempts)`` is called after each try; ``should_stop()``
    ends the search early.
    """
    check_numbers(len(level.numbers))
    base = level.with_dots(())
    problem = fill_problem(base)
    if problem is not None:
        return problem
    rng = random.Random(new_seed() if seed is None else seed)
    state = seed_state(rng.randrange(2**63))
    h, w, n = level.height, level.width, len(level.numbers)
    allowed = np.zeros(h * w, np.bool_)
    reserve: tuple[Level, tuple[Line, ...]] | None = None  # the first leaky filling and its one solution
    last = base
    tried = 0
    # Numbers that admit few solutions: try each of them once, in random order.
    known = solutions(base, attempts, rng.randrange(2**63))
    tries = min(len(known), attempts) if len(known) < attempts else max(1, attempts)
    for attempt in range(tries):
        if should_stop is not None and should_stop():
            break
        solution = known[attempt] if len(known) < attempts else random_solution(base, rng.randrange(2**63))
        if solution is None:
            break  # too open to search: leave it to the reason below
        tried = attempt + 1
        allowed[:] = False
        for line in solution:
            for r, c in line_cells(line):
                allowed[r * w + c] = True
        b = from_level(base, pinned_only=True)
        status = fill(b, state, allowed)
        last = to_level(base, b.pos[:n], b.val[:n], b.dot)
        found = count_solutions(last, limit=2) if status == SOLVED else None
        if found is not None and found.count == 1:
            table = b.table
            article = table[SINGLE_SOLUTION, 0] + table[UNCONTESTED_NO_COVER, 0]
            if not article and (not leak_free or not detect_leaks(last, solution=found.solutions[0])):
                return FillResult(last, True, attempts=tried)
            reserve = reserve or (last, found.solutions[0])
        if progress is not None:
            progress(tried, tries)
    stopped = should_stop is not None and should_stop()
    if reserve is not None and not stopped:  # a stop skips the fix: the caller drops the result anyway
        if not leak_free:
            return FillResult(reserve[0], True, attempts=tried)
        return without_leaks(*reserve, tried, should_stop)
    return ambiguous(last, tried)


def fill_problem(base: Level) -> FillResult | None:
    """What makes every filling impossible (the numbers and pinned dots), pointing at the cells; None if a solution exists."""
    found = why_no_solution(base)
    return None if found is None else FillResult(base, False, found.reason, found.cells)


def without_leaks(
    level: Level, solution: tuple[Line, ...], tried: int, should_stop: Callable[[], bool] | None = None
) -> FillResult:
    """A leaky filling made leak-free by the analysis' fix (more dots on ``solution``, its one solution), or why it
    cannot be. ``should_stop()`` stops the fix too (the caller drops a stopped result)."""
    fixed = fix_leaks_report(level, solution=solution, should_stop=should_stop)
    if not fixed.left:
        return FillResult(fixed.level, True, attempts=tried)
    cells = tuple(sorted({c for leak in fixed.left for c in leak.cells}))
    tries = "1 try" if tried == 1 else f"{tried} tries"
    reason = (f"no leak-free filling that deduction solves was found in {tries}, and adding dots to one "
              f"leaves {fixed.describe_left()}")
    return FillResult(fixed.level, False, reason, cells, tried)


def ambiguous(level: Level, tried: int) -> FillResult:
    """No try worked: say so, pointing at cells two solutions of the last filling cover with different lines."""
    try:
        found = count_solutions(level, limit=2)
    except LevelError:
        found = None
    cells: tuple[Cell, ...] = ()
    if found is not None and found.count >= 2:
        a, b = ({cell: p for p, line in enumerate(sol) for cell in line_cells(line)} for sol in found.solutions[:2])
        cells = tuple(sorted(c for c in a.keys() | b.keys() if a.get(c) != b.get(c)))
    reason = f"no filling that deduction solves was found in {tried} tries"
    if cells:
        reason += ": the numbers leave too much open (the marked cells can be covered in more than one way)"
    return FillResult(level, False, reason, cells, tried)


def solutions(level: Level, limit: int, seed: int) -> list[tuple[Line, ...]]:
    """Up to ``limit`` solutions of the numbers and pinned dots, in random order (the exact search, lines shuffled)."""
    piece, length, cells = placements(level)
    order = list(range(len(piece)))
    random.Random(seed).shuffle(order)
    shuffled = np.array(order, np.int64)
    w = level.width
    n = len(level.numbers)
    dots = np.array(sorted(r * w + c for r, c in level.dots), np.int64)
    out = np.zeros((max(1, limit), n), np.int64)
    found = exact_count(level.height * w, n, piece[shuffled], cells[shuffled], length[shuffled],
                        np.ones(len(piece), np.bool_), dots, max(1, limit), out, BUDGET)
    found = min(max(found, 0), out.shape[0])
    out_list = [tuple(line_of(cells, length, int(shuffled[out[s, p]]), w) for p in range(n)) for s in range(found)]
    random.Random(seed + 1).shuffle(out_list)
    return out_list


def random_solution(level: Level, seed: int) -> tuple[Line, ...] | None:
    """One solution of the numbers and pinned dots, picked at random."""
    found = solutions(level, 1, seed)
    return found[0] if found else None


def random_level(height: int, width: int, count: int, seed: int | None = None, pinned: frozenset[tuple[int, int]] = frozenset()) -> Level:
    """``count`` numbers from 2 to 5 on distinct random cells (no dots).

    >>> len(random_level(9, 6, 8, seed=3).numbers)
    8
    """
    check_numbers(count)
    rng = seed_state(new_seed() if seed is None else seed)
    blocked = np.zeros(height * width, np.bool_)
    for r, c in pinned:
        blocked[r * width + c] = True
    pos = np.zeros(max(count, 1), np.int64)
    val = np.zeros(max(count, 1), np.int64)
    if not random_numbers(height, width, count, pos, val, blocked, np.zeros_like(blocked), rng):
        raise LevelError(f"{count} numbers do not fit on a {height}x{width} grid")
    return to_level(Level(height, width, (), pinned, pinned), pos[:count], val[:count], np.zeros(height * width, np.bool_))

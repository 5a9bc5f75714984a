"""Polish a finished level's dots: keep its numbers, move its dots one at a time while it gets better.

The optimizer climbs on numbers, and each number set's dots come from one
fill. Moving a dot to another cell of the level's solution, or taking one
away, keeps that solution; where deduction still solves the level, the
climb moves there if the level ranks at least as high and passes the
checks (no leak warning, one solution by the exact solver), so it drifts
along plateaus and never stands on a level it could not emit.
``generate`` spends a fiftieth of its iterations here, on its best level,
one iteration per move (a move costs less: one solve, no fill); most of
what polishing finds, it finds in the first 200 moves.

>>> from linjat_editor.core.level import Level
>>> from linjat_editor.core.scoring import PRESETS
>>> level = Level.from_rows(["3..", "   ", "  2"])
>>> polish_dots(level, PRESETS["easy"], moves=50, seed=1).numbers == level.numbers
True
"""

from __future__ import annotations

import math

import numpy as np

from .board import from_level, to_level
from .kernels.bits import seed_state
from .kernels.board import allocate
from .kernels.polish import CUR, FOUND, polish
from .level import Level, line_cells
from .pool import check
from .objective import Objective, as_objective
from .scoring import SELECTION, Weights
from .solver import deduce

#: The share of ``generate``'s iterations that polish its level: one in this many. On 200 finished
#: expert levels, 200 moves raised the mean selection score by 3.7 and 500 by 3.9; each move
#: charged is an iteration the numbers' search loses, so the share is small.
POLISH_SHARE = 50


def polish_moves(iterations: int) -> int:
    """How many of ``iterations`` go to polishing the result (the rest to the optimizer)."""
    return iterations // POLISH_SHARE


def polish_dots(level: Level, weights: Weights | Objective, moves: int, seed: int, by_selection: bool = False) -> Level:
    """The best level found in ``moves`` polish moves from ``level`` (itself if none beats it).

    Ranked by ``weights``, ties broken by the selection score, or the other
    way round ``by_selection``. Pinned dots stay. A level that is not
    unique, leak-free and solved by deduction is returned as it is: there
    is no solution to keep.
    """
    return climb(level, weights, moves, seed, by_selection)[0]


#: The key of a level the climb cannot stand on (not unique, leaky, not what the goal admits).
UNRANKED = (-math.inf, -math.inf)


def climb(level: Level, weights: Weights | Objective, moves: int, seed: int,
          by_selection: bool) -> tuple[Level, tuple[float, float]]:
    """``polish_dots``, and the key its result ranks by: (by the first weights, by the second)."""
    found = check(level)
    goal = as_objective(weights)
    if found is None or found[1] or not goal.admits(level, found[0]):
        return level, UNRANKED
    first, second = (as_objective(SELECTION), goal) if by_selection else (goal, as_objective(SELECTION))
    keys = np.array([first.rank(level), second.rank(level)] * 2, np.float64)
    if np.isnan(keys[0]):
        return level, UNRANKED
    best, best_key = level, (float(keys[CUR]), float(keys[CUR + 1]))
    if moves <= 0:
        return best, best_key
    h, w, n = level.height, level.width, len(level.numbers)
    b = from_level(level)
    solution = deduce(level).solution or ()
    own = {(num.row, num.col) for num in level.numbers}
    cells = np.array(sorted({r * w + c for line in solution for r, c in line_cells(line) if (r, c) not in own}), np.int64)
    pinned = np.zeros(h * w, np.bool_)
    for r, c in level.pinned:
        pinned[r * w + c] = True
    cur = b.dot[: h * w].copy()
    rng = seed_state(seed)
    firsts, seconds = first.as_array(), second.as_array()
    door = allocate(h, w, n, trace=True)  # every candidate checked on one board (see pool.check)
    left = moves
    while left > 0:
        ran, hit = polish(b, cur, keys, cells, len(cells), pinned, firsts, seconds, rng, left)
        left -= ran
        if not hit:
            continue
        candidate = to_level(level, b.pos[:n], b.val[:n], b.dot)
        checked = check(candidate, door)
        if checked is None or checked[1] or not goal.admits(candidate, checked[0]):
            continue  # not unique, or a leak warning: the climb never stands on such a level
        cur[:] = b.dot[: h * w]
        keys[CUR : CUR + 2] = keys[FOUND : FOUND + 2]
        key = (float(keys[FOUND]), float(keys[FOUND + 1]))
        if key > best_key:  # by the first weights, ties by the second
            best, best_key = candidate, key
    return best, best_key

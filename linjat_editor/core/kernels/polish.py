"""Polishing a finished level's dots: the hill climb's loop, in numba and without the GIL.

The numbers stay; one dot at a time moves to another cell of the level's
solution, or goes. Every such level keeps that solution, so where deduction
still solves it without a uniqueness leak, that solution is still its only
one. A move that ranks at least as high as the current dots goes back to the
caller, who checks it (leak warnings, exact count) before the climb moves
there: levels of equal rank too, so the climb drifts along plateaus.
"""

import numpy as np

from .bits import copy, helper, kernel, rand_below
from .optimize import score_board, weighted

#: One move in this many takes a dot away instead of moving it.
REMOVE_ONE_IN = 5
#: Draws of a cell for a moving dot before the move is given up.
DRAWS = 8
#: ``keys``: the current dots' rank and a candidate's (each: by the first, then the second weights).
CUR, FOUND = 0, 2


@helper
def above(a1, a2, b1, b2):
    """(a1, a2) ranks above (b1, b2): first by the first weights, ties by the second."""
    return a1 > b1 or (a1 == b1 and a2 > b2)


@kernel
def polish(b, cur, keys, cells, ncells, pinned, first, second, rng, moves):
    """Up to ``moves`` moves from the dots ``cur``, stopping at a candidate; returns (moves made, found).

    ``cells[:ncells]``: where a dot may go (the solution's cells, not the
    numbers'); ``pinned`` dots never move; ``first``/``second``: the
    weights the levels are ranked by, then ties broken by; ``keys``: see
    ``CUR``. A candidate (solved, ranking at least ``keys[CUR:]``) is left
    in ``b.dot`` with its rank in ``keys[FOUND:]``; ``cur`` and its rank
    are the caller's to update if it accepts it.
    """
    hw = b.h * b.w
    dot, table = b.dot, b.table
    for m in range(moves):
        movable = 0
        for cell in range(hw):
            if cur[cell] and not pinned[cell]:
                movable += 1
        if movable == 0:
            return moves, False
        j = rand_below(rng, movable)
        gone = -1
        for cell in range(hw):
            if cur[cell] and not pinned[cell]:
                if j == 0:
                    gone = cell
                    break
                j -= 1
        copy(dot, cur, hw)
        dot[gone] = False
        if ncells > 0 and rand_below(rng, REMOVE_ONE_IN) != 0:
            moved = False
            for _ in range(DRAWS):
                cell = cells[rand_below(rng, ncells)]
                if cell != gone and not dot[cell]:
                    dot[cell] = True
                    moved = True
                    break
            if not moved:
                continue
        k1 = score_board(b, first)
        if np.isnan(k1):
            continue
        k2 = weighted(table, second)
        if not above(keys[CUR], keys[CUR + 1], k1, k2):
            keys[FOUND] = k1
            keys[FOUND + 1] = k2
            return m + 1, True
    return moves, False

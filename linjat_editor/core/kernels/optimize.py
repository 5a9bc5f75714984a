"""The optimizer's hot loop (spec section 6), entirely in numba and without the GIL.

A pool of the best levels found so far, best first. Each iteration mutates a
random pool member's numbers, refills its dots with the generator and
classifies it afresh; a solved candidate that scores high enough for the pool
goes back to the caller, who checks it and admits it.
"""

import numpy as np

from .bits import kernel, rand_below
from .board import build_board
from .fill import fill_board, random_numbers
from .layer import CONTRADICTION, SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER, solve_board

#: The original kept ten levels in its pool.
POOL_SIZE = 10
#: Highest value a mutation raises a number to, as in the original.
MAX_MUTATED_VALUE = 8


def workspace(h: int, w: int, n: int) -> tuple:
    """Arrays one kernel call works in, for boards of h x w cells and n numbers."""
    cells = h * w
    most = max(1, 18 * n)
    return (
        np.zeros(max(n, 1), np.int64),  # pos
        np.zeros(max(n, 1), np.int64),  # val
        np.zeros(cells, np.bool_),  # dot
        np.zeros(n + 1, np.int64),  # pbeg
        np.zeros(most, np.int64),  # pstart
        np.zeros(most, np.int64),  # pstep
        np.zeros(most, np.bool_),  # alive
        np.zeros(cells, np.int64),  # claimed
        np.zeros(cells, np.uint64),  # possible
        np.zeros(cells, np.uint64),  # orig_possible
        np.zeros(cells, np.int64),  # scratch: counter
        np.zeros(64, np.int64),  # scratch: cross
        np.zeros(max(cells, 64), np.int64),  # scratch: cells
        np.zeros(max(cells, 64), np.int64),  # scratch: cells
        np.zeros((8, 2), np.int64),  # classification table
        np.ones(cells, np.bool_),  # cells the generator may put a dot on
    )


@kernel
def unpack(h, w, n, ws):
    pos, val, dot, pbeg, pstart, pstep, alive, claimed, possible, orig, cnt, buf, cand, cand2, table, allowed = ws
    b = (h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot)
    return b, (cnt, buf, cand, cand2), orig, table, allowed


@kernel
def evaluate(b, s, orig, table, rng, weights, allowed, leaks_allowed):
    """Fill dots, classify afresh; the score if solved, else NaN.

    Without ``leaks_allowed`` a level that needs a uniqueness-leak kind
    (single-solution or uncontested-no-cover) gets NaN too: one solved by
    sound rules alone has exactly one solution. With it, the caller must
    still count solutions: the leak kinds assume there is one.
    """
    state, leaked = fill_board(b, s, orig, rng, allowed, False)
    # A contradiction reached by sound rules alone holds for the final dots
    # too (a dot never invalidates a sound deduction): no solution, no need
    # to classify. A single-solution leak may have been undone by a later dot.
    if state == CONTRADICTION and not leaked:
        return np.nan
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    build_board(h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed)
    if solve_board(b, s, table) != SOLVED:
        return np.nan
    if not leaks_allowed and table[SINGLE_SOLUTION, 0] + table[UNCONTESTED_NO_COVER, 0] > 0:
        return np.nan
    total = table[0, 1] * weights[0]
    for kind in range(1, 8):
        total += table[kind, 0] * weights[kind]
    return total


@kernel
def sort_numbers(n, pos, val):
    """Row-major order, as a Level keeps them (the solver breaks rare ties by order)."""
    for i in range(1, n):
        p = pos[i]
        v = val[i]
        j = i - 1
        while j >= 0 and pos[j] > p:
            pos[j + 1] = pos[j]
            val[j + 1] = val[j]
            j -= 1
        pos[j + 1] = p
        val[j + 1] = v


@kernel
def mutate(h, w, n, pos, val, pinned, fixed, rng):
    """One or more changes to the numbers not on ``fixed`` cells: -1, +1 or a move."""
    movable = 0
    for p in range(n):
        if not fixed[pos[p]]:
            movable += 1
    if movable == 0:
        return
    while True:
        j = rand_below(rng, movable)
        p = 0
        for q in range(n):
            if not fixed[pos[q]]:
                if j == 0:
                    p = q
                    break
                j -= 1
        change = rand_below(rng, 3)
        if change == 0:
            if val[p] > 1:
                val[p] -= 1
        elif change == 1:
            if val[p] < MAX_MUTATED_VALUE:
                val[p] += 1
        else:
            taken = pinned.copy()
            for q in range(n):
                taken[pos[q]] = True
            if not taken.all():
                while True:
                    cell = rand_below(rng, h * w)
                    if not taken[cell]:
                        break
                pos[p] = cell
        if rand_below(rng, 3) >= 1:
            break
    sort_numbers(n, pos, val)


@kernel
def optimize(h, w, n, pool_pos, pool_val, pool_score, size, pinned, fixed, weights, rng, iterations, ws):
    """Run up to ``iterations``, stopping at the first candidate good enough for the pool.

    ``pool_score`` holds the pool's ranks (the caller may rank a level below
    its score). Returns (iterations run, the candidate's score or NaN if
    none). The candidate's numbers, dots and classification stay in ``ws``
    for the caller's admission checks (exact count, leaks), which are rare
    next to iterations and not worth doing in here.
    """
    b, s, orig, table, allowed = unpack(h, w, n, ws)
    pos, val, dot = b[3], b[4], b[11]
    cap = pool_score.shape[0]
    for i in range(iterations):
        base = rand_below(rng, size)
        pos[:n] = pool_pos[base]
        val[:n] = pool_val[base]
        mutate(h, w, n, pos, val, pinned, fixed, rng)
        dot[:] = pinned
        score = evaluate(b, s, orig, table, rng, weights, allowed, True)
        if np.isnan(score):
            continue
        # Equal scores get in too (ahead of the old ones), so the pool drifts along plateaus.
        if size < cap or np.isnan(pool_score[size - 1]) or score >= pool_score[size - 1]:
            return i + 1, score
    return iterations, np.nan


@kernel
def fill(h, w, n, rng, ws):
    """Fill dots (on the allowed cells, without leaning on leaks) for the numbers and pinned dots in ``ws``, then solve afresh.

    Returns the solve status; the dots and the classification table stay in ``ws``.
    """
    b, s, orig, table, allowed = unpack(h, w, n, ws)
    fill_board(b, s, orig, rng, allowed, True)
    build_board(h, w, n, b[3], b[4], b[5], b[6], b[7], b[8], b[9])
    return solve_board(b, s, table)


@kernel
def first_candidate(h, w, n, pinned, require_hard, weights, rng, attempts, ws):
    """Random numbers, filled, until one is solved (using a hard kind if required).

    Returns the score, or NaN if ``attempts`` were not enough.
    """
    b, s, orig, table, allowed = unpack(h, w, n, ws)
    pos, val, dot = b[3], b[4], b[11]
    for _ in range(attempts):
        if not random_numbers(h, w, n, pos, val, pinned, rng):
            return np.nan
        dot[:] = pinned
        score = evaluate(b, s, orig, table, rng, weights, allowed, False)
        if np.isnan(score):
            continue
        if require_hard and table[3, 0] + table[4, 0] + table[5, 0] == 0:
            continue
        return score
    return np.nan

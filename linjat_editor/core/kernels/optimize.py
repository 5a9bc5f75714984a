"""The optimizer's hot loop (spec section 6), entirely in numba and without the GIL.

A pool of the best levels found so far, best first. Each iteration mutates a
random pool member's numbers, refills its dots with the generator, classifies
it afresh and, if deduction solves it (and it is unique), inserts it by score.
"""

import numpy as np

from .bits import kernel, rand_below
from .board import build_board
from .fill import fill_board, random_numbers
from .layer import CONTRADICTION, SOLVED, solve_board

#: The original kept ten levels in its pool.
POOL_SIZE = 10
#: Highest value a mutation raises a number to, as in the original.
MAX_MUTATED_VALUE = 8


@kernel
def score_board(b, weights):
    """Solve ``b`` from its numbers and dots: the weighted score if solved (and so unique), else NaN.

    ``weights`` is ``Weights.as_array()``: [width, then one per kind].
    """
    build_board(b)
    if solve_board(b, False) != SOLVED:
        return np.nan
    table = b.table
    total = table[0, 1] * weights[0]
    for kind in range(1, 8):
        total += table[kind, 0] * weights[kind]
    return total


@kernel
def evaluate(b, rng, weights):
    """Fill dots, classify afresh; the score if solved and unique, else NaN."""
    state, leaked = fill_board(b, rng)
    # A contradiction reached by sound rules alone holds for the final dots
    # too (a dot never invalidates a sound deduction): no solution, no need
    # to classify. A single-solution leak may have been undone by a later dot.
    if state == CONTRADICTION and not leaked:
        return np.nan
    return score_board(b, weights)


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
def insert(pool_pos, pool_val, pool_dot, pool_score, pool_table, size, pos, val, dot, score, table):
    """Insert by score, ahead of equal scores (so the pool drifts); returns the new size."""
    cap = pool_score.shape[0]
    i = 0
    while i < size and pool_score[i] > score:
        i += 1
    if i >= cap:
        return size
    for j in range(min(size, cap - 1), i, -1):
        pool_pos[j] = pool_pos[j - 1]
        pool_val[j] = pool_val[j - 1]
        pool_dot[j] = pool_dot[j - 1]
        pool_score[j] = pool_score[j - 1]
        pool_table[j] = pool_table[j - 1]
    pool_pos[i] = pos
    pool_val[i] = val
    pool_dot[i] = dot
    pool_score[i] = score
    pool_table[i] = table
    return min(size + 1, cap)


@kernel
def optimize(b, pool_pos, pool_val, pool_dot, pool_score, pool_table, size, pinned, fixed, weights, rng, iterations):
    """Run ``iterations`` optimizer iterations on the pool, working in board ``b``; returns the new pool size."""
    h, w, n, pos, val, table = b.h, b.w, b.n, b.pos, b.val, b.table
    h, w, n, pos, val, dot = h, w, n, pos, val, b.dot
    for _ in range(iterations):
        base = rand_below(rng, size)
        pos[:n] = pool_pos[base]
        val[:n] = pool_val[base]
        mutate(h, w, n, pos, val, pinned, fixed, rng)
        dot[:] = pinned
        score = evaluate(b, rng, weights)
        if not np.isnan(score):
            # A pool seeded with an unsolved level holds it only until a solved one comes.
            if size == 1 and np.isnan(pool_score[0]):
                size = 0
            size = insert(pool_pos, pool_val, pool_dot, pool_score, pool_table, size, pos[:n], val[:n], dot, score, table)
    return size


@kernel
def fill(b, rng):
    """Fill dots for the numbers and (pinned) dots of ``b``, then solve afresh.

    Returns the solve status; the dots and the classification table stay in ``b``.
    """
    fill_board(b, rng)
    build_board(b)
    return solve_board(b)


@kernel
def first_candidate(b, pinned, require_hard, weights, rng, attempts):
    """Random numbers, filled, until one is solved (using a hard kind if required).

    Returns the score, or NaN if ``attempts`` were not enough.
    """
    h, w, n, pos, val, dot = b.h, b.w, b.n, b.pos, b.val, b.dot
    h, w, n, pos, val, dot, table = h, w, n, pos, val, dot, b.table
    for _ in range(attempts):
        if not random_numbers(h, w, n, pos, val, pinned, rng):
            return np.nan
        dot[:] = pinned
        score = evaluate(b, rng, weights)
        if np.isnan(score):
            continue
        if require_hard and table[3, 0] + table[4, 0] + table[5, 0] == 0:
            continue
        return score
    return np.nan

"""The optimizer's hot loop (spec section 6), entirely in numba and without the GIL.

A pool of the best levels found so far, best first. Each iteration mutates a
random pool member's numbers (keeping a solution: see ``mutate``), refills
its dots with the generator and classifies it afresh (unless the fill's
rounds already were that classification: see ``fill_board``); a solved
candidate that scores high enough for the pool goes back to the caller, who
checks it and admits it.

Every child keeps its parent's fill (see ``fill``): the same numbers
filled afresh score very differently, and a fresh fill throws away the lucky
one that made the parent good. A child starts with the parent's dots its
changed solution still covers, less one, and the generator adds only where
it gets stuck with them, so the search climbs on the numbers instead of redrawing
the fill. (A member whose solution is not known has its children changed
blindly; they replay its dots where they get stuck.)

A child's fill that leaves its known solution and fails goes back to where
it left and stays on it (``fill.fill_or_keep``): 60% of an expert run's
children were wasted so, 38% are now.
"""

import numpy as np

from ..scoring import LOWEST_AT, MORE_THAN_AT, RULES_AT, TARGET_AT, TEACH_AT
from .bits import copy, helper, kernel, next_start, rand_below
from .board import LAYER_KIND, UNCLAIMED, build_board
from .exact import count_numbers_and_dots, hemmed_in
from .fill import fill_board, fill_or_keep, random_numbers
from .layer import (
    CONTRADICTION,
    SINGLE_SOLUTION,
    SOLVED,
    UNCONFIRMED,
    exact_count,
    solution_owners,
    solve_board,
    unsolve,
)
from .members import member_in_niche
from .mutate import UNKNOWN, mutate, mutate_along

#: What a lesson loses per layer before the taught kind first appears: taught early.
EARLY = 2.0


@kernel
def score_board(b, weights):
    """Solve ``b`` from its numbers and dots (with the objective's rules): its objective if solved (and so unique), else NaN.

    ``weights`` is the objective, ``Weights.as_array()`` or ``Objective.as_array()`` (see ``objective``).
    """
    build_board(b)
    if solve_board(b, False, rules_of(weights)) != SOLVED:
        return np.nan
    return objective(b, weights)


@helper
def rules_of(weights):
    """The solving kinds the objective allows (``kinds.rules_mask``)."""
    return np.int64(weights[RULES_AT])


@helper
def objective(b, weights):
    """The solved board's value to the search (see ``objective_value``)."""
    return objective_value(b.table, b.layers, weights)


@kernel
def objective_value(table, layers, weights):
    """A solve's value to the search, higher better, from its record (``Board.table``, ``Board.layers``):
    the weighted sum; a lesson (``TEACH_AT``) loses ``EARLY`` per layer before its kind first
    appears; with a target (``TARGET_AT``), minus the distance to it instead.

    A kernel of its own (no solver inside), so Python can rank a solve it has without loading
    another compiled copy of the generator."""
    total = weighted(table, weights)
    teach = np.int64(weights[TEACH_AT])
    if teach > 0:
        depth = table[0, 0]
        first = depth
        for t in range(depth):
            if layers[t, LAYER_KIND] == teach:
                first = t
                break
        total -= EARLY * first
    target = weights[TARGET_AT]
    if not np.isnan(target):
        total = -abs(total - target)
    return total


@helper
def uses_hard(table, weights):
    """A first level's test: it uses the kind a lesson teaches, or else square, dependency or one-of."""
    teach = np.int64(weights[TEACH_AT])
    if teach > 0:
        return table[teach, 0] > 0
    return table[3, 0] + table[4, 0] + table[5, 0] > 0


@helper
def within_canon(table, n, val, weights):
    """Whether a solved level keeps the objective's canon: no number below its lowest, no kind outside its
    rule set, more than the layers its technique rule asks of each kind (see ``scoring.TechniqueRule``)."""
    lowest = weights[LOWEST_AT]
    for p in range(n):
        if val[p] < lowest:
            return False
    rules = rules_of(weights)
    for kind in range(1, 8):
        if table[kind, 0] <= weights[MORE_THAN_AT + kind]:
            return False
        if kind <= 5 and table[kind, 0] > 0 and not (rules >> kind) & 1:
            return False
    return True


@helper
def weighted(table, weights):
    """A classification table's weighted sum (``weights``: ``Weights.as_array()``, [width, then one per kind])."""
    total = table[0, 1] * weights[0]
    for kind in range(1, 8):
        total += table[kind, 0] * weights[kind]
    return total


@kernel
def evaluate(b, rng, weights, allowed, leaks_allowed, upfront=False, floor=-np.inf, known=False):
    """Fill dots (``upfront``: see ``fill_board``), classify afresh; the score if solved (and so unique), else NaN.

    ``known``: the numbers have a known solution, its cells marked in ``b.known``; a fill that fails after
    leaving it goes back and stays on it (``fill_or_keep``).

    Without ``leaks_allowed`` a level whose deduction needs a uniqueness-leak
    kind (single-solution or uncontested-no-cover) gets NaN too.

    ``floor``: the lowest score the caller has any use for. A level solved
    with a leak kind is unique only if the exact solver says so; one that
    scores below ``floor`` gets NaN without that count, as it would have
    been thrown away anyway.
    """
    if known:
        state, leaked, classified = fill_or_keep(b, rng, allowed, upfront, rules_of(weights))
    else:
        state, leaked, classified = fill_board(b, rng, allowed, False, upfront, rules_of(weights))
    # A contradiction reached by sound rules alone holds for the final dots
    # too (a dot never invalidates a sound deduction): no solution, no need
    # to classify. A single-solution leak may have been undone by a later dot.
    if state == CONTRADICTION and not leaked:
        return np.nan
    if classified:
        # The fill's rounds were the solver's layers (see ``fill_board``); of the leak kinds only single-solution can be among them.
        state = UNCONFIRMED if b.table[SINGLE_SOLUTION, 0] else SOLVED
    else:
        # The fill built this board for these numbers; the dots it added change no placement.
        unsolve(b)
        state = solve_board(b, False, rules_of(weights), False)
    if state != SOLVED and state != UNCONFIRMED:
        return np.nan
    if state == UNCONFIRMED and not leaks_allowed:
        return np.nan
    total = objective(b, weights)
    if state == UNCONFIRMED and (total < floor or exact_count(b) != 1):
        return np.nan
    return total


@kernel
def kept_dots(b, parent, count, rng):
    """List in ``b.hint`` the dots of ``parent[:count]`` a child keeps, in order; returns how many.

    Those the child's solution (``b.owner``) still covers: the others mostly
    lead into contradictions. Less one at random, which the fill puts back
    where the child gets stuck without it, on that cell or another: kept
    whole, a child's dots only ever grew (13x9 expert levels carried 39-54
    dots, the published ones 30 on average), and the dots themselves were
    never searched.
    """
    hint, owner = b.hint, b.owner
    kept = 0
    for k in range(count):
        cell = parent[k]
        if owner[cell] != UNCLAIMED:
            hint[kept] = cell
            kept += 1
    if kept == 0:
        return 0
    for k in range(rand_below(rng, kept), kept - 1):
        hint[k] = hint[k + 1]
    return kept - 1


@kernel
def optimize(b, pool, pinned, fixed, weights, rng, iterations, allowed, require_hard):
    """Run up to ``iterations``, working in board ``b``, stopping at the first candidate good enough for ``pool``.

    ``pool`` is the pool's :class:`~.members.Members`, best first. A child
    keeps or replays the dots its parent's fill added; the candidate's own
    are left in ``b.added``. A child's changes keep its parent's solution;
    the candidate's is left in ``b.owner``.

    ``pool.rank`` holds the pool's ranks (the caller may rank a level below
    its score). Returns (iterations run, the candidate's score or NaN if
    none): a plain tuple, as every kernel Python calls answers (see
    ``members.py``). The candidate's numbers, dots and
    classification stay in ``b`` for the caller's admission checks (exact
    count, leaks), which are rare next to iterations and not worth doing in here.

    An empty pool (``pool.size[0]`` 0) has nothing to mutate: then it looks
    for a first level instead, ``first_candidate`` with ``iterations`` attempts
    (``require_hard`` counts only there). One entry point for both: each
    kernel called from Python loads its own compiled copy of the whole
    generator, a cost every ``linjat generate`` pays at start.
    """
    size = pool.size[0]
    if size == 0:
        return iterations, first_candidate(b, pinned, require_hard, weights, rng, iterations, allowed)
    h, w, n, pos, val, dot = b.h, b.w, b.n, b.pos, b.val, b.dot
    pool_pos, pool_val, pool_added, pool_nadded, pool_solution, pool_rank = (
        pool.pos, pool.val, pool.added, pool.nadded, pool.solution, pool.rank)
    cap = pool_rank.shape[0]
    lowest = np.int64(weights[LOWEST_AT])
    by_niche = pool.by_niche[0]
    # The lowest score the pool takes (it does not change until a candidate goes back to the caller); by niche,
    # each niche's own (``niche_floor``).
    floor = -np.inf if by_niche or size < cap or np.isnan(pool_rank[size - 1]) else pool_rank[size - 1]
    for i in range(iterations):
        # The better of two random members: a little more pressure than the original's uniform pick. By niche,
        # any niche alike: its levels below the best are what the niches keep them for.
        base = rand_below(rng, size) if by_niche else min(rand_below(rng, size), rand_below(rng, size))
        copy(pos, pool_pos[base], n)
        copy(val, pool_val[base], n)
        copy(dot, pinned, h * w)
        if pool_solution[base, 0] == UNKNOWN:
            mutate(h, w, n, pos, val, pinned, fixed, rng, b.taken, lowest)
            hints = pool_nadded[base]
            copy(b.hint, pool_added[base], hints)
        else:
            mutate_along(h, w, n, pos, val, pinned, fixed, rng, b.owner, pool_solution[base], lowest)
            # All before the first round: replayed one by one, the fill ran twice the rounds.
            hints = kept_dots(b, pool_added[base], pool_nadded[base], rng)
            for c in range(h * w):
                b.known[c] = allowed[c] and b.owner[c] != UNCLAIMED
        b.hint_at[0] = hints
        known = pool_solution[base, 0] != UNKNOWN
        score = evaluate(b, rng, weights, allowed, True, known, floor, known)
        if np.isnan(score):
            continue
        # Equal scores get in too (ahead of the old ones), so the pool drifts along plateaus.
        if score >= (niche_floor(pool, b.table) if by_niche else floor):
            solution_owners(b, b.owner)
            return i + 1, score
    return iterations, np.nan


@helper
def niche_floor(pool, table):
    """The lowest score a by-niche pool takes in the niche of ``table``'s solve: its member's rank there, if any."""
    i = member_in_niche(pool, table)
    return pool.rank[i] if i >= 0 else -np.inf


@kernel
def fill(b, rng, allowed):
    """Fill dots (on ``allowed`` cells, without leaning on leaks) for the numbers and pinned dots of ``b``, then solve afresh.

    Returns the solve status; the dots and the classification table stay in ``b``.
    """
    b.hint_at[0] = 0
    fill_board(b, rng, allowed, True)
    build_board(b)
    return solve_board(b)


#: Search nodes the exact solver spends on a random start before the fill tries it anyway.
REFUTE_BUDGET = 200


@kernel
def first_candidate(b, pinned, require_hard, weights, rng, attempts, allowed):
    """Random numbers, filled, until one is solved (using a hard kind if required).

    ``rng`` is a ``start_states`` RNG: each attempt is the next of its starts.
    Returns the score, or NaN if ``attempts`` were not enough. Called through
    ``optimize`` with an empty pool.
    """
    h, w, n, pos, val, dot, table = b.h, b.w, b.n, b.pos, b.val, b.dot, b.table
    b.hint_at[0] = 0
    for _ in range(attempts):
        next_start(rng)
        if not random_numbers(h, w, n, pos, val, pinned, b.taken, rng):
            return np.nan
        copy(dot, pinned, h * w)
        # Most random starts have no solution at all (98 in 100 on expert's grid), however they
        # are filled; a fill finds out only after placing dots. Nine in ten leave a number no
        # line at all, and the exact solver refutes most of the rest in a few nodes.
        if hemmed_in(h, w, n, pos, val, b.taken) or count_numbers_and_dots(h, w, n, pos, val, dot, 1, REFUTE_BUDGET) == 0:
            continue
        score = evaluate(b, rng, weights, allowed, False)
        if np.isnan(score):
            continue
        if require_hard and not uses_hard(table, weights):
            continue
        return score
    return np.nan

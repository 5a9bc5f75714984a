"""Layers: apply every deduction of the first kind that finds any, then stop."""

import numpy as np

from ..kinds import ALL_RULES, Kind
from .bits import allocating, helper, kernel
from .board import LAYER_CLAIMED, LAYER_KIND, LAYER_REMOVED, LAYER_WIDTH, UNCLAIMED, build_board
from .exact import count_solutions
from .one_of import one_of
from .rules import (
    EVERYONE,
    ZERO,
    cant_fit,
    cover,
    dependency,
    refresh_possible,
    single_solution,
    square,
    uncontested_no_cover,
    update_possible,
)
from .settled import cover_new, newest_dot, square_new

# Plain ints for numba, taken from the one definition of the kinds.
NONE = 0
COVER = int(Kind.COVER)
CANT_FIT = int(Kind.CANT_FIT)
SQUARE = int(Kind.SQUARE)
DEPENDENCY = int(Kind.DEPENDENCY)
ONE_OF = int(Kind.ONE_OF)
SINGLE_SOLUTION = int(Kind.SINGLE_SOLUTION)
UNCONTESTED_NO_COVER = int(Kind.UNCONTESTED_NO_COVER)
#: The rule set of the plain solver: every solving kind (see ``kinds.rules_mask``).
EVERY_RULE = ALL_RULES

RUNNING = 0
SOLVED = 1
STUCK = 2
CONTRADICTION = 3
#: Deduction finished only by assuming a unique solution, and the level is not unique.
AMBIGUOUS = 4
#: Solved with a leak kind, uniqueness not yet counted (only when the caller asks not to, see ``solve_board``).
UNCONFIRMED = 5


@helper
def allows(rules, kind):
    """Whether the rule set ``rules`` (bit ``kind`` per allowed kind) lets the solver use ``kind``."""
    return (rules >> kind) & 1 != 0


@helper
def narrowed_here(b, rules):
    """The numbers a harder kind narrowed in this layer (``dropped``, ``thinned``): those its can't-fit pass
    looks at (see ``layer``); every number when the rules leave can't-fit out."""
    if not allows(rules, CANT_FIT):
        return EVERYONE
    return b.dropped[0] | b.thinned[0]


@kernel
def layer(b, generating=False, settled=False, rules=EVERY_RULE, exact=True):
    """One solver layer on a board whose ``possible`` is fresh: (kind, width, changed).

    ``rules``: the solving kinds it may use (a designer's subset, see
    ``kinds.rules_mask``); a kind left out is simply not tried, so the layer
    goes on to the next. The leak kinds are always tried. A harder kind's
    own can't-fit pass belongs to it, allowed or not.

    ``generating``: the generator's round. It has just given every number in
    the uncontested-no-cover situation a dot to reach, so no number is in it
    now.

    ``exact`` (generating only): the layer is the solver's, pass for pass.
    Without it the one-of passes skip the pairs they would look at again only
    because dependency had narrowed ``possible`` for their last pass (see
    ``one_of.one_of``), the costliest part of the generator's rounds: they may
    find less than the solver's, and then the generator adds a dot where the
    solver would go on. (1,680 expert searches scored level for level the
    same either way: dev/search-experiments.md, 2026-11-29, morning.)

    ``settled`` (generating only): the last round found nothing and changed
    nothing, and the generator has since added one dot. The rules that do
    not look at dots (can't-fit, one-of) would find nothing again, so they
    are not run until something changes; the others look only at what the
    new dot can change (``settled``). ``changed``: whether a rule that
    found no claim still narrowed the state (then the next round is not
    settled).
    """
    if not generating:
        width = uncontested_no_cover(b)
        if width:
            return UNCONTESTED_NO_COVER, width, True
    # A settled round looks only where the new dot is (see ``settled``).
    new = newest_dot(b) if settled else -1
    if allows(rules, COVER):
        width = cover_new(b, new) if settled else cover(b)
        if width:
            return COVER, width, True
    # After cover: a leak that only repeats what cover finds is no leak.
    if settled:
        near = b.possible[new]
    else:
        near = b.single_todo[0]
        b.single_todo[0] = ZERO  # what this layer changes, the next update notes
    width = single_solution(b, near)
    if width:
        cover(b)
        return SINGLE_SOLUTION, width, True
    # Until dependency narrows ``possible``, it is as the update left it.
    if not settled and allows(rules, CANT_FIT):
        width = cant_fit(b, False, True)
        if width:
            return CANT_FIT, width, True
    # The harder kinds only narrow possibilities; a cant-fit pass right
    # after must turn that into a claim for the layer to count. Where they
    # changed nothing, that pass would find what the last one found: nothing.
    # It looks only at the numbers they narrowed (dropped placements of, or
    # took off a cell): every other number's shared cells are claimed
    # already, by this layer's can't-fit pass (or, in a settled round, the
    # last round's). Without can't-fit in the rules there was none: all.
    changed = False
    b.thinned[0] = ZERO
    if allows(rules, SQUARE) and (square_new(b, new) if settled else square(b)):
        changed = True
        width = cant_fit(b, False, False, narrowed_here(b, rules))
        if width:
            return SQUARE, width, True
    # (What square dropped can change dependency's answer anywhere.)
    if allows(rules, DEPENDENCY) and dependency(b, new if settled and not changed else -1):
        changed = True
        width = cant_fit(b, True, False, narrowed_here(b, rules))
        if width:
            return DEPENDENCY, width, True
    if (changed or not settled) and allows(rules, ONE_OF):
        if one_of(b, False, exact):
            changed = True
            width = cant_fit(b, True, False, narrowed_here(b, rules))
            if width:
                return ONE_OF, width, True
    # Otherwise stuck: one-of across pairs that do not share a line. It only
    # ever turns "stuck" into progress, so no layer above changes. (It does not
    # look at dots: in a settled round where nothing changed it would find
    # what the last round's found, nothing.)
    if generating and settled and not changed:
        return NONE, 0, changed
    if allows(rules, ONE_OF) and one_of(b, True, exact):
        changed = True
        width = cant_fit(b, True, False, narrowed_here(b, rules))
        if width:
            return ONE_OF, width, True
    return NONE, 0, changed or not generating


@kernel
def contradiction(b):
    """After ``update_possible``: a number has no placement left or a dot nobody can reach."""
    n, dots, pbeg, alive, possible = b.n, b.dots, b.pbeg, b.alive, b.possible
    for p in range(n):
        left = False
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                left = True
                break
        if not left:
            return True
    for i in range(b.ndots[0]):
        if possible[dots[i]] == ZERO:
            return True
    return False


@kernel
def solved(b):
    """One placement left for every number, every dot claimed, and the lines disjoint.

    Checked right after a layer, as the original did (its published depths
    count that way). The original did not check that the lines are disjoint,
    and could call a level with no solution solved.
    """
    n, val, pbeg, pstart, pstep, alive, claimed, counter = b.n, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.counter
    cnt = counter
    # Dots first: mid-solve, an unclaimed dot is the quickest "no".
    dots = b.dots
    for i in range(b.ndots[0]):
        if claimed[dots[i]] == UNCLAIMED:
            return False
    for p in range(n):
        left = 0
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                left += 1
        if left != 1:
            return False
    overlap = False
    for p in range(n):
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                for i in range(val[p]):
                    cell = pstart[k] + i * pstep[k]
                    if cnt[cell] != 0:
                        overlap = True
                    cnt[cell] = 1
    for p in range(n):
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                for i in range(val[p]):
                    cnt[pstart[k] + i * pstep[k]] = 0
    return not overlap


@kernel
def solution_owners(b, owner):
    """Each cell's number in a solved board's solution (UNCLAIMED: none), from the one placement left to each number.

    Not ``claimed``: the solve stops once every number has one placement
    left, and may not have claimed every cell of it by then.
    """
    n, val, pbeg, pstart, pstep, alive = b.n, b.val, b.pbeg, b.pstart, b.pstep, b.alive
    owner[: b.h * b.w] = UNCLAIMED
    for p in range(n):
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                for i in range(val[p]):
                    owner[pstart[k] + i * pstep[k]] = p


@kernel
def record(cls, kind, width):
    """Add a layer to a classification table: rows = kinds (0 = all), cols = depth, max width."""
    cls[kind, 0] += 1
    cls[kind, 1] = max(cls[kind, 1], width)
    cls[0, 0] += 1
    cls[0, 1] = max(cls[0, 1], width)


@allocating
def exact_count(b):
    """Solutions of ``b``'s level by the exact solver, up to 2 (-1: too many search steps to tell).

    Reads only the placement list, so a solved board keeps its state.
    """
    h, w, n, val, dot, pbeg, pstart, pstep = b.h, b.w, b.n, b.val, b.dot, b.pbeg, b.pstart, b.pstep
    total = pbeg[n]
    piece = np.empty(total, np.int64)
    length = np.empty(total, np.int64)
    cells = np.zeros((total, 9), np.int64)
    for p in range(n):
        for k in range(pbeg[p], pbeg[p + 1]):
            piece[k] = p
            length[k] = val[p]
            for i in range(val[p]):
                cells[k, i] = pstart[k] + i * pstep[k]
    dots = np.flatnonzero(dot[: h * w])
    out = np.zeros((1, max(n, 1)), np.int64)
    allowed = np.ones(total, np.bool_)
    return count_solutions(h * w, n, piece, cells, length, allowed, dots, 2, out)


@kernel
def mark_point(b, t):
    """Point ``t``, the state layer ``t`` starts from: recorded if tracing; returns how many cells are claimed."""
    h, w, n, pbeg, alive, claimed, point_alive, point_claimed = b.h, b.w, b.n, b.pbeg, b.alive, b.claimed, b.point_alive, b.point_claimed
    claimed_cells = 0
    for cell in range(h * w):
        if claimed[cell] != UNCLAIMED:
            claimed_cells += 1
    if t < point_alive.shape[0]:
        m = pbeg[n]
        for k in range(m):
            point_alive[t, k] = alive[k]
        for cell in range(h * w):
            point_claimed[t, cell] = claimed[cell]
    return claimed_cells


@kernel
def solve_board(b, settle=True, rules=EVERY_RULE, confirm=True):
    """The deduction: layers until solved, stuck or contradiction; returns the status.

    The engine's one layer loop: every answer about a level (solve,
    classify, analysis, step-through, stuck, leaks, the optimizer's score)
    comes from this run and what it records in ``b`` (``table``, ``layers``
    and, on a tracing board, the points; see ``Board``).

    The leak kinds assume a unique solution, so after a deduction that used
    them the exact solver decides: "solved" needs the level to be unique, and
    a contradiction proves no solution only if there is none (a leak taken
    on a level with several solutions can run into one); otherwise the
    status is AMBIGUOUS. Without ``settle`` (the optimizer, which only asks
    "solved?") such a contradiction is left unsettled: CONTRADICTION.

    ``rules``: the solving kinds allowed (see ``layer``); STUCK when they
    are not enough.

    Without ``confirm`` a deduction solved with a leak kind is left
    UNCONFIRMED, for a caller that counts it (``exact_count``) only if it
    still wants the level once it has its score (the optimizer, whose
    children mostly score too low for its pool).
    """
    h, w, table, layers, leak_owner, point_alive, point_leak = b.h, b.w, b.table, b.layers, b.leak_owner, b.point_alive, b.point_leak
    table[:, :] = 0
    leak_owner[:] = UNCLAIMED
    tracing = point_alive.shape[0] > 0
    t = 0
    was_claimed, was_alive = 0, 0
    state = RUNNING
    finished = False
    while True:
        if finished:
            # Solved: one placement per number, disjoint, so none is over another's claim.
            now_alive = b.n
        else:
            # Drop placements over cells others claimed: the state layer t starts from.
            now_alive = update_possible(b) if t == 0 else refresh_possible(b)
        now_claimed = mark_point(b, t)
        if t > 0:
            layers[t - 1, LAYER_CLAIMED] = now_claimed - was_claimed
            layers[t - 1, LAYER_REMOVED] = was_alive - now_alive
        was_claimed, was_alive = now_claimed, now_alive
        if finished:
            break
        if contradiction(b):
            state = CONTRADICTION
            break
        kind, width, _ = layer(b, False, False, rules)
        if kind == NONE:
            state = SOLVED if solved(b) else STUCK
            break
        record(table, kind, width)
        layers[t, LAYER_KIND] = kind
        layers[t, LAYER_WIDTH] = width
        if kind == SINGLE_SOLUTION:
            if tracing:
                for cell in range(h * w):
                    point_leak[t, cell] = leak_owner[cell]
            leak_owner[:] = UNCLAIMED
        t += 1
        if solved(b):
            state = SOLVED
            finished = True  # one more pass to record the final point
        elif t >= layers.shape[0]:
            state = STUCK  # a safety net only: every layer claims a cell
            break
    if (state == SOLVED or (settle and state == CONTRADICTION)) and (table[SINGLE_SOLUTION, 0] or table[UNCONTESTED_NO_COVER, 0]):
        if state == SOLVED and not confirm:
            return UNCONFIRMED
        count = exact_count(b)
        if (state == SOLVED and count != 1) or (state == CONTRADICTION and count != 0):
            state = AMBIGUOUS
    return state


@kernel
def step(b, settled=False, rules=EVERY_RULE, exact=True):
    """The generator's round: one layer (see ``layer``'s ``generating``): (status after it, kind, width, changed).

    Its caller has just brought ``possible`` up to date, or the round is
    ``settled`` (see ``layer``): then nothing can have run into a
    contradiction (the new dot is one some number reaches).
    """
    if not settled and contradiction(b):
        return CONTRADICTION, NONE, 0, True
    kind, width, changed = layer(b, True, settled, rules, exact)
    if kind == NONE:
        return (SOLVED if solved(b) else STUCK), NONE, 0, changed
    return (SOLVED if solved(b) else RUNNING), kind, width, True


@kernel
def unsolve(b):
    """Back to the state before any deduction, as ``build_board`` leaves it, for a board built since only by adding dots.

    The placements, crosses and dot list stay (a dot changes none of the
    placements, and ``fill.place_dot`` keeps the list as the build makes it):
    what a fresh build would recompute for every child the optimizer scores.
    """
    n, pos, pbeg, alive, claimed = b.n, b.pos, b.pbeg, b.alive, b.claimed
    claimed[: b.h * b.w] = UNCLAIMED
    for p in range(n):
        claimed[pos[p]] = p
    alive[: pbeg[n]] = True


@kernel
def classify_level(b, rules=EVERY_RULE):
    """Build the board from its numbers and dots and solve it from scratch (with the solving kinds in ``rules``)."""
    build_board(b)
    return solve_board(b, True, rules)

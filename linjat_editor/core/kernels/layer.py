"""Layers: apply every deduction of the first kind that finds any, then stop."""

from ..kinds import Kind
from .bits import kernel
from .board import UNCLAIMED, build_board
from .rules import (
    ZERO,
    cant_fit,
    cover,
    dependency,
    one_of,
    single_solution,
    square,
    uncontested_no_cover,
    update_possible,
)

# Plain ints for numba, taken from the one definition of the kinds.
NONE = 0
COVER = int(Kind.COVER)
CANT_FIT = int(Kind.CANT_FIT)
SQUARE = int(Kind.SQUARE)
DEPENDENCY = int(Kind.DEPENDENCY)
ONE_OF = int(Kind.ONE_OF)
SINGLE_SOLUTION = int(Kind.SINGLE_SOLUTION)
UNCONTESTED_NO_COVER = int(Kind.UNCONTESTED_NO_COVER)

RUNNING = 0
SOLVED = 1
STUCK = 2
CONTRADICTION = 3

#: A safety net only: every counted layer claims a cell, so a board of C
#: cells can never need more than C layers.
MAX_LAYERS = 4096


@kernel
def layer(b, generating=False):
    """One solver layer on a board whose ``possible`` is fresh: (kind, width).

    ``generating``: the generator's round. It has just given every number in
    the uncontested-no-cover situation a dot to reach, so no number is in it
    now; and it leaves out the crossing one-of pass (the costliest, and where
    it would help, the generator simply adds a dot).
    """
    if not generating:
        width = uncontested_no_cover(b)
        if width:
            return UNCONTESTED_NO_COVER, width
    width = cover(b)
    if width:
        return COVER, width
    # After cover: a leak that only repeats what cover finds is no leak.
    width = single_solution(b)
    if width:
        cover(b)
        return SINGLE_SOLUTION, width
    width = cant_fit(b)
    if width:
        return CANT_FIT, width
    # The harder kinds only narrow possibilities; a cant-fit pass right
    # after must turn that into a claim for the layer to count. Where they
    # changed nothing, that pass would find what the last one found: nothing.
    if square(b):
        width = cant_fit(b)
        if width:
            return SQUARE, width
    if dependency(b):
        width = cant_fit(b)
        if width:
            return DEPENDENCY, width
    if one_of(b, False):
        width = cant_fit(b)
        if width:
            return ONE_OF, width
    if generating:
        return NONE, 0
    # Otherwise stuck: one-of across pairs that do not share a line. It only
    # ever turns "stuck" into progress, so no layer above changes.
    if one_of(b, True):
        width = cant_fit(b)
        if width:
            return ONE_OF, width
    return NONE, 0


@kernel
def contradiction(b):
    """After ``update_possible``: a number has no placement left or a dot nobody can reach."""
    h, w, n, dot, pbeg, alive, possible = b.h, b.w, b.n, b.dot, b.pbeg, b.alive, b.possible
    for p in range(n):
        left = False
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                left = True
                break
        if not left:
            return True
    for cell in range(h * w):
        if dot[cell] and possible[cell] == ZERO:
            return True
    return False


@kernel
def solved(b):
    """One placement left for every number, every dot claimed, and the lines disjoint.

    Checked right after a layer, as the original did (its published depths
    count that way). The original did not check that the lines are disjoint,
    and could call a level with no solution solved.
    """
    h, w, n, val, dot, pbeg, pstart, pstep, alive, claimed, counter = b.h, b.w, b.n, b.val, b.dot, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.counter
    cnt = counter
    for p in range(n):
        left = 0
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                left += 1
        if left != 1:
            return False
    for cell in range(h * w):
        if dot[cell] and claimed[cell] == UNCLAIMED:
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
def record(cls, kind, width):
    """Add a layer to a classification table: rows = kinds (0 = all), cols = depth, max width."""
    cls[kind, 0] += 1
    cls[kind, 1] = max(cls[kind, 1], width)
    cls[0, 0] += 1
    cls[0, 1] = max(cls[0, 1], width)


@kernel
def solve_board(b):
    """Run layers until solved, stuck or contradiction; fills ``b.table``; returns the status."""
    table = b.table
    table[:, :] = 0
    for _ in range(MAX_LAYERS):
        state, kind, width = step(b)
        if kind != NONE:
            record(table, kind, width)
        if state != RUNNING:
            return state
    return STUCK


@kernel
def step(b, generating=False):
    """One layer from the current claims: (status after it, kind, width).

    ``generating``: the generator's round (see ``layer``); its caller has
    just brought ``possible`` up to date, so it is not recomputed.
    """
    if not generating:
        update_possible(b)
    if contradiction(b):
        return CONTRADICTION, NONE, 0
    kind, width = layer(b, generating)
    if kind == NONE:
        return (SOLVED if solved(b) else STUCK), NONE, 0
    return (SOLVED if solved(b) else RUNNING), kind, width


@kernel
def classify_level(b):
    """Build the board from its numbers and dots and solve it from scratch."""
    build_board(b)
    return solve_board(b)

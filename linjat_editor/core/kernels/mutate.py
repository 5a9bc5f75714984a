"""The optimizer's mutation: one or more changes to a pool member's numbers (spec section 6).

A change lowers a number by one, raises it by one or moves it. Where the
parent's solution is known, every change keeps a solution: lowering
shortens the number's line at an end, raising lengthens it into a free cell
next to an end, and a move takes the number to a free cell where a line of
its length fits among the other lines. The child's numbers then always have
a solution (the parent's, so changed). Blind changes, as the original made
them, gave numbers without any solution in about a quarter of expert
iterations, a quarter of the search's budget that taught it nothing.
"""

import numpy as np

from .bits import copy, helper, kernel, rand_below
from .board import UNCLAIMED
from .fill import sort_numbers

#: Highest value a mutation raises a number to, as in the original.
MAX_MUTATED_VALUE = 8
#: How far a short move takes a number, in rows and columns.
NEAR = 2
#: ``solution[0]`` of a member whose solution is not known (a start the search did not solve): its children change blindly.
UNKNOWN = -2
#: Changes drawn at most per mutation (one that cannot be made is drawn again).
DRAWS = 64


@helper
def movable_numbers(n, pos, fixed):
    """How many numbers are not on ``fixed`` cells."""
    movable = 0
    for p in range(n):
        if not fixed[pos[p]]:
            movable += 1
    return movable


@helper
def pick(n, pos, fixed, movable, rng):
    """A random number not on a ``fixed`` cell (``movable`` of them)."""
    j = rand_below(rng, movable)
    for q in range(n):
        if not fixed[pos[q]]:
            if j == 0:
                return q
            j -= 1
    return 0


@helper
def draw_cell(h, w, at, near, rng):
    """A random cell: with ``near``, at most NEAR rows and columns from ``at`` (-1 if that falls off the board)."""
    if not near:
        return np.int64(rand_below(rng, h * w))
    # (rand_below is unsigned: mixed with signed, numba would make a float)
    r = at // w + np.int64(rand_below(rng, 2 * NEAR + 1)) - NEAR
    c = at % w + np.int64(rand_below(rng, 2 * NEAR + 1)) - NEAR
    if r < 0 or r >= h or c < 0 or c >= w:
        return np.int64(-1)
    return r * w + c


@kernel
def mutate(h, w, n, pos, val, pinned, fixed, rng, taken, lowest):
    """One or more blind changes to the numbers not on ``fixed`` cells: -1 (not below ``lowest``), +1 or a move
    (``taken``: scratch, h * w)."""
    movable = movable_numbers(n, pos, fixed)
    if movable == 0:
        return
    while True:
        p = pick(n, pos, fixed, movable, rng)
        change = rand_below(rng, 3)
        if change == 0:
            if val[p] > lowest:
                val[p] -= 1
        elif change == 1:
            if val[p] < MAX_MUTATED_VALUE:
                val[p] += 1
        else:
            copy(taken, pinned, h * w)
            for q in range(n):
                taken[pos[q]] = True
            if not taken.all():
                # Half the moves are short, which keeps most of the level's structure; the rest go anywhere free.
                near = rand_below(rng, 2) == 0
                for _ in range(8 * h * w):
                    cell = draw_cell(h, w, pos[p], near, rng)
                    if cell >= 0 and not taken[cell]:
                        pos[p] = cell
                        break
        if rand_below(rng, 3) >= 1:
            break
    sort_numbers(n, pos, val)


@helper
def line_ends(h, w, owner, p, at):
    """Number p's line in ``owner`` (p stands on ``at``): its first and last cell and the step between cells."""
    c = at % w
    step = 1 if (c > 0 and owner[at - 1] == p) or (c < w - 1 and owner[at + 1] == p) else w
    first = at
    last = at
    if step == 1:
        while first % w > 0 and owner[first - 1] == p:
            first -= 1
        while last % w < w - 1 and owner[last + 1] == p:
            last += 1
    else:
        while first >= w and owner[first - w] == p:
            first -= w
        while last + w < h * w and owner[last + w] == p:
            last += w
    return first, last, step


@helper
def own_line(owner, first, last, step, p):
    """Give the cells first..last (every ``step``) to ``p`` (or UNCLAIMED)."""
    cell = first
    while True:
        owner[cell] = p
        if cell == last:
            return
        cell += step


@kernel
def shorten(h, w, pos, val, pinned, owner, p, rng, lowest):
    """Number p one lower, not below ``lowest``: its line gives up an end cell (not its own, not a pinned dot).
    False if it cannot."""
    if val[p] <= lowest:
        return False
    first, last, step = line_ends(h, w, owner, p, pos[p])
    first_ok = first != pos[p] and not pinned[first]
    last_ok = last != pos[p] and not pinned[last]
    if not first_ok and not last_ok:
        return False
    end = first if first_ok and (not last_ok or rand_below(rng, 2) == 0) else last
    owner[end] = UNCLAIMED
    val[p] -= 1
    return True


@kernel
def lengthen(h, w, pos, val, owner, p, rng):
    """Number p one higher: its line takes a free cell next to one of its ends. False if it cannot."""
    if val[p] >= MAX_MUTATED_VALUE:
        return False
    first, last, step = line_ends(h, w, owner, p, pos[p])
    r, c = first // w, first % w
    pick_cell = -1
    seen = 0
    for k in range(4):
        cell = -1
        if val[p] == 1:  # a line of one cell grows any way
            if k == 0 and r > 0:
                cell = first - w
            elif k == 1 and r < h - 1:
                cell = first + w
            elif k == 2 and c > 0:
                cell = first - 1
            elif k == 3 and c < w - 1:
                cell = first + 1
        elif k == 0:
            if (step == 1 and first % w > 0) or (step == w and first >= w):
                cell = first - step
        elif k == 1:
            if (step == 1 and last % w < w - 1) or (step == w and last + w < h * w):
                cell = last + step
        if cell >= 0 and owner[cell] == UNCLAIMED:
            seen += 1
            if rand_below(rng, seen) == 0:
                pick_cell = cell
    if pick_cell < 0:
        return False
    owner[pick_cell] = p
    val[p] += 1
    return True


@helper
def fits(h, w, owner, r, c, length, across, back):
    """A line of ``length`` through (r, c), starting ``back`` cells before it, across or down, covers only free cells."""
    for k in range(length):
        if across:
            cc = c - back + k
            if cc < 0 or cc >= w or owner[r * w + cc] != UNCLAIMED:
                return False
        else:
            rr = r - back + k
            if rr < 0 or rr >= h or owner[rr * w + c] != UNCLAIMED:
                return False
    return True


@kernel
def relocate(h, w, pos, val, pinned, owner, p, rng):
    """Number p to a free cell where a line of its length fits among the other lines. False if it cannot.

    Half of the moves are short (at most NEAR cells each way), as blind moves are.
    """
    first, last, step = line_ends(h, w, owner, p, pos[p])
    cell = first
    while True:
        if pinned[cell]:
            return False  # the line covers a pinned dot, which no other line may then cover
        if cell == last:
            break
        cell += step
    own_line(owner, first, last, step, UNCLAIMED)
    v = int(val[p])
    near = rand_below(rng, 2) == 0
    for _ in range(4 * h * w):
        at = draw_cell(h, w, pos[p], near, rng)
        if at < 0 or at == pos[p] or owner[at] != UNCLAIMED or pinned[at]:
            continue
        r, c = at // w, at % w
        # One of the lines of length v through (r, c) that fit, at random.
        chosen = -1
        seen = 0
        for across in range(2):
            for back in range(v):
                if fits(h, w, owner, r, c, v, across == 1, back):
                    seen += 1
                    if rand_below(rng, seen) == 0:
                        chosen = across * v + back
        if chosen < 0:
            continue
        back = chosen % v
        if chosen >= v:
            own_line(owner, at - back, at - back + v - 1, 1, p)
        else:
            own_line(owner, at - back * w, at + (v - 1 - back) * w, w, p)
        pos[p] = at
        return True
    own_line(owner, first, last, step, p)
    return False


@kernel
def mutate_along(h, w, n, pos, val, pinned, fixed, rng, owner, solution, lowest):
    """Like ``mutate``, but every change keeps a solution; ``solution``: the parent's owner of each cell (-1 none).

    ``owner`` (h * w) is scratch: the solution as the changes leave it.
    """
    copy(owner, solution, h * w)
    movable = movable_numbers(n, pos, fixed)
    if movable == 0:
        return
    for _ in range(DRAWS):
        p = pick(n, pos, fixed, movable, rng)
        change = rand_below(rng, 3)
        if change == 0:
            made = shorten(h, w, pos, val, pinned, owner, p, rng, lowest)
        elif change == 1:
            made = lengthen(h, w, pos, val, owner, p, rng)
        else:
            made = relocate(h, w, pos, val, pinned, owner, p, rng)
        if made and rand_below(rng, 3) >= 1:
            break
    sort_numbers(n, pos, val)

"""The deduction kinds of the human-style solver (spec section 2); the seventh, one-of, is in ``one_of.py``.

Every function takes the :class:`~.board.Board` ``b`` (its scratch arrays
are the rules' workspace); each returns its *width*: how many numbers gained a claim
(cells claimed, for single-solution). ``possible[cell]`` is a bitmask of the
numbers that can still reach the cell; it is recomputed at the start of each
layer and only narrowed within it, so a rule that uses a stale mask sees *more*
possibilities than there are, never fewer: stale masks cost deductions, not
soundness.
"""

import numpy as np

from .bits import bit, copy, helper, kernel, lowest, popcount
from .board import UNCLAIMED, covers

ZERO = np.uint64(0)
#: Every number's bit.
EVERYONE = ~ZERO


@helper
def placement_ok(val, pstart, pstep, claimed, p, k):
    """Whether placement k of number p touches no cell another number claimed."""
    s = pstart[k]
    st = pstep[k]
    for i in range(val[p]):
        owner = claimed[s + i * st]
        if owner != UNCLAIMED and owner != p:
            return False
    return True


@helper
def done(val, pbeg, pstart, pstep, alive, claimed, p):
    """Whether p has one placement left and has claimed all its cells (or has none left): no rule can add a claim for it."""
    last = -1
    for k in range(pbeg[p], pbeg[p + 1]):
        if alive[k]:
            if last >= 0:
                return False
            last = k
    if last < 0:
        return True
    for i in range(val[p]):
        if claimed[pstart[last] + i * pstep[last]] != p:
            return False
    return True


@helper
def finished(b, p):
    """``done`` for number ``p`` of board ``b``, remembered: a number done stays done until the next full update."""
    if bit(p) & b.finished[0] != ZERO:
        return True
    if done(b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, p):
        b.finished[0] |= bit(p)
        return True
    return False


@kernel
def update_possible(b):
    """Drop placements over cells others claimed; recompute ``possible``; returns how many placements are left.

    From scratch: works from any state (a freshly built board, a recorded
    point). It also notes what it saw, for ``refresh_possible``.
    """
    h, w, n, val, pbeg, pstart, pstep, alive, claimed, possible = b.h, b.w, b.n, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible
    possible[: h * w] = ZERO
    left = 0
    for p in range(n):
        m = bit(p)
        for k in range(pbeg[p], pbeg[p + 1]):
            if not alive[k]:
                continue
            if placement_ok(val, pstart, pstep, claimed, p, k):
                left += 1
                for i in range(val[p]):
                    possible[pstart[k] + i * pstep[k]] |= m
            else:
                alive[k] = False
    copy(b.reach, possible, h * w)
    copy(b.seen_claimed, claimed, h * w)
    copy(b.seen_alive, alive, pbeg[n])
    b.fit_todo[0] = EVERYONE
    b.pair_todo[0] = EVERYONE
    b.pair_todo[1] = EVERYONE
    b.single_todo[0] = EVERYONE
    b.dropped[0] = ZERO
    b.finished[0] = ZERO
    b.nalive[0] = left
    return left


@kernel
def refresh_possible(b):
    """``update_possible`` after the last one, redoing only what changed since: the same answer, a fraction of the work.

    Between two updates the rules only add claims and drop placements (the
    generator's undo returns to the state the last update left). So only a
    number that could reach a newly claimed cell can lose placements to it,
    and only a number that lost placements reaches fewer cells. A state
    that was not reached that way falls back to the full update.

    A rule drops a number's placements by claiming a cell for it (seen
    here) or notes the number in ``dropped`` (square, one-of): the
    placements of the other numbers are as the last update left them, and
    are not looked at.
    """
    h, w, n, val, pbeg, pstart, pstep, alive, claimed, possible = b.h, b.w, b.n, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible
    reach, seen_claimed, seen_alive, cross_cells, cross_size = b.reach, b.seen_claimed, b.seen_alive, b.cross_cells, b.cross_size
    hit = ZERO
    claimers = ZERO
    for cell in range(h * w):
        owner = claimed[cell]
        if owner != seen_claimed[cell]:
            if owner == UNCLAIMED or seen_claimed[cell] != UNCLAIMED:
                return update_possible(b)
            seen_claimed[cell] = owner
            hit |= reach[cell] & ~bit(owner)
            claimers |= bit(owner)
    changed = ZERO
    left = b.nalive[0]
    scan = (hit | claimers | b.dropped[0]) & (EVERYONE if n >= 64 else bit(n) - np.uint64(1))
    while scan != ZERO:
        p = lowest(scan)
        scan &= scan - np.uint64(1)
        m = bit(p)
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k] and hit & m != ZERO and not placement_ok(val, pstart, pstep, claimed, p, k):
                alive[k] = False
            if alive[k] != seen_alive[k]:
                if alive[k]:
                    return update_possible(b)
                seen_alive[k] = False
                changed |= m
                left -= 1
    b.nalive[0] = left
    b.dropped[0] = ZERO
    b.fit_todo[0] |= changed
    b.pair_todo[0] |= changed
    b.pair_todo[1] |= changed
    lost = changed
    while changed != ZERO:
        p = lowest(changed)
        changed &= changed - np.uint64(1)
        m = bit(p)
        for i in range(cross_size[p]):
            reach[cross_cells[p, i]] &= ~m
        for k in range(pbeg[p], pbeg[p + 1]):
            if alive[k]:
                for i in range(val[p]):
                    reach[pstart[k] + i * pstep[k]] |= m
    copy(possible, reach, h * w)
    b.single_todo[0] |= lost | claimers | alone_on(b, lost)
    return left


@helper
def alone_on(b, lost):
    """The numbers that are now the only one to reach a cell one of ``lost`` reached before.

    Besides the numbers that lost placements and those that claimed, what a
    single-solution pass may answer differently for: it looks at which of a
    number's cells it alone reaches (and at claims and dots).
    """
    reach, cross_cells, cross_size = b.reach, b.cross_cells, b.cross_size
    found = ZERO
    while lost != ZERO:
        p = lowest(lost)
        lost &= lost - np.uint64(1)
        for i in range(cross_size[p]):
            m = reach[cross_cells[p, i]]
            if m != ZERO and m & (m - np.uint64(1)) == ZERO:
                found |= m
    return found


@helper
def claim(w, val, pbeg, pstart, pstep, alive, claimed, p, cell):
    """Cell is known to be covered by p: keep only p's placements that cover it."""
    claimed[cell] = p
    for k in range(pbeg[p], pbeg[p + 1]):
        if alive[k] and not covers(pstart[k], pstep[k], val[p], w, cell):
            alive[k] = False


@helper
def uncontested_placement(val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size, p):
    """Kind 1 test: the placement p would take, or -1.

    p can reach no unclaimed dot any more but shares a reachable cell with
    another number, and some placement of p covers only cells p has claimed
    or that nobody else can reach.
    """
    m = bit(p)
    contested = False
    for i in range(cross_size[p]):
        cell = cross_cells[p, i]
        reach = possible[cell] & m
        if reach != ZERO:
            if claimed[cell] == UNCLAIMED and dot[cell]:
                return -1
            if possible[cell] != m:
                contested = True
    if not contested:
        return -1
    for k in range(pbeg[p], pbeg[p + 1]):
        if not alive[k]:
            continue
        free = False
        ok = True
        for i in range(val[p]):
            cell = pstart[k] + i * pstep[k]
            if claimed[cell] != UNCLAIMED:
                if claimed[cell] != p:
                    ok = False
                    break
            else:
                free = True
                if possible[cell] != m:
                    ok = False
                    break
        if ok and free:
            return k
    return -1


@helper
def reaching_dots(b):
    """The numbers that can reach an unclaimed dot: none of them is in the uncontested situation.

    One pass over the dots, where the test would scan each number's cross to find one.
    """
    dots, claimed, possible = b.dots, b.claimed, b.possible
    m = ZERO
    for i in range(b.ndots[0]):
        if claimed[dots[i]] == UNCLAIMED:
            m |= possible[dots[i]]
    return m


@kernel
def uncontested_no_cover(b):
    """Kind 1 (leak): the first number in that situation takes its uncontested placement."""
    n, val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size = b.n, b.val, b.dot, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cross_cells, b.cross_size
    busy = reaching_dots(b)
    for p in range(n):
        # A number that reaches a dot, or is finished, is not in that situation (the test would scan its cross to say so).
        if bit(p) & busy != ZERO or finished(b, p):
            continue
        k = uncontested_placement(val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size, p)
        if k < 0:
            continue
        for j in range(pbeg[p], pbeg[p + 1]):
            alive[j] = j == k
        b.dropped[0] |= bit(p)
        for i in range(val[p]):
            cell = pstart[k] + i * pstep[k]
            if claimed[cell] == UNCLAIMED:
                claimed[cell] = p
        return 1
    return 0


@kernel
def cover(b):
    """Kind 2: an unclaimed dot only one number can reach is claimed for it.

    Visits the dots, not the numbers' lines: a level has few. Which dots get
    claimed does not depend on the order (a claim changes only its own cell).
    """
    w, val, dots, pbeg, pstart, pstep, alive, claimed, possible = b.w, b.val, b.dots, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible
    gained = ZERO
    for i in range(b.ndots[0]):
        cell = dots[i]
        if claimed[cell] != UNCLAIMED:
            continue
        m = possible[cell]
        if m != ZERO and m & (m - np.uint64(1)) == ZERO:
            p = lowest(m)
            claim(w, val, pbeg, pstart, pstep, alive, claimed, p, cell)
            gained |= m
    return popcount(gained)


#: The span of no placement yet (see ``narrow``): (first, last) across, then down; -1 = none that way.
NO_SPAN = (-1, 1 << 30, -1, 1 << 30)


@helper
def narrow(span, start, step, v, w):
    """``span`` (cells every placement so far covers) narrowed to those placement (start, step) covers too.

    A number's placements are segments through its cell, so what they share
    is a stretch of its row, of its column, or (both ways) its cell alone.
    """
    lo_h, hi_h, lo_v, hi_v = span
    if step == 1:
        return (max(lo_h, start), min(hi_h, start + v - 1), lo_v, hi_v)
    return (lo_h, hi_h, max(lo_v, start), min(hi_v, start + (v - 1) * w))


@helper
def span_cells(span, at, w, out):
    """Write the cells of ``span`` (of the number on cell ``at``) to ``out``: how many (-1: no placement narrowed it)."""
    lo_h, hi_h, lo_v, hi_v = span
    if lo_h >= 0 and lo_v >= 0:
        out[0] = at
        return 1
    if lo_h >= 0:
        for i in range(hi_h - lo_h + 1):
            out[i] = lo_h + i
        return hi_h - lo_h + 1
    if lo_v >= 0:
        count = (hi_v - lo_v) // w + 1
        for i in range(count):
            out[i] = lo_v + i * w
        return count
    return -1


@kernel
def single_solution(b, near):
    """Kind 3 (leak): two or more interchangeable uninformative placements.

    A player who assumes one solution knows the line is an informative one
    (covers an unclaimed dot) and claims the cells they all share.

    ``near``: the numbers to look at until one claims (``EVERYONE``; in a
    settled round those that reach the new dot: see ``settled``; in a
    layer's first pass, right after ``possible`` was brought up to date,
    ``single_todo``: every other number found nothing at the last such pass,
    and has the same placements over cells with the same claims, dots and
    numbers reaching them, so it would find nothing again).
    """
    w, n, pos, val, dot, pbeg, pstart, pstep, alive, claimed, possible, cells, leak_owner = b.w, b.n, b.pos, b.val, b.dot, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cells_a, b.leak_owner
    width = 0
    for p in range(n):
        if width == 0 and bit(p) & near == ZERO:
            continue
        # It takes two uninformative placements and an informative one.
        left = 0
        for k in range(pbeg[p], pbeg[p + 1]):
            left += alive[k]
        if left < 3:
            continue
        m = bit(p)
        v = val[p]
        informative = 0
        uninformative = 0
        span = NO_SPAN  # the cells every informative placement covers
        for k in range(pbeg[p], pbeg[p + 1]):
            # Runs right after cover found nothing: until this rule claims a
            # cell itself, alive placements fit, and p reaches all their cells.
            if not alive[k] or (width > 0 and not placement_ok(val, pstart, pstep, claimed, p, k)):
                continue
            on_dot = False
            alone = True
            for i in range(v):
                cell = pstart[k] + i * pstep[k]
                if claimed[cell] == UNCLAIMED:
                    if dot[cell]:
                        on_dot = True
                    if possible[cell] != m:
                        alone = False
            if on_dot:
                informative += 1
                span = narrow(span, pstart[k], pstep[k], v, w)
            elif alone:
                uninformative += 1
        if uninformative > 1 and informative > 0:
            for i in range(span_cells(span, pos[p], w, cells)):
                cell = cells[i]
                if claimed[cell] == UNCLAIMED:
                    claim(w, val, pbeg, pstart, pstep, alive, claimed, p, cell)
                    leak_owner[cell] = p  # for the step-through: which claims were the leak's
                    width += 1
    return width


@kernel
def cant_fit(b, narrowed=True, fresh=False, only=EVERYONE):
    """Kind 4: cells covered by every placement that still fits are claimed.

    ``only``: the numbers to look at when not ``fresh`` (the layer's pass
    after a harder kind: see ``layer``).

    ``narrowed``: whether ``possible`` may have been narrowed (by dependency)
    since it was brought up to date. If not, every alive placement fits
    (the update dropped the rest) and the test is skipped.

    ``fresh``: nothing changed since ``possible`` was brought up to date (a
    layer's first pass). Then only the numbers in ``fit_todo`` are looked
    at: those whose placements changed since the last such pass. Every
    other number has the placements it had then, so the cells they all
    cover, which that pass claimed (claims stay), are its already. (Its own
    claims drop none of a number's placements: they all cover those cells.)
    """
    w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, cells = b.w, b.n, b.pos, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cells_a
    todo = b.fit_todo[0] if fresh else only
    if fresh:
        b.fit_todo[0] = ZERO  # what this pass claims changes others' placements: the next update notes those
    width = 0
    for p in range(n):
        if bit(p) & todo == ZERO or finished(b, p):
            continue
        m = bit(p)
        v = val[p]
        span = NO_SPAN  # the cells every fitting placement covers
        for k in range(pbeg[p], pbeg[p + 1]):
            if not alive[k]:
                continue
            fits = True
            for i in range(v if narrowed else 0):
                if possible[pstart[k] + i * pstep[k]] & m == ZERO:
                    fits = False
                    break
            if fits:
                span = narrow(span, pstart[k], pstep[k], v, w)
        gained = 0
        for i in range(span_cells(span, pos[p], w, cells)):
            cell = cells[i]
            if claimed[cell] == UNCLAIMED:
                claim(w, val, pbeg, pstart, pstep, alive, claimed, p, cell)
                gained = 1
        width += gained
    return width


@kernel
def line_distance(w, a, c):
    """Cells between a and c along a row or column; a big number if on neither."""
    ra, ca = a // w, a % w
    rc, cc = c // w, c % w
    if ra == rc:
        return abs(ca - cc)
    if ca == cc:
        return abs(ra - rc)
    return 1 << 30


@kernel
def square(b):
    """Kind 5: two dots only P and Q reach, too far apart for either line.

    P covers exactly one of them, so P's placements covering neither go (and
    Q's likewise). (The original checked only P's length; Q must not span
    both either.) Visits the dots, not the numbers' crosses: a level has few,
    and the answer does not depend on the order (each pair drops only its
    own numbers' placements, and reads only theirs).
    Returns how many placements it dropped.
    """
    w, val, dots, pbeg, pstart, pstep, alive, claimed, possible, twos = b.w, b.val, b.dots, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cells_a
    count = 0
    for i in range(b.ndots[0]):
        cell = dots[i]
        if claimed[cell] == UNCLAIMED and popcount(possible[cell]) == 2:
            twos[count] = cell  # a dot only two numbers reach
            count += 1
    dropped = 0
    for i in range(count):
        a = twos[i]
        m = possible[a]
        for j in range(i + 1, count):
            c = twos[j]
            if possible[c] != m:
                continue
            for p in (lowest(m), lowest(m & (m - np.uint64(1)))):
                got = square_pair(w, val, pbeg, pstart, pstep, alive, possible, p, a, c)
                if got:
                    b.dropped[0] |= bit(p)
                    dropped += got
    return dropped


@helper
def square_pair(w, val, pbeg, pstart, pstep, alive, possible, p, a, c):
    """Dots a and c that only p and one other number Q reach: if too far apart for either line, p's placements covering neither go.

    Returns how many it dropped.
    """
    v = val[p]
    q = lowest(possible[a] ^ bit(p))
    if line_distance(w, a, c) < max(v, val[q]):
        return 0
    dropped = 0
    for k in range(pbeg[p], pbeg[p + 1]):
        if alive[k] and not covers(pstart[k], pstep[k], v, w, a) and not covers(pstart[k], pstep[k], v, w, c):
            alive[k] = False
            dropped += 1
    return dropped


@helper
def must_cover(w, val, pbeg, pstart, pstep, alive, possible, a, out):
    """The cells whoever covers ``a`` must cover too: how many were written to ``out`` (-1: nobody covers ``a``).

    The cells every placement covering ``a`` shares, whichever number's: one
    narrowing over them all. (Each number's own share is a stretch of its row
    or column through ``a``: the same stretches intersected; a row's and a
    column's meet in ``a`` alone.)
    """
    span = NO_SPAN
    left = possible[a]
    while left != ZERO:
        q = lowest(left)
        left &= left - np.uint64(1)
        v = val[q]
        for k in range(pbeg[q], pbeg[q + 1]):
            if alive[k] and covers(pstart[k], pstep[k], v, w, a):
                span = narrow(span, pstart[k], pstep[k], v, w)
    return span_cells(span, a, w, out)


@kernel
def dependency(b, new=-1):
    """Kind 6: dots that whoever covers dot ``a`` must cover too share its candidates.

    Returns how many times it narrowed ``possible``.

    ``new``: in a settled round (see ``settled``), the one dot added since a
    pass that narrowed nothing. A dot's pairs lie on its row and column (the
    cells whoever covers it must cover are on lines through it), so a dot
    whose row and column hold neither ``new`` nor a cell this pass narrowed
    still agrees with all of them: it is skipped. The pass is otherwise the
    same, in the same order, so it narrows exactly what the full one would.
    """
    w, val, dot, dots, pbeg, pstart, pstep, alive, claimed, possible, cells_a = b.w, b.val, b.dot, b.dots, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cells_a
    local = new >= 0
    rows = bit(new // w) if local else ZERO
    cols = bit(new % w) if local else ZERO
    narrowed = 0
    for d in range(b.ndots[0]):
        a = dots[d]
        if claimed[a] != UNCLAIMED or popcount(possible[a]) <= 1:
            continue
        if local and bit(a // w) & rows == ZERO and bit(a % w) & cols == ZERO:
            continue
        ndep = must_cover(w, val, pbeg, pstart, pstep, alive, possible, a, cells_a)
        for i in range(ndep):
            t = cells_a[i]
            if t != a and dot[t] and possible[a] != possible[t]:
                both = possible[a] & possible[t]
                b.thinned[0] |= (possible[a] | possible[t]) & ~both
                possible[a] = both
                possible[t] = both
                narrowed += 1
                if local:
                    rows |= bit(a // w) | bit(t // w)
                    cols |= bit(a % w) | bit(t % w)
    return narrowed

"""Kind 7, one-of, and what it looks at: the pairs, the cells they share, what each number must cover.

Of two numbers that can reach a cell, at most one covers it; the one that
avoids it covers what all its placements avoiding that cell share, so a
third number cannot touch both such stretches. The deduction kind's other
six live in ``rules.py``; this one has grown a to-do list and shortcuts of
its own (see ``one_of``).
"""

import numpy as np

from .bits import bit, helper, kernel, lowest
from .board import UNCLAIMED, covers
from .rules import EVERYONE, NO_SPAN, ZERO, narrow, span_cells


@helper
def common_cells(w, pos, val, pbeg, pstart, pstep, alive, p, target, want_cover, out):
    """Cells shared by all of p's usable placements that do (or do not) cover target.

    Returns how many were written to ``out``, or -1 when no placement
    qualifies (then "every such placement covers X" holds for any X).
    Placements are segments through p's cell, so what they share is an
    interval of the row or column, or p's cell alone if both directions occur.
    """
    v = val[p]
    span = NO_SPAN
    for k in range(pbeg[p], pbeg[p + 1]):
        # Runs only after a layer's cover and can't-fit found nothing, so no
        # cell was claimed since update_possible: alive placements are usable.
        if alive[k] and covers(pstart[k], pstep[k], v, w, target) == want_cover:
            span = narrow(span, pstart[k], pstep[k], v, w)
    return span_cells(span, pos[p], w, out)


@kernel
def touches(start, step, v, w, cells, count):
    """Whether the placement covers one of cells[:count] (count < 0: everything)."""
    if count < 0:
        return True
    for i in range(count):
        if covers(start, step, v, w, cells[i]):
            return True
    return False


@helper
def reach_of(n, possible, cells, count):
    """The numbers that can reach any of cells[:count] (every number if count < 0)."""
    if count < 0:
        return ~ZERO if n >= 64 else bit(n) - np.uint64(1)
    m = ZERO
    for i in range(count):
        m |= possible[cells[i]]
    return m


@helper
def must_avoiding(w, pos, val, pbeg, pstart, pstep, alive, claimed, p, x, out):
    """Unclaimed cells p covers whenever it avoids x (count, or -1: p cannot avoid x).

    Cells p already claimed are left out: no other number can touch them.
    """
    count = common_cells(w, pos, val, pbeg, pstart, pstep, alive, p, x, False, out)
    kept = 0
    for i in range(count):
        if claimed[out[i]] == UNCLAIMED:
            out[kept] = out[i]
            kept += 1
    return count if count < 0 else kept


@helper
def narrower(b):
    """Whether ``possible`` is narrower than the last update left it (``reach``): dependency narrowed it since."""
    possible, reach = b.possible, b.reach
    for cell in range(b.h * b.w):
        if possible[cell] != reach[cell]:
            return True
    return False


@kernel
def one_of(b, crossing, exact=True):
    """Kind 7: of two numbers that can reach x, at most one covers it.

    The one that avoids x covers all cells its x-avoiding placements share;
    a third number's placement touching both such sets is impossible. The
    spec's pairs lie on one row or column; with ``crossing`` (tried only when
    nothing else is left) the pair may lie anywhere: the reasoning is the same.
    Pairs come first and only cells both numbers reach are looked at.
    Returns how many placements it dropped.
    """
    w, n, pos, claimed, possible, cross_cells, cross_size = b.w, b.n, b.pos, b.claimed, b.possible, b.cross_cells, b.cross_size
    dropped = 0
    # Only pairs with a number whose placements changed since the last pass of this kind (``pair_todo``)
    # or since the last update (``dropped``: square, one-of), or in this pass. Of an unchanged pair that
    # pass found what it covers when it avoids each cell; claims, the other numbers' placements and
    # ``possible`` have only grown and narrowed since: it finds nothing new. Unless dependency had
    # narrowed ``possible`` below ``reach`` for that pass: the next update widens it again, so the
    # next pass looks at every pair. Not ``exact`` (the generator's rounds, see ``layer``), it does not.
    which = 1 if crossing else 0
    todo = b.pair_todo[which]
    b.pair_todo[which] = EVERYONE if exact and narrower(b) else ZERO
    # The numbers whose ``spans`` row is up to date in this pass (``placement_span``).
    spanned = ZERO
    for pa in range(n):
        ncross = cross_size[pa]
        ma = bit(pa)
        # A pair needs a number in the to-do list; pa's pairs are with later numbers. (None of them can
        # join the list while pa's pairs are skipped.)
        if (todo | b.dropped[0]) & ~(ma - np.uint64(1)) == ZERO:
            continue
        # Only the later numbers that share a free cell with pa can make a pair: the
        # others are skipped before the row and column test (divisions, the costly part).
        # Within the rule nothing is claimed and ``possible`` stays, so this holds throughout.
        shared = ZERO
        for i in range(ncross):
            x = cross_cells[pa, i]
            if claimed[x] == UNCLAIMED and possible[x] & ma != ZERO:
                shared |= possible[x]
        shared &= ~((ma << np.uint64(1)) - np.uint64(1))
        ra, ca = pos[pa] // w, pos[pa] % w
        while shared != ZERO:
            pb = lowest(shared)
            shared &= shared - np.uint64(1)
            both = ma | bit(pb)
            if both & (todo | b.dropped[0]) == ZERO:
                continue
            rb, cb = pos[pb] // w, pos[pb] % w
            if (ra == rb or ca == cb) == crossing:
                continue
            if ma & ~spanned != ZERO:
                placement_span(b, pa)
            if bit(pb) & ~spanned != ZERO:
                placement_span(b, pb)
            spanned |= both
            if crossing:
                # Off each other's lines, two numbers share only the two cells where their lines cross:
                # one on pa's row and pb's column, the other on pa's column and pb's row.
                got, lost = avoided_at(b, pa, pb, both, ra * w + cb, True, False)
                dropped += got
                spanned &= ~lost
                got, lost = avoided_at(b, pa, pb, both, rb * w + ca, False, True)
                dropped += got
                spanned &= ~lost
            else:
                # In one line: the cells both reach are on it.
                for i in range(ncross):
                    got, lost = avoided_at(b, pa, pb, both, cross_cells[pa, i], ra == rb, ra == rb)
                    dropped += got
                    spanned &= ~lost
    return dropped


@helper
def avoided_at(b, pa, pb, both, x, on_row_a, on_row_b):
    """One-of on cell ``x`` for numbers ``pa`` and ``pb`` (``both``: their bits; ``x`` on the row of each or its
    column, ``on_row_*``; their ``spans`` up to date): (placements dropped, the numbers they were of)."""
    w, n, val, pbeg, pstart, pstep, alive, claimed, possible = b.w, b.n, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible
    if claimed[x] != UNCLAIMED or possible[x] & both != both:
        return 0, ZERO
    # What a number covers when it avoids x: a piece of one line, at most 9 cells.
    must_a, must_b = b.cells_a, b.cells_b
    na = must_avoiding_on(b, pa, x, on_row_a, must_a)
    if na == 0:
        return 0, ZERO
    nb_ = must_avoiding_on(b, pb, x, on_row_b, must_b)
    if nb_ == 0:
        return 0, ZERO
    dropped = 0
    lost = ZERO
    third = reach_of(n, possible, must_a, na) & reach_of(n, possible, must_b, nb_) & ~both
    while third != ZERO:
        c = lowest(third)
        third &= third - np.uint64(1)
        v = val[c]
        for q in range(pbeg[c], pbeg[c + 1]):
            if alive[q] and touches(pstart[q], pstep[q], v, w, must_a, na) and touches(pstart[q], pstep[q], v, w, must_b, nb_):
                alive[q] = False
                lost |= bit(c)
                dropped += 1
    b.dropped[0] |= lost
    return dropped, lost


@helper
def placement_span(b, p):
    """``spans[p]``: the cells all of ``p``'s placements across cover (first, last; -1, 2**30: none across), then
    all of those down (see ``narrow``)."""
    w, val, pbeg, pstart, pstep, alive, spans = b.w, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.spans
    span = NO_SPAN
    for k in range(pbeg[p], pbeg[p + 1]):
        if alive[k]:
            span = narrow(span, pstart[k], pstep[k], val[p], w)
    spans[p, 0], spans[p, 1], spans[p, 2], spans[p, 3] = span


@helper
def must_avoiding_on(b, p, x, on_row, out):
    """``must_avoiding`` for a free cell ``x`` on ``p``'s row (``on_row``) or column, from ``spans[p]`` where it tells.

    The placements along the other line never cover x; those along x's line
    all do when x lies in the stretch they all cover. So when p has
    placements both ways, those avoiding x share p's own cell alone (0 free
    cells) unless every placement along x's line covers x: then they are
    those along the other line, sharing its stretch. Only where p has
    placements along x's line alone does it take the placements' own look.
    """
    w, claimed, spans = b.w, b.claimed, b.spans
    if on_row:
        lo_x, hi_x, lo_o, hi_o, step_o = spans[p, 0], spans[p, 1], spans[p, 2], spans[p, 3], w
    else:
        lo_x, hi_x, lo_o, hi_o, step_o = spans[p, 2], spans[p, 3], spans[p, 0], spans[p, 1], 1
    all_cover = lo_x >= 0 and lo_x <= x <= hi_x
    if lo_o >= 0:
        if lo_x >= 0 and not all_cover:
            return 0
        kept = 0
        for cell in range(lo_o, hi_o + 1, step_o):
            if claimed[cell] == UNCLAIMED:
                out[kept] = cell
                kept += 1
        return kept
    if lo_x < 0 or all_cover:
        return -1
    return must_avoiding(w, b.pos, b.val, b.pbeg, b.pstart, b.pstep, b.alive, claimed, p, x, out)

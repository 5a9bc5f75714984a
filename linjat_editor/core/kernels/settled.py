"""A settled round's rules: only what the one new dot can change.

In a settled round (see ``layer.layer``) the board is the last round's, in
which every rule ran and found nothing and nothing changed, plus one dot the
generator added, on a free cell some number reaches. Whatever a rule that
looks at dots finds now, it finds through that dot; these look only there and
answer exactly what the full rules would (``tests/core/test_settled.py``
holds them to that). Such rounds took about a third of the generator's
cycles; looking only at the new dot saves about a tenth of them all
(dependency can seldom be skipped: the new dot usually gives it a pair).
"""

import numpy as np

from .bits import kernel, lowest, popcount
from .board import UNCLAIMED
from .rules import ZERO, claim, must_cover, square_pair


@kernel
def newest_dot(b):
    """The dot the generator added last: a settled round's new dot."""
    return b.added[b.nadded[0] - 1]


@kernel
def cover_new(b, c):
    """``cover`` when only dot ``c`` is new (it is unclaimed): claim it if one number reaches it."""
    m = b.possible[c]
    if m != ZERO and m & (m - np.uint64(1)) == ZERO:
        claim(b.w, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, lowest(m), c)
        return 1
    return 0


@kernel
def square_new(b, c):
    """``square`` when only dot ``c`` is new: the pairs of dots that include it.

    Pairs without it dropped nothing last round and still drop nothing.
    """
    w, val, dot, pbeg, pstart, pstep, alive, claimed, possible, cross_cells, cross_size = b.w, b.val, b.dot, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, b.possible, b.cross_cells, b.cross_size
    mc = possible[c]
    if popcount(mc) != 2:
        return 0
    dropped = 0
    for p in (lowest(mc), lowest(mc & (mc - np.uint64(1)))):
        for i in range(cross_size[p]):
            a = cross_cells[p, i]
            if a != c and dot[a] and claimed[a] == UNCLAIMED and possible[a] == mc:
                dropped += square_pair(w, val, pbeg, pstart, pstep, alive, possible, p, a, c)
    return dropped


@kernel
def dependency_new(b, c):
    """Whether ``dependency`` could narrow anything when only dot ``c`` is new.

    Last round every pair of dots it relates (``a`` and a dot that whoever
    covers ``a`` must cover too) already had the same numbers. The new pairs
    are ``c`` with such dots of its own, and the dots ``a`` whose such cells
    include ``c`` (then some number reaching ``a`` reaches ``c``). If they
    all agree already, the full rule would narrow nothing.
    """
    w, dots, claimed, possible = b.w, b.dots, b.claimed, b.possible
    mc = possible[c]
    if popcount(mc) > 1 and _must_cover_disagrees(b, c, -1):
        return True
    for d in range(b.ndots[0]):
        a = dots[d]
        ma = possible[a]
        # Such cells lie on a's row or column (lines through a, or a number's own cell).
        if a // w != c // w and a % w != c % w:
            continue
        if a == c or claimed[a] != UNCLAIMED or popcount(ma) <= 1 or ma == mc or ma & mc == ZERO:
            continue
        if _must_cover_disagrees(b, a, c):
            return True
    return False


@kernel
def _must_cover_disagrees(b, a, only):
    """Whether a dot (``only``, or any if -1) that whoever covers ``a`` must cover has other numbers than ``a``."""
    cells = b.cells_a
    ndep = must_cover(b.w, b.pos, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.possible, a, cells, b.cells_b)
    for i in range(ndep):
        t = cells[i]
        if t != a and (only < 0 or t == only) and b.dot[t] and b.possible[a] != b.possible[t]:
            return True
    return False

"""A settled round's rules: only what the one new dot can change.

In a settled round (see ``layer.layer``) the board is the last round's, in
which every rule ran and found nothing and nothing changed, plus one dot the
generator added, on a free cell some number reaches. Whatever a rule that
looks at dots finds now, it finds through that dot; these look only there and
answer exactly what the full rules would (``tests/core/test_settled.py``
holds them to that). Such rounds are common in the generator, so looking only
at the new dot is worth its own rules (docs/dev/search-experiments.md says by how much).
Dependency's settled pass is ``rules.dependency`` with the new dot: it
skips the dots whose pairs cannot have changed.
"""

import numpy as np

from .bits import bit, kernel, lowest, popcount
from .board import UNCLAIMED
from .rules import ZERO, claim, square_pair


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
                got = square_pair(w, val, pbeg, pstart, pstep, alive, possible, p, a, c)
                if got:
                    b.dropped[0] |= bit(p)
                    dropped += got
    return dropped

"""A round of every sound rule from a recorded point: what an honest player could not rule out there.

It calls the engine's own rules (``core/kernels``), so the analysis reasons
exactly as the solver does (and shares its versioned cache, see
:mod:`linjat_editor.core.kernels.cache`). It is not a solve: no layers, no
order of kinds, each rule once.
"""

from ..kernels.bits import copy, kernel
from ..kernels.layer import contradiction
from ..kernels.rules import cant_fit, cover, dependency, one_of, square, update_possible


@kernel
def _one_of_round(b):
    """One-of on pairs in a line, then on crossing pairs, as the solver tries them."""
    one_of(b, False)
    cant_fit(b)
    update_possible(b)
    one_of(b, True)
    cant_fit(b)
    update_possible(b)


@kernel
def sound_round(b):
    """One round of every sound rule from the current claims (changes ``b``)."""
    update_possible(b)
    if contradiction(b):
        return
    cover(b)
    update_possible(b)
    cant_fit(b)
    update_possible(b)
    square(b)
    cant_fit(b)
    update_possible(b)
    dependency(b)
    cant_fit(b)
    update_possible(b)
    _one_of_round(b)


@kernel
def sound_from(b, alive_at, claimed_at, out):
    """``out``: the placements still alive after a sound round from a recorded point (``b`` is the workspace)."""
    n, pbeg, alive, claimed = b.n, b.pbeg, b.alive, b.claimed
    m = pbeg[n]
    copy(alive, alive_at, m)
    copy(claimed, claimed_at, claimed.size)
    sound_round(b)
    copy(out, alive, m)

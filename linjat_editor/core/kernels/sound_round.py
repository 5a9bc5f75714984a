"""A round of every sound rule from a recorded point: what an honest player could not rule out there.

It calls the engine's own rules (``core/kernels``), so the analysis reasons
exactly as the solver does (and shares its versioned cache, see
:mod:`linjat_editor.core.jit.cache`). It is not a solve: no layers, no
order of kinds, each rule once.
"""

from .bits import copy, helper, kernel
from .layer import contradiction
from .one_of import one_of
from .rules import cant_fit, cover, dependency, square, update_possible


@helper
def _none_alive(b, watch):
    """Whether every watched placement is gone (rules only ever drop placements: the rest of a round changes nothing for them)."""
    alive = b.alive
    for k in range(b.pbeg[b.n]):
        if watch[k] and alive[k]:
            return False
    return True


@kernel
def sound_round(b, watch, early):
    """One round of every sound rule from the current claims (changes ``b``).

    With ``early``, it stops between rules once no placement in ``watch`` is
    alive: a rule never brings a placement back, so what the round says of
    the watched ones is already its last word (the leak test asks only
    about those, and mostly a cheap rule has dropped them all).
    """
    update_possible(b)
    if contradiction(b):
        return
    cover(b)
    update_possible(b)
    if early and _none_alive(b, watch):
        return
    cant_fit(b)
    update_possible(b)
    if early and _none_alive(b, watch):
        return
    square(b)
    cant_fit(b)
    update_possible(b)
    if early and _none_alive(b, watch):
        return
    dependency(b)
    cant_fit(b)
    update_possible(b)
    if early and _none_alive(b, watch):
        return
    # One-of on pairs in a line, then on crossing pairs, as the solver tries them.
    one_of(b, False)
    cant_fit(b)
    update_possible(b)
    if early and _none_alive(b, watch):
        return
    one_of(b, True)
    cant_fit(b)
    update_possible(b)


@kernel
def sound_from(b, alive_at, claimed_at, out):
    """``out``: the placements still alive after a sound round from a recorded point (``b`` is the workspace)."""
    n, pbeg, alive, claimed = b.n, b.pbeg, b.alive, b.claimed
    m = pbeg[n]
    copy(alive, alive_at, m)
    copy(claimed, claimed_at, claimed.size)
    sound_round(b, out, False)
    copy(out, alive, m)


@kernel
def sound_watching(b, alive_at, claimed_at, out, watch):
    """``sound_from``, right for the placements in ``watch`` only: the round stops once none of them is alive."""
    n, pbeg, alive, claimed = b.n, b.pbeg, b.alive, b.claimed
    m = pbeg[n]
    copy(alive, alive_at, m)
    copy(claimed, claimed_at, claimed.size)
    sound_round(b, watch, True)
    copy(out, alive, m)

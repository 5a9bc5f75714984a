"""The numba kernels behind :mod:`.trace`: a sound round, point snapshots, the recorded solve.

They call the engine's own rules and layer step (``core/kernels``), so the
analysis always reasons exactly as the solver does (and share its versioned
cache, see :mod:`linjat_editor.core.kernels.cache`).
"""

import numba as nb
import numpy as np


from ..kernels.layer import NONE, RUNNING, contradiction, step
from ..kernels.layer import SINGLE_SOLUTION as SINGLE_SOLUTION_KIND
from ..kernels.rules import cant_fit, cover, dependency, one_of, single_solution, square, update_possible

@nb.njit(cache=True, nogil=True)
def _one_of_round(b):
    """One-of on pairs in a line, then on crossing pairs, as the solver tries them."""
    one_of(b, False)
    cant_fit(b)
    update_possible(b)
    one_of(b, True)
    cant_fit(b)
    update_possible(b)


@nb.njit(cache=True, nogil=True)
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


@nb.njit(cache=True, nogil=True)
def snapshot(b, alive_out):
    """Record the placements alive at this point (after dropping those over others' claims); ``b`` is kept."""
    keep_alive = b.alive.copy()
    keep_possible = b.possible.copy()
    update_possible(b)
    alive_out[:] = b.alive[: b.pbeg[b.n]]
    b.alive[:] = keep_alive
    b.possible[:] = keep_possible


@nb.njit(cache=True, nogil=True)
def sound_from(b, alive_at, claimed_at, out):
    """``out``: the placements still alive after a sound round from a recorded point (``b`` is the workspace)."""
    m = b.pbeg[b.n]
    b.alive[:m] = alive_at
    b.claimed[:] = claimed_at
    sound_round(b)
    out[:] = b.alive[:m]


@nb.njit(cache=True, nogil=True)
def single_solution_claims(b, out):
    """Cells the single-solution rule alone claims from the current state (``out[cell]`` = number)."""
    keep_alive = b.alive.copy()
    keep_claimed = b.claimed.copy()
    keep_possible = b.possible.copy()
    update_possible(b)
    single_solution(b)
    for c in range(b.h * b.w):
        out[c] = b.claimed[c] if b.claimed[c] != keep_claimed[c] else -1
    b.alive[:] = keep_alive
    b.claimed[:] = keep_claimed
    b.possible[:] = keep_possible


@nb.njit(cache=True, nogil=True)
def record_run(b, alive_pts, claimed_pts, kinds, widths, ss_claims, final_alive):
    """Solve layer by layer as ``core.solve`` does, recording every point; returns (points, status).

    One kernel call for the whole run: calling a kernel from Python costs more
    than a layer does.
    """
    m = b.pbeg[b.n]
    cells = b.h * b.w
    snapshot(b, alive_pts[0])
    claimed_pts[0, :] = b.claimed[:cells]
    t = 0
    state = RUNNING
    while state == RUNNING and t + 1 < alive_pts.shape[0]:
        keep_alive = b.alive.copy()
        keep_claimed = b.claimed.copy()
        keep_possible = b.possible.copy()
        state, kind, width = step(b)
        if kind == NONE:
            break
        ss_claims[t, :] = -1
        if kind == SINGLE_SOLUTION_KIND:
            after_alive = b.alive.copy()
            after_claimed = b.claimed.copy()
            after_possible = b.possible.copy()
            b.alive[:] = keep_alive
            b.claimed[:] = keep_claimed
            b.possible[:] = keep_possible
            single_solution_claims(b, ss_claims[t])
            b.alive[:] = after_alive
            b.claimed[:] = after_claimed
            b.possible[:] = after_possible
        kinds[t] = kind
        widths[t] = width
        t += 1
        snapshot(b, alive_pts[t])
        claimed_pts[t, :] = b.claimed[:cells]
    final_alive[:] = b.alive[:m]
    return t + 1, state

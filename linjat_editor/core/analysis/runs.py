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
def _one_of_round(b, s):
    """One-of on pairs in a line, then on crossing pairs, as the solver tries them."""
    one_of(b, s, False)
    cant_fit(b, s)
    update_possible(b)
    one_of(b, s, True)
    cant_fit(b, s)
    update_possible(b)


@nb.njit(cache=True, nogil=True)
def sound_round(b, s):
    """One round of every sound rule from the current claims (changes ``b``)."""
    update_possible(b)
    if contradiction(b):
        return
    cover(b, s)
    update_possible(b)
    cant_fit(b, s)
    update_possible(b)
    square(b, s)
    cant_fit(b, s)
    update_possible(b)
    dependency(b, s)
    cant_fit(b, s)
    update_possible(b)
    _one_of_round(b, s)


@nb.njit(cache=True, nogil=True)
def snapshot(b, alive_out):
    """Record the placements alive at this point (after dropping those over others' claims); ``b`` is kept."""
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    keep_alive = alive.copy()
    keep_possible = possible.copy()
    update_possible(b)
    alive_out[:] = alive[: pbeg[n]]
    alive[:] = keep_alive
    possible[:] = keep_possible


@nb.njit(cache=True, nogil=True)
def sound_from(h, w, n, pos, val, pbeg, pstart, pstep, dot, alive_at, claimed_at, s, out):
    """``out``: the placements still alive after a sound round from a recorded point."""
    alive = np.zeros(pstart.shape[0], np.bool_)
    m = pbeg[n]
    alive[:m] = alive_at
    claimed = claimed_at.astype(np.int64)
    possible = np.zeros(h * w, np.uint64)
    b = (h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot)
    sound_round(b, s)
    out[:] = alive[:m]


@nb.njit(cache=True, nogil=True)
def single_solution_claims(b, s, out):
    """Cells the single-solution rule alone claims from the current state (``out[cell]`` = number)."""
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    keep_alive = alive.copy()
    keep_claimed = claimed.copy()
    keep_possible = possible.copy()
    update_possible(b)
    single_solution(b, s)
    for c in range(h * w):
        out[c] = claimed[c] if claimed[c] != keep_claimed[c] else -1
    alive[:] = keep_alive
    claimed[:] = keep_claimed
    possible[:] = keep_possible


@nb.njit(cache=True, nogil=True)
def record_run(b, s, alive_pts, claimed_pts, kinds, widths, ss_claims, final_alive):
    """Solve layer by layer as ``core.solve`` does, recording every point; returns (points, status).

    One kernel call for the whole run: calling a kernel from Python costs more
    than a layer does.
    """
    h, w, n, pos, val, pbeg, pstart, pstep, alive, claimed, possible, dot = b
    m = pbeg[n]
    cells = h * w
    snapshot(b, alive_pts[0])
    claimed_pts[0, :] = claimed[:cells]
    t = 0
    state = RUNNING
    while state == RUNNING and t + 1 < alive_pts.shape[0]:
        keep_alive = alive.copy()
        keep_claimed = claimed.copy()
        keep_possible = possible.copy()
        state, kind, width = step(b, s)
        if kind == NONE:
            break
        ss_claims[t, :] = -1
        if kind == SINGLE_SOLUTION_KIND:
            after_alive = alive.copy()
            after_claimed = claimed.copy()
            after_possible = possible.copy()
            alive[:] = keep_alive
            claimed[:] = keep_claimed
            possible[:] = keep_possible
            single_solution_claims(b, s, ss_claims[t])
            alive[:] = after_alive
            claimed[:] = after_claimed
            possible[:] = after_possible
        kinds[t] = kind
        widths[t] = width
        t += 1
        snapshot(b, alive_pts[t])
        claimed_pts[t, :] = claimed[:cells]
    final_alive[:] = alive[:m]
    return t + 1, state

"""The general uniqueness-leak test, as a numba kernel over a traced :class:`~..solver.Deduction`.

A placement ``X`` of number ``P``, still possible at some point of the
deduction, is a *leak* there when

1. none of the sound rules rules it out at that point (it survives a sound
   round from that point: :func:`.sound.sound_from`),
2. it is not part of the level's only solution, and
3. taking it leaves part of the board with **more than one completion**:
   restrict every number to its placements still possible at that point and
   ``P`` to ``X``; the remaining numbers split into independent groups (no two
   groups can reach a common cell); some group, on its own, can be finished in
   two or more ways (counted with the engine's exact solver, limit 2), and
   that group is small enough to take in at a glance (at most ``max_group``
   numbers, 3 by default: beyond that, seeing the ambiguity *is* solving).

Then every solution with ``X`` would come in twos, so a player who assumes
the level has one solution rules ``X`` out on sight, without the deduction
that really excludes it (which, in a unique level, is a contradiction found
somewhere else on the board). Groups that ``X`` does not touch cannot be the
witness: at a sound point each of them has exactly one completion.

Only groups that touch a cell ``P`` could reach at that point are counted,
and each placement is reported at the earliest point only.
"""

from __future__ import annotations

import numpy as np

from ..kernels.bits import allocating
from ..kernels.exact import count_solutions
from ..solver import Deduction
from .sound import sound_from


@allocating
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@allocating
def _count_group(ncells, n, val, piece, cells, ok, group, root, dot, taken, limit):
    """Completions (up to ``limit``) of the numbers with ``group[q] == root`` alone."""
    remap = np.full(n, -1, np.int64)
    m = 0
    for q in range(n):
        if group[q] == root:
            remap[q] = m
            m += 1
    nsel = 0
    for k in range(piece.shape[0]):
        if ok[k] and remap[piece[k]] >= 0:
            nsel += 1
    maxlen = cells.shape[1]
    pl_piece = np.zeros(nsel, np.int64)
    pl_cells = np.zeros((nsel, maxlen), np.int64)
    pl_len = np.zeros(nsel, np.int64)
    reach = np.zeros(ncells, np.bool_)
    j = 0
    for k in range(piece.shape[0]):
        if ok[k] and remap[piece[k]] >= 0:
            pl_piece[j] = remap[piece[k]]
            v = val[piece[k]]
            pl_len[j] = v
            for i in range(v):
                pl_cells[j, i] = cells[k, i]
                reach[cells[k, i]] = True
            j += 1
    nd = 0
    for c in range(ncells):
        if dot[c] and reach[c] and not taken[c]:
            nd += 1
    dots = np.zeros(nd, np.int64)
    nd = 0
    for c in range(ncells):
        if dot[c] and reach[c] and not taken[c]:
            dots[nd] = c
            nd += 1
    allowed = np.ones(nsel, np.bool_)
    out = np.zeros((1, m), np.int64)
    return count_solutions(ncells, m, pl_piece, pl_cells, pl_len, allowed, dots, limit, out)


@allocating
def _covering(ncells, val, piece, cells):
    """Which placements cover each cell: those of cell ``c`` are ``at[start[c]:start[c + 1]]``."""
    start = np.zeros(ncells + 1, np.int64)
    for k in range(piece.shape[0]):
        for i in range(val[piece[k]]):
            start[cells[k, i] + 1] += 1
    for c in range(ncells):
        start[c + 1] += start[c]
    at = np.zeros(start[ncells], np.int64)
    fill = start[:ncells].copy()
    for k in range(piece.shape[0]):
        for i in range(val[piece[k]]):
            c = cells[k, i]
            at[fill[c]] = k
            fill[c] += 1
    return start, at


@allocating
def _touching(m, val, piece, cells, alive, p, reach, touch):
    """``touch[k]``: placement ``k`` shares a cell with a placement of ``p`` still possible (``reach``: scratch)."""
    reach[:] = False
    for y in range(m):
        if alive[y] and piece[y] == p:
            for i in range(val[p]):
                reach[cells[y, i]] = True
    for y in range(m):
        touch[y] = False
        for i in range(val[piece[y]]):
            if reach[cells[y, i]]:
                touch[y] = True
                break


@allocating
def leak_test(ncells, n, val, piece, cells, alive, dot, x, max_group, witness, cover_start, cover, touch, work):
    """Whether taking placement ``x`` leaves an independent group with 2+ completions.

    ``alive``: placements possible at the point; groups of more than
    ``max_group`` numbers are not counted. On success the group's numbers are
    marked in ``witness`` (bool per number). ``cover_start``/``cover``: the
    placements over each cell (:func:`_covering`); ``touch``: the placements
    next to ``x``'s number (:func:`_touching`); ``work``: scratch arrays,
    ``taken`` all False between calls.
    """
    taken, ok, parent, first, options, group, loose, near, size = work
    p = piece[x]
    nplace = piece.shape[0]
    # The other numbers' placements still possible, less those over x's cells.
    for k in range(nplace):
        ok[k] = alive[k] and piece[k] != p
    for i in range(val[p]):
        c = cells[x, i]
        taken[c] = True
        for j in range(cover_start[c], cover_start[c + 1]):
            ok[cover[j]] = False
    for q in range(n):
        parent[q] = q
        options[q] = 0
        group[q] = -1
        loose[q] = False
        near[q] = False
        size[q] = 0
    first[:] = -1
    for k in range(nplace):
        if not ok[k]:
            continue
        q = piece[k]
        options[q] += 1
        for i in range(val[q]):
            c = cells[k, i]
            if first[c] < 0:
                first[c] = q
            else:
                ra = _find(parent, q)
                rb = _find(parent, first[c])
                if ra != rb:
                    parent[ra] = rb
    for q in range(n):
        if q != p and options[q] > 0:
            r = _find(parent, q)
            group[q] = r
            size[r] += 1
            if options[q] > 1:
                loose[r] = True
    for k in range(nplace):
        if ok[k] and touch[k]:
            near[group[piece[k]]] = True
    found = False
    for r in range(n):
        if not (loose[r] and near[r]) or size[r] > max_group:
            continue
        if _count_group(ncells, n, val, piece, cells, ok, group, r, dot, taken, 2) >= 2:
            for q in range(n):
                witness[q] = group[q] == r
            found = True
            break
    for i in range(val[p]):
        taken[cells[x, i]] = False
    return found


@allocating
def find_all(b, piece, cells, alive_pts, claimed_pts, not_solution, max_group, first, witness):
    """Every point in turn: test the candidates, and where some fail, keep those a sound round leaves alive.

    The sound round (the expensive part) only runs at points where some
    placement failed the uniqueness test. One kernel call for the whole level.
    """
    m = piece.shape[0]
    n, val, dot = b.n, b.val, b.dot
    ncells = b.h * b.w
    hits = np.zeros(m, np.bool_)
    found = np.zeros((m, n), np.bool_)
    sound = np.zeros(m, np.bool_)
    cover_start, cover = _covering(ncells, val, piece, cells)
    reach = np.zeros(ncells, np.bool_)
    touch = np.zeros(m, np.bool_)
    work = (
        np.zeros(ncells, np.bool_), np.zeros(m, np.bool_), np.zeros(n, np.int64), np.zeros(ncells, np.int64),
        np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.bool_), np.zeros(n, np.bool_), np.zeros(n, np.int64),
    )
    for t in range(alive_pts.shape[0]):
        alive = alive_pts[t]
        any_hit = False
        number = -1
        for k in range(m):
            hits[k] = False
            if alive[k] and not_solution[k] and first[k] < 0:
                if piece[k] != number:  # placements are listed by number: once per number and point
                    number = piece[k]
                    _touching(m, val, piece, cells, alive, number, reach, touch)
                if leak_test(ncells, n, val, piece, cells, alive, dot, k, max_group, found[k], cover_start, cover, touch, work):
                    hits[k] = True
                    any_hit = True
        if not any_hit:
            continue
        sound_from(b, alive_pts[t], claimed_pts[t], sound)
        for k in range(m):
            if hits[k] and sound[k]:
                first[k] = t
                witness[k, :] = found[k]


def find_leaks(trace: Deduction, cells: np.ndarray, solution: np.ndarray, max_group: int) -> tuple[np.ndarray, np.ndarray]:
    """Earliest leaky point of every placement (-1: none) and the witness numbers of each."""
    level = trace.level
    n, m = len(level.numbers), trace.piece.size
    first = np.full(m, -1, np.int64)
    witness = np.zeros((m, n), np.bool_)
    not_solution = np.ones(m, np.bool_)
    not_solution[solution[solution >= 0]] = False
    # The sound rounds work in a copy of the board: the deduction keeps its final state.
    b = trace.board
    work = b._replace(alive=b.alive.copy(), claimed=b.claimed.copy(), possible=b.possible.copy())
    find_all(work, trace.piece, cells, trace.alive, trace.claimed, not_solution, max_group, first, witness)
    return first, witness


def placement_cells(pstart: np.ndarray, pstep: np.ndarray, piece: np.ndarray, val: np.ndarray) -> np.ndarray:
    """``cells[k, i]``: the i-th cell of placement k (columns past its length are 0)."""
    longest = int(val.max()) if val.size else 1
    i = np.arange(longest)
    cells = pstart[:, None] + i[None, :] * pstep[:, None]
    cells[i[None, :] >= val[piece][:, None]] = 0
    return cells.astype(np.int64)

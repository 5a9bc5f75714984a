"""Exact solver: depth-first search with a "most constrained first" choice.

Deliberately independent of the human-style solver (its own placement list,
no shared rules), so that tests can check one against the other.

At each node it looks at every unassigned number (how many placements still
fit) and every uncovered dot (how many fitting placements cover it) and
branches on the one with the fewest options: a number's placements partition
its solutions, and so do the placements covering a dot, since exactly one line
covers each dot in any solution.
"""

import numpy as np

from .bits import allocating, helper

#: Search nodes before giving up: seconds of work on the hardest boards;
#: levels a person could solve need a few hundred at most.
BUDGET = 2_000_000


@allocating
def number_lines(h, w, pos, val):
    """Every line each number could take on the empty board (other numbers block): (number, cells, length) per line.

    ``cells[k, :length[k]]`` are line k's cells from its first (leftmost or
    topmost); 0-padded. Per number, the line slid from left (up) to right
    (down), horizontal then vertical for each start; a 1 has one line,
    itself. Made here rather than in Python: the optimizer counts every
    level it admits, and listing lines in Python cost six times the count.
    """
    n = pos.shape[0]
    taken = np.zeros(h * w, np.bool_)
    for p in range(n):
        taken[pos[p]] = True
    most = 1
    for p in range(n):
        most = max(most, val[p])
    piece = np.empty(2 * most * n, np.int64)
    length = np.empty(2 * most * n, np.int64)
    cells = np.zeros((2 * most * n, most), np.int64)
    k = 0
    for p in range(n):
        r, c, v = pos[p] // w, pos[p] % w, val[p]
        left = room(h, w, taken, r, c, 0, -1, v - 1)
        right = room(h, w, taken, r, c, 0, 1, v - 1)
        up = room(h, w, taken, r, c, -1, 0, v - 1)
        down = room(h, w, taken, r, c, 1, 0, v - 1)
        for first in range(v):
            if first <= left and v - 1 - first <= right:
                _line(piece, length, cells, k, p, v, pos[p] - first, 1)
                k += 1
            if v > 1 and first <= up and v - 1 - first <= down:
                _line(piece, length, cells, k, p, v, pos[p] - first * w, w)
                k += 1
    return piece[:k].copy(), length[:k].copy(), cells[:k].copy()


@helper
def room(h, w, taken, r, c, dr, dc, most):
    """Free cells from (r, c) in direction (dr, dc), at most ``most``, before the edge or a number."""
    k = 0
    while k < most:
        r, c = r + dr, c + dc
        if not (0 <= r < h and 0 <= c < w) or taken[r * w + c]:
            break
        k += 1
    return k


@helper
def _line(piece, length, cells, k, p, v, start, step):
    piece[k] = p
    length[k] = v
    for i in range(v):
        cells[k, i] = start + i * step


@allocating
def count_solutions(ncells, npieces, pl_piece, pl_cells, pl_len, allowed, dots, limit, out, budget=BUDGET):
    """Count solutions up to ``limit``; the first ``len(out)`` are written to ``out``.

    ``pl_cells[k, :pl_len[k]]`` are the cells of placement k (of number
    ``pl_piece[k]``); ``allowed[k]`` false removes a placement. ``out[s, p]``
    receives the placement number p takes in solution s. After ``budget``
    search nodes it gives up and returns -1: the count is then unknown.

    Each line is a bit mask of its cells, so whether it still fits is a few
    word operations; a dot's options are counted over the lines that cover
    it (``over``), not by a pass over every line's cells.
    """
    nplace = pl_piece.shape[0]
    words = (ncells + 63) // 64
    mask = np.zeros((nplace, words), np.uint64)
    over_start = np.zeros(ncells + 1, np.int64)
    for k in range(nplace):
        for i in range(pl_len[k]):
            c = pl_cells[k, i]
            mask[k, c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            over_start[c + 1] += 1
    for c in range(ncells):
        over_start[c + 1] += over_start[c]
    over = np.zeros(over_start[ncells], np.int64)  # the lines over each cell, in index order
    fill = over_start.copy()
    for k in range(nplace):
        for i in range(pl_len[k]):
            c = pl_cells[k, i]
            over[fill[c]] = k
            fill[c] += 1
    own_start = np.zeros(npieces + 1, np.int64)
    for k in range(nplace):
        own_start[pl_piece[k] + 1] += 1
    for p in range(npieces):
        own_start[p + 1] += own_start[p]
    own = np.zeros(nplace, np.int64)  # each number's lines, in index order
    own_fill = own_start.copy()
    for k in range(nplace):
        own[own_fill[pl_piece[k]]] = k
        own_fill[pl_piece[k]] += 1
    occ = np.zeros(words, np.uint64)  # the cells the placed lines cover, a bit each
    assigned = np.full(npieces, -1, np.int64)
    nassigned = 0
    ok = np.zeros(nplace, np.bool_)
    cand = np.empty((npieces + 1, nplace), np.int64)  # written before read
    ncand = np.zeros(npieces + 1, np.int64)
    tried = np.zeros(npieces + 1, np.int64)
    ndots = dots.shape[0]
    found = 0
    depth = 0
    fresh = True
    while depth >= 0:
        if fresh:
            fresh = False
            budget -= 1
            if budget < 0:
                return -1
            # Choose what to branch on at this depth: the number or dot with the fewest lines that fit.
            # (A placed number's lines were marked as not fitting when it was placed.)
            best = -1
            best_count = nplace + 1
            best_is_dot = False
            dead = False
            for p in range(npieces):
                if assigned[p] >= 0:
                    continue
                fitting = 0
                for e in range(own_start[p], own_start[p + 1]):
                    k = own[e]
                    fits = allowed[k]
                    if fits:
                        for j in range(words):
                            if mask[k, j] & occ[j]:
                                fits = False
                                break
                    ok[k] = fits
                    fitting += fits
                if fitting < best_count:
                    best_count = fitting
                    best = p
            for d in range(ndots):
                cell = dots[d]
                if occ[cell >> 6] >> np.uint64(cell & 63) & np.uint64(1):
                    continue
                c = 0
                for j in range(over_start[cell], over_start[cell + 1]):
                    if ok[over[j]]:
                        c += 1
                if c < best_count:
                    best_count = c
                    best = cell
                    best_is_dot = True
                if c == 0:
                    dead = True
                    break
            n = 0
            if nassigned == npieces:
                if not dead:
                    if found < out.shape[0]:
                        for p in range(npieces):
                            out[found, p] = assigned[p]
                    found += 1
                    if found >= limit:
                        return found
            elif not dead and best_count > 0:
                if best_is_dot:
                    for j in range(over_start[best], over_start[best + 1]):
                        if ok[over[j]]:
                            cand[depth, n] = over[j]
                            n += 1
                else:
                    for e in range(own_start[best], own_start[best + 1]):
                        if ok[own[e]]:
                            cand[depth, n] = own[e]
                            n += 1
            ncand[depth] = n
            tried[depth] = 0
        # Lift the line tried last at this depth, then try the next one.
        if tried[depth] > 0:
            k = cand[depth, tried[depth] - 1]
            assigned[pl_piece[k]] = -1
            nassigned -= 1
            for j in range(words):
                occ[j] &= ~mask[k, j]
        if tried[depth] == ncand[depth]:
            depth -= 1
            continue
        k = cand[depth, tried[depth]]
        tried[depth] += 1
        p = pl_piece[k]
        assigned[p] = k
        nassigned += 1
        for e in range(own_start[p], own_start[p + 1]):
            ok[own[e]] = False
        for j in range(words):
            occ[j] |= mask[k, j]
        depth += 1
        fresh = True
    return found


@helper
def hemmed_in(h, w, n, pos, val, taken):
    """Whether some number has no line at all: the edges and the other numbers leave it too little room.

    Such numbers have no solution (nine random expert starts in ten are so),
    and this says so without allocating. ``taken``: scratch, one per cell.
    """
    for c in range(h * w):
        taken[c] = False
    for p in range(n):
        taken[pos[p]] = True
    for p in range(n):
        r, c, need = pos[p] // w, pos[p] % w, val[p] - 1
        if room(h, w, taken, r, c, 0, -1, need) + room(h, w, taken, r, c, 0, 1, need) < need and \
                room(h, w, taken, r, c, -1, 0, need) + room(h, w, taken, r, c, 1, 0, need) < need:
            return True
    return False


@allocating
def count_numbers_and_dots(h, w, n, pos, val, dot, limit, budget):
    """Solutions (up to ``limit``) of numbers ``pos[:n]``/``val[:n]`` and the dots (``dot``, per cell),
    each number's lines listed here; -1 when ``budget`` search nodes were not enough."""
    lines, length, cells = number_lines(h, w, pos[:n], val[:n])
    ndots = 0
    for c in range(h * w):
        ndots += dot[c]
    dots = np.zeros(ndots, np.int64)
    ndots = 0
    for c in range(h * w):
        if dot[c]:
            dots[ndots] = c
            ndots += 1
    out = np.zeros((1, n), np.int64)
    return count_solutions(h * w, n, lines, cells, length, np.ones(lines.shape[0], np.bool_), dots, limit, out, budget)

"""The general uniqueness-leak test, as a numba kernel over a traced board (a :class:`~..solver.Deduction`'s).

A placement ``X`` of number ``P``, still possible at some point of the
deduction, is a *leak* there when

1. none of the sound rules rules it out at that point (it survives a sound
   round from that point: :func:`.sound_round.sound_from`, asked of the candidates only),
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

import numpy as np

from .bits import allocating, kernel
from .exact import count_solutions
from .sound_round import sound_watching

#: Largest group of numbers whose ambiguity a player is expected to see at a glance.
MAX_GROUP = 3


@kernel
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


@kernel
def _covering(ncells, val, piece, cells, alive, start, at, fill):
    """Which placements still possible cover each cell: those of cell ``c`` are ``at[start[c]:start[c + 1]]``.

    Once per point: the groups are grown over these lists, which leave out
    the placements already ruled out. ``fill``: scratch, one per cell.
    """
    start[:] = 0
    for k in range(piece.shape[0]):
        if alive[k]:
            for i in range(val[piece[k]]):
                start[cells[k, i] + 1] += 1
    for c in range(ncells):
        start[c + 1] += start[c]
        fill[c] = start[c]
    for k in range(piece.shape[0]):
        if alive[k]:
            for i in range(val[piece[k]]):
                c = cells[k, i]
                at[fill[c]] = k
                fill[c] += 1


@kernel
def _near(val, piece, start, cells, alive, cover_start, cover, p, reach, mark, near):
    """``near``: the other numbers' placements still possible that share a cell with one of ``p``'s; returns how many.

    A witness group must hold one of them. ``cover_start``/``cover``: the
    placements still possible over each cell (:func:`_covering`); ``reach``,
    ``mark``: scratch, all False between calls.
    """
    nnear = 0
    for y in range(start[p], start[p + 1]):
        if alive[y]:
            for i in range(val[p]):
                c = cells[y, i]
                if reach[c]:
                    continue
                reach[c] = True
                for j in range(cover_start[c], cover_start[c + 1]):
                    z = cover[j]
                    if piece[z] != p and not mark[z]:
                        mark[z] = True
                        near[nnear] = z
                        nnear += 1
    for y in range(start[p], start[p + 1]):
        for i in range(val[p]):
            reach[cells[y, i]] = False
    for a in range(nnear):
        mark[near[a]] = False
    return nnear


@kernel
def _grow(val, piece, start, cells, ok, cover_start, cover, s, comp, members, max_group):
    """The independent group of number ``s``: breadth first over numbers sharing a cell through ``ok`` placements.

    Its numbers get ``comp[q] = s`` and are listed in ``members``. Returns
    its size, or 0 when it cannot be the witness: none of its numbers has two
    options left (one completion), or it has more than ``max_group`` numbers.
    A group that big is not grown further (it cannot count): the numbers
    found so far, and the one too many, keep their mark, so a later search
    that meets one of them knows it is in that big group too.
    """
    comp[s] = s
    members[0] = s
    size = 1
    head = 0
    loose = False
    while head < size:
        q = members[head]
        head += 1
        options = 0
        for k in range(start[q], start[q + 1]):
            if not ok[k]:
                continue
            options += 1
            for i in range(val[q]):
                c = cells[k, i]
                for j in range(cover_start[c], cover_start[c + 1]):
                    y = cover[j]
                    if not ok[y]:
                        continue
                    r = piece[y]
                    if comp[r] == s:
                        continue
                    if comp[r] >= 0:
                        return 0
                    comp[r] = s
                    if size >= max_group:
                        return 0
                    members[size] = r
                    size += 1
        if options > 1:
            loose = True
    return size if loose and size <= max_group else 0


@kernel
def _placements(start, ok, members, size, key):
    """The group's placements still possible, in index order, into ``key``; returns how many and their hash.

    Its root and its count depend on these alone (none of them is over a
    cell of the candidate placement), so they name the group in the cache.
    """
    for a in range(1, size):  # its numbers in order: placements are listed by number
        q = members[a]
        b = a
        while b > 0 and members[b - 1] > q:
            members[b] = members[b - 1]
            b -= 1
        members[b] = q
    nk = 0
    h = 0
    for a in range(size):
        q = members[a]
        for k in range(start[q], start[q + 1]):
            if ok[k]:
                key[nk] = k
                nk += 1
                h = (h * 1000003 + k + 1) & 0x3FFFFFFFFFFFFFFF  # 62 bits: Python's ints never wrap; _recall compares the placements too
    return nk, h


@kernel
def _root(val, piece, cells, key, nk, members, size, parent, first, seen):
    """The group's root in a union-find over every placement, joined in index order.

    The witness among the qualifying groups is the first by that root. The
    unions run here restricted to the group's placements ``key[:nk]`` (in
    index order) and give the same root: a group's unions never involve
    another group's numbers or cells. ``first``: -1 per cell between calls;
    ``seen``: scratch.
    """
    for a in range(size):
        parent[members[a]] = members[a]
    nseen = 0
    for j in range(nk):
        k = key[j]
        q = piece[k]
        for i in range(val[q]):
            c = cells[k, i]
            if first[c] < 0:
                first[c] = q
                seen[nseen] = c
                nseen += 1
            else:
                ra = _find(parent, q)
                rb = _find(parent, first[c])
                if ra != rb:
                    parent[ra] = rb
    for a in range(nseen):
        first[seen[a]] = -1
    return _find(parent, members[0])


#: Groups whose root and count are remembered per level: the same group comes back for other
#: placements of the same number and at later points.
REMEMBERED = 256


@kernel
def _recall(cache, key, nk, h):
    """The cache entry of the group with placements ``key[:nk]`` (hash ``h``), or -1."""
    hashes, starts, keys, roots, counts, used = cache
    for e in range(used[0]):
        if hashes[e] != h or starts[e + 1] - starts[e] != nk:
            continue
        same = True
        for i in range(nk):
            if keys[starts[e] + i] != key[i]:
                same = False
                break
        if same:
            return e
    return -1


@kernel
def _remember(cache, key, nk, h, root):
    """A new cache entry for the group, its count not known yet; -1 when the cache is full."""
    hashes, starts, keys, roots, counts, used = cache
    e = used[0]
    if e == hashes.shape[0] or starts[e] + nk > keys.shape[0]:
        return -1
    hashes[e] = h
    for i in range(nk):
        keys[starts[e] + i] = key[i]
    starts[e + 1] = starts[e] + nk
    roots[e] = root
    counts[e] = -2
    used[0] = e + 1
    return e


@kernel
def leak_test(ncells, n, val, piece, start, cells, dot, x, max_group, witness, cover_start, cover, ok, near,
              nnear, work, cache):
    """Whether taking placement ``x`` leaves an independent group with 2+ completions, and the numbers
    the answer looked at (a bit per number).

    ``ok``: the other numbers' placements still possible (as it was on
    return); ``near``: those next to ``x``'s number (:func:`_near`). Groups of
    more than ``max_group`` numbers are not counted. On success the group's
    numbers are marked in ``witness`` (bool per number). The numbers looked
    at are those whose placements the answer depends on: it stays the same
    as long as none of theirs is ruled out (see :func:`find_all`). ``cover_start``/``cover``: the placements still
    possible over each cell (:func:`_covering`); ``work``: scratch arrays,
    ``taken`` all False and ``first`` all -1 between calls; ``cache``: the
    groups already seen in this level (:func:`_recall`).

    Only the groups next to ``x``'s number are grown (:func:`_grow`), not
    all of them; when several qualify, the first by union-find root is
    counted first (:func:`_root`).
    """
    taken, dropped, comp, members, parent, first, seen, roots, labels, entries, key = work
    known_roots, counts = cache[3], cache[4]
    p = piece[x]
    # Take x: the other numbers lose their placements over its cells.
    ndropped = 0
    for i in range(val[p]):
        c = cells[x, i]
        taken[c] = True
        for j in range(cover_start[c], cover_start[c + 1]):
            y = cover[j]
            if ok[y]:
                ok[y] = False
                dropped[ndropped] = y
                ndropped += 1
    comp[:] = -1
    # The groups next to p that could be the witness, by root.
    ngroups = 0
    for a in range(nnear):
        k = near[a]
        if not ok[k] or comp[piece[k]] >= 0:
            continue
        s = piece[k]
        size = _grow(val, piece, start, cells, ok, cover_start, cover, s, comp, members, max_group)
        if size == 0:
            continue
        nk, h = _placements(start, ok, members, size, key)
        e = _recall(cache, key, nk, h)
        if e >= 0:
            r = known_roots[e]
        else:
            r = _root(val, piece, cells, key, nk, members, size, parent, first, seen)
            e = _remember(cache, key, nk, h, r)
        b = ngroups
        while b > 0 and roots[b - 1] > r:
            roots[b] = roots[b - 1]
            labels[b] = labels[b - 1]
            entries[b] = entries[b - 1]
            b -= 1
        roots[b] = r
        labels[b] = s
        entries[b] = e
        ngroups += 1
    found = False
    for a in range(ngroups):
        s, e = labels[a], entries[a]
        if e >= 0 and counts[e] != -2:
            count = counts[e]
        else:
            count = _count_group(ncells, n, val, piece, cells, ok, comp, s, dot, taken, 2)
            if e >= 0:
                counts[e] = count
        if count >= 2:
            for q in range(n):
                witness[q] = comp[q] == s
            found = True
            break
    # The answer rests on these numbers' placements alone: p's (which cells
    # are near), and those of every number a search reached (the groups, and
    # the links that made the others too big).
    looked = np.uint64(1) << np.uint64(p)
    for q in range(n):
        if comp[q] >= 0:
            looked |= np.uint64(1) << np.uint64(q)
    for a in range(ndropped):
        ok[dropped[a]] = True
    for i in range(val[p]):
        taken[cells[x, i]] = False
    return found, looked


@allocating
def find_all(b, piece, cells, alive_pts, claimed_pts, not_solution, max_group, first, witness, most=-1):
    """Every point in turn: test the candidates, and where some fail, keep those a sound round leaves alive.

    The sound round (the expensive part) only runs at points where some
    placement failed the uniqueness test. One kernel call for the whole level.

    ``most`` (unless negative): the caller only asks whether there are more
    leaks than that; it stops at the first point where there are.
    """
    m = piece.shape[0]
    n, val, dot = b.n, b.val, b.dot
    ncells = b.h * b.w
    hits = np.zeros(m, np.bool_)
    found = np.zeros((m, n), np.bool_)
    sound = np.zeros(m, np.bool_)
    start = np.zeros(n + 1, np.int64)  # number q's placements are start[q]:start[q + 1]
    for k in range(m):
        start[piece[k] + 1] += 1
    for q in range(n):
        start[q + 1] += start[q]
    cover_start = np.zeros(ncells + 1, np.int64)
    cover = np.zeros(start[n] * cells.shape[1], np.int64)
    ok = np.zeros(m, np.bool_)
    near = np.zeros(m, np.int64)
    nnear = 0
    fill, reach, mark = np.zeros(ncells, np.int64), np.zeros(ncells, np.bool_), np.zeros(m, np.bool_)
    work = (
        np.zeros(ncells, np.bool_), np.zeros(m, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64),
        np.zeros(n, np.int64), np.full(ncells, -1, np.int64), np.zeros(ncells, np.int64),
        np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(m, np.int64),
    )
    cache = (
        np.zeros(REMEMBERED, np.int64), np.zeros(REMEMBERED + 1, np.int64), np.zeros(32 * REMEMBERED, np.int64),
        np.zeros(REMEMBERED, np.int64), np.zeros(REMEMBERED, np.int64), np.zeros(1, np.int64),
    )
    # A placement's test gives the same answer as at the point before when
    # none of the numbers it looked at (``looked``, see leak_test) has lost a
    # placement since: the groups it grew and the links that made the others
    # too big are all still there, and nothing new can join them.
    tested = np.full(m, -1, np.int64)
    answer = np.zeros(m, np.bool_)
    looked = np.zeros(m, np.uint64)  # a bit per number (at most 64)
    changed = np.uint64(0)
    leaks = 0
    for t in range(alive_pts.shape[0]):
        if 0 <= most < leaks:
            return
        alive = alive_pts[t]
        any_hit = False
        if t > 0:
            changed = np.uint64(0)
            for k in range(m):
                if alive[k] != alive_pts[t - 1, k]:
                    changed |= np.uint64(1) << np.uint64(piece[k])
        number = -1
        for k in range(m):
            hits[k] = False
            if not (alive[k] and not_solution[k] and first[k] < 0):
                continue
            same = t > 0 and tested[k] == t - 1
            if same and looked[k] & changed != 0:
                same = False
            tested[k] = t
            if not same:
                if number < 0:  # the first test at this point
                    _covering(ncells, val, piece, cells, alive, cover_start, cover, fill)
                    for y in range(m):
                        ok[y] = alive[y]
                if piece[k] != number:  # placements are listed by number: once per number and point
                    if number >= 0:
                        for y in range(start[number], start[number + 1]):
                            ok[y] = alive[y]
                    number = piece[k]
                    for y in range(start[number], start[number + 1]):
                        ok[y] = False
                    nnear = _near(val, piece, start, cells, alive, cover_start, cover, number, reach, mark, near)
                answer[k], looked[k] = leak_test(ncells, n, val, piece, start, cells, dot, k, max_group, found[k],
                                                 cover_start, cover, ok, near, nnear, work, cache)
            if answer[k]:
                hits[k] = True
                any_hit = True
        if not any_hit:
            continue
        sound_watching(b, alive_pts[t], claimed_pts[t], sound, hits)  # only the hits' answers are read
        for k in range(m):
            if hits[k] and sound[k]:
                first[k] = t
                leaks += 1
                for q in range(n):
                    witness[k, q] = found[k, q]


@allocating
def placement_cells(pstart, pstep, piece, val):
    """``cells[k, i]``: the i-th cell of placement k (columns past its length are 0)."""
    longest = 1
    for p in range(val.shape[0]):
        longest = max(longest, val[p])
    cells = np.zeros((piece.shape[0], longest), np.int64)
    for k in range(piece.shape[0]):
        for i in range(val[piece[k]]):
            cells[k, i] = pstart[k] + i * pstep[k]
    return cells

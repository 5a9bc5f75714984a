"""The optimizer pool's door in compiled code: the search and the checks at its door in one kernel loop, without the GIL.

``search`` runs the optimizer's iterations and the door together: the seen
set is a hash table of exact keys, the admission is the kernel ``pool.check``
runs (:func:`.admission.admission`), and ``enter`` puts a checked level into
the pool's three lists (:class:`~.members.Members`: the search by rank, the
leak-free levels by score and by selection score).

A candidate goes back to Python only where Python is needed: the article's
two leak patterns or an exact count past the kernel's budget (``pool.check``;
a few a run), and every one for a lesson (``Objective.admits``). The pool
makes a ``PoolEntry`` from a list's row when its ``entries`` are read, once
per level (``serial``).
"""

from typing import NamedTuple

import numpy as np

from .admission import admission
from .bits import copy, helper, kernel
from .layer import SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER
from .leak_general import MAX_GROUP
from .members import Members, member_in_niche
from .optimize import optimize, weighted, within_canon

#: Levels the seen set holds; then it forgets them all and starts again.
SEEN_LIMIT = 20_000
#: Slots of the seen set's hash table: a power of two, at least twice SEEN_LIMIT (probes stay short).
SLOTS = 1 << 16
#: Rows of keys a door starts with; Python doubles them when full (``grown``), up to SEEN_LIMIT.
FIRST_ROWS = 1024

#: Why ``search`` stopped: its iterations ran; a candidate waits in the board for Python; the seen set is full.
DONE, CANDIDATE, GROW = 0, 1, 2

_ONE = np.uint64(1)
_BASIS = np.uint64(0xCBF29CE484222325)
_PRIME = np.uint64(0x100000001B3)
_MIX = np.uint64(0xBF58476D1CE4E5B9)


class Door(NamedTuple):
    """What the door keeps between candidates.

    The seen set: ``keys[:held[0]]`` the levels seen (``key_of``), ``slots``
    their rows by hash (-1 empty), ``key`` the candidate's. ``pos``/``val``: a
    level's numbers in the order a ``Level`` lists them (scratch). ``serial[0]``:
    the next level's serial.
    """

    keys: np.ndarray
    slots: np.ndarray
    held: np.ndarray
    key: np.ndarray
    pos: np.ndarray
    val: np.ndarray
    serial: np.ndarray


def allocate_door(h: int, w: int, n: int) -> Door:
    words = n + (h * w + 63) // 64
    return Door(
        keys=np.zeros((FIRST_ROWS, words), np.uint64),
        slots=np.full(SLOTS, -1, np.int32),  # 256 kB an island
        held=np.zeros(1, np.int64),
        key=np.zeros(words, np.uint64),
        pos=np.zeros(n, np.int64),
        val=np.zeros(n, np.int64),
        serial=np.zeros(1, np.int64),
    )


def grown(door: Door) -> Door:
    """The door with twice the rows of keys (at most SEEN_LIMIT), the seen levels kept."""
    rows, words = door.keys.shape
    keys = np.zeros((min(2 * rows, SEEN_LIMIT), words), np.uint64)
    keys[:rows] = door.keys
    return door._replace(keys=keys)


@helper
def key_of(b, key):
    """``key``: the board's level exactly, numbers in the board's order (one word each) and a bit per dot."""
    n = b.n
    for i in range(n):
        key[i] = (np.uint64(b.pos[i]) << np.uint64(32)) | np.uint64(b.val[i])
    for i in range(n, key.shape[0]):
        key[i] = np.uint64(0)
    for c in range(b.h * b.w):
        if b.dot[c]:
            key[n + c // 64] |= _ONE << np.uint64(c % 64)


@helper
def slot_of(key, mask):
    """The key's first slot: FNV-1a over its words, mixed so that the low bits depend on all of them."""
    h = _BASIS
    for i in range(key.shape[0]):
        h = (h ^ key[i]) * _PRIME
    h = (h ^ (h >> np.uint64(31))) * _MIX
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@kernel
def seen_before(door, b):
    """True if ``b``'s level was seen before; else it is remembered (all forgotten first if SEEN_LIMIT are held)."""
    keys, slots, held, key = door.keys, door.slots, door.held, door.key
    key_of(b, key)
    mask = slots.shape[0] - 1
    words = key.shape[0]
    s = slot_of(key, mask)
    while slots[s] >= 0:
        row = keys[slots[s]]
        same = True
        for i in range(words):
            if row[i] != key[i]:
                same = False
                break
        if same:
            return True
        s = (s + 1) & mask
    if held[0] >= SEEN_LIMIT:
        for i in range(slots.shape[0]):
            slots[i] = -1
        held[0] = 0
        s = slot_of(key, mask)
    copy(keys[held[0]], key, words)
    slots[s] = held[0]
    held[0] += 1
    return False


@helper
def holds(members, door, dot, cells):
    """Whether the list holds the level of ``door.pos``/``door.val`` (Level order) and ``dot``."""
    n = door.pos.shape[0]
    for i in range(members.size[0]):
        if members.serial[i] < 0:
            continue
        same = True
        for j in range(n):
            if members.pos[i, j] != door.pos[j] or members.val[i, j] != door.val[j]:
                same = False
                break
        for c in range(cells):
            if not same:
                break
            if members.dot[i, c] != dot[c]:
                same = False
        if same:
            return True
    return False


@helper
def levels_in(members):
    """How many levels the list holds: ``size[0]``, less the search's unscored start (serial -1) if that is all it has."""
    held = members.size[0]
    return 0 if held == 1 and members.serial[0] < 0 else held


@helper
def move_row(members, k, src):
    """Member ``src`` copied into row ``k``."""
    n, cells = members.pos.shape[1], members.dot.shape[1]
    copy(members.pos[k], members.pos[src], n)
    copy(members.val[k], members.val[src], n)
    copy(members.added[k], members.added[src], members.nadded[src])
    members.nadded[k] = members.nadded[src]
    copy(members.solution[k], members.solution[src], cells)
    members.rank[k] = members.rank[src]
    copy(members.dot[k], members.dot[src], cells)
    members.score[k] = members.score[src]
    members.selection[k] = members.selection[src]
    for r in range(members.table.shape[1]):
        for c in range(members.table.shape[2]):
            members.table[k, r, c] = members.table[src, r, c]
    members.serial[k] = members.serial[src]


@kernel
def put(members, i, door, dot, added, nadded, solution, table, rank, score, selection, serial):
    """Insert the level at ``i`` (within the list's room), the members from ``i`` on one down, the last one out if
    the list is full.

    ``members.size[0]`` counts the unscored start (serial -1) until the first level takes its place.
    """
    cap = members.rank.shape[0]
    held = levels_in(members)
    last = min(held, cap - 1)
    n, cells = members.pos.shape[1], members.dot.shape[1]
    for k in range(last, i, -1):
        move_row(members, k, k - 1)
    copy(members.pos[i], door.pos, n)
    copy(members.val[i], door.val, n)
    copy(members.added[i], added, nadded)
    members.nadded[i] = nadded
    copy(members.solution[i], solution, cells)
    members.rank[i] = rank
    copy(members.dot[i], dot, cells)
    members.score[i] = score
    members.selection[i] = selection
    for r in range(table.shape[0]):
        for c in range(table.shape[1]):
            members.table[i, r, c] = table[r, c]
    members.serial[i] = serial
    members.size[0] = min(held + 1, cap)


@kernel
def drop(members, j):
    """Take member ``j`` out of the list, the members after it one up."""
    size = members.size[0]
    for k in range(j, size - 1):
        move_row(members, k, k + 1)
    members.size[0] = size - 1
    members.serial[size - 1] = -1
    members.rank[size - 1] = np.nan


@helper
def ahead(a1, a2, b1, b2):
    """``(a1, a2) > (b1, b2)``, as Python compares tuples."""
    return a1 > b1 or (a1 == b1 and a2 > b2)


@kernel
def rank_in(members, door, dot, added, nadded, solution, table, score, selection, serial, by_selection):
    """Insert a leak-free level by score, then selection score (``by_selection``: the other way round),
    ahead of equal ones, unless the list holds it already."""
    cells = members.dot.shape[1]
    if holds(members, door, dot, cells):
        return
    size = members.size[0]
    i = 0
    while i < size:
        if by_selection:
            further = ahead(members.selection[i], members.score[i], selection, score)
        else:
            further = ahead(members.score[i], members.selection[i], score, selection)
        if not further:
            break
        i += 1
    if i < members.rank.shape[0]:
        put(members, i, door, dot, added, nadded, solution, table, score, score, selection, serial)


@kernel
def enter(search, entries, selected, door, pos, val, dot, added, nadded, solution, table, score, selection, leaks,
          penalty):
    """Offer a checked level with ``leaks`` warnings to the pool's lists (``Pool.offer``): (its serial, in the search).

    ``pos``/``val``: its numbers in any order; ``dot``: per cell; ``added[:nadded]``: its fill order;
    ``solution``: the owner of each cell. A leak-free level enters ``entries`` and ``selected``; every level
    enters the search by its rank (score less ``penalty`` per warning), ahead of equal ranks, so the
    pool drifts along plateaus, unless the search holds it already.
    """
    n = door.pos.shape[0]
    # The numbers in Level order (by cell): a level is the same level whatever order the kernel left them in.
    for j in range(n):
        k = j
        while k > 0 and door.pos[k - 1] > pos[j]:
            door.pos[k] = door.pos[k - 1]
            door.val[k] = door.val[k - 1]
            k -= 1
        door.pos[k] = pos[j]
        door.val[k] = val[j]
    serial = door.serial[0]
    door.serial[0] += 1
    if leaks == 0:
        rank_in(entries, door, dot, added, nadded, solution, table, score, selection, serial, False)
        rank_in(selected, door, dot, added, nadded, solution, table, score, selection, serial, True)
    rank = score - penalty * leaks
    cells = search.dot.shape[1]
    if holds(search, door, dot, cells):
        return serial, False
    held = levels_in(search)
    if search.by_niche[0]:
        # One level a niche: the new one takes its niche's place if it ranks as high, else it stays out.
        j = member_in_niche(search, table)
        if j >= 0:
            if search.rank[j] > rank:
                return serial, False
            drop(search, j)
            held -= 1
    i = 0
    while i < held and search.rank[i] > rank:
        i += 1
    if i >= search.rank.shape[0]:
        return serial, False
    put(search, i, door, dot, added, nadded, solution, table, rank, score, selection, serial)
    return serial, True


@helper
def most_leaks(search, score, penalty):
    """The most leak warnings a level scoring ``score`` can carry into the full search list (-1: any number).

    One more and its rank (score less ``penalty`` per warning) falls below
    the list's last; such a level enters no list (leak-free ones only enter
    the others), so its admission need not find every leak. A hair's margin
    keeps float rounding on the safe side: the bound is never too low.
    """
    held = search.size[0]
    if held < search.rank.shape[0] or np.isnan(search.rank[held - 1]) or penalty <= 0:
        return -1
    return np.int64(np.floor((score - search.rank[held - 1]) / penalty + 1e-6))


@kernel
def search(b, traced, members, entries, selected, door, pinned, fixed, weights, selection_weights, rng, iterations,
           allowed, penalty, in_python):
    """Run up to ``iterations`` of the optimizer (``optimize``) on the pool's lists, each candidate through the door.

    A candidate seen before is dropped; the others are checked on the traced
    board ``traced`` (``admission``): refused, or entered (``enter``) with
    their leak warnings, one more if it is outside the objective's canon
    (``within_canon``). Stops early with a candidate left in
    ``b`` when Python must check it (``pool.check``: the article's patterns,
    an exact count past the kernel's budget; every one if ``in_python``), or
    when the seen set needs more rows (``grown``).

    Returns (iterations run, why it stopped: DONE, CANDIDATE or GROW, the
    candidate's score or NaN): a plain tuple (see ``kernels/members.py``).
    """
    left = iterations
    cells = b.h * b.w
    while left > 0:
        if door.held[0] == door.keys.shape[0] and door.held[0] < SEEN_LIMIT:
            return iterations - left, GROW, np.nan
        ran, score = optimize(b, members, pinned, fixed, weights, rng, left, allowed, False)
        left -= ran
        if np.isnan(score):
            break
        if seen_before(door, b):
            continue
        if in_python:
            return iterations - left, CANDIDATE, score
        copy(traced.pos, b.pos, b.n)
        copy(traced.val, b.val, b.n)
        copy(traced.dot, b.dot, cells)
        state, leaks, count = admission(traced, MAX_GROUP, most_leaks(members, score, penalty))
        if state != SOLVED:
            continue
        table = traced.table
        if table[SINGLE_SOLUTION, 0] or table[UNCONTESTED_NO_COVER, 0] or (leaks == 0 and count < 0):
            return iterations - left, CANDIDATE, score
        if leaks == 0 and count != 1:
            continue
        if not within_canon(table, b.n, b.val, weights):
            leaks += 1  # outside the canon (a 1, the tier's technique rule): a stepping stone, never emitted
        selection = weighted(table, selection_weights)
        enter(members, entries, selected, door, b.pos, b.val, b.dot, b.added, b.nadded[0], b.owner, table, score,
              selection, leaks, penalty)
    return iterations - left, DONE, np.nan

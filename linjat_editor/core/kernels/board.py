"""The solver's view of a board: placements of every number, and who claimed which cell.

A *placement* is one concrete segment a number's line could take. The
placements of number ``p`` are ``pbeg[p] .. pbeg[p+1]``; placement ``k``
covers cells ``pstart[k] + i * pstep[k]`` for ``i < val[p]``. They are listed
in the original generator's orientation order (horizontal and vertical
alternately, the line sliding from left/up to right/down), which decides the
rare ties the solver breaks by order.
"""

from typing import Annotated

import numpy as np

from .bits import helper, kernel
from .record import Array, Record

UNCLAIMED = -1

#: The kinds of the Board's arrays (see ``record.py``).
Ints = Annotated[np.ndarray, Array(np.int64, 1)]
Flags = Annotated[np.ndarray, Array(np.bool_, 1)]
Masks = Annotated[np.ndarray, Array(np.uint64, 1)]
IntRows = Annotated[np.ndarray, Array(np.int64, 2)]
FlagRows = Annotated[np.ndarray, Array(np.bool_, 2)]
OwnerRows = Annotated[np.ndarray, Array(np.int8, 2)]


class Board(Record):
    """One board as every kernel sees it: the level, the solver's state, and its workspace.

    Cells are flat (``row * w + col``). ``pos``/``val``/``dot`` are the level
    (numbers in row-major order, as a ``Level`` lists them); ``dots[:ndots[0]]``
    lists the dot cells in order (``build_board`` lists them, the generator
    adds to them: the rules visit a few dots rather than every cell); ``pbeg`` ..
    ``possible`` the solver's state (``possible[cell]``: bitmask of the
    numbers that can still reach it); ``start_possible`` is ``possible``
    before any deduction (the generator's dot choice);
    ``cross_cells[p, :cross_size[p]]`` the cells number p's lines could
    touch (see ``cross``), listed once by ``build_board`` for every rule.
    ``counter`` (zero between uses), ``cells_a`` and ``cells_b`` are the rules'
    scratch space, ``taken`` and ``owner`` the mutation's and ``keep_*`` the generator's
    (kernels create no arrays, see ``bits.kernel``). ``reach``,
    ``seen_claimed`` and ``seen_alive`` are ``possible`` (before any rule
    narrowed it), ``claimed`` and ``alive`` as the last update of
    ``possible`` left them: a refresh redoes only what changed since (see
    ``rules.refresh_possible``). ``fit_todo[0]``: the numbers whose placements changed since
    the last can't-fit pass that skips the others (see ``rules.cant_fit``); ``single_todo[0]``
    those whose lines' cells changed since the last such single-solution pass (``rules.single_solution``);
    ``pair_todo[0]`` / ``[1]`` those whose placements changed since the last one-of pass on pairs in
    a line / crossing pairs (``one_of.one_of``).
    ``dropped[0]``: the numbers a rule dropped placements of without claiming a cell since
    the last update or refresh, ``nalive[0]`` how many placements it left (``rules.refresh_possible``);
    ``thinned[0]``: the numbers dependency took off some cell's ``possible`` in this layer (see ``layer``);
    ``finished[0]``: the numbers found ``done`` since the last update (``rules.finished``); ``spans``:
    one-of's note of the stretches each number's placements share (``one_of.placement_span``).

    What the last solve did (see ``layer.solve_board``): ``table`` its
    classification (row 0 all kinds, row k kind k; columns depth, max
    width); ``layers`` one row per layer (kind, width, cells claimed,
    placements removed, see ``LAYER_*``). With ``trace`` (see
    :func:`allocate`) also every *point*, the state a layer starts from:
    ``point_alive`` (placements possible there), ``point_claimed`` (owner
    of each cell, -1 none) and ``point_leak`` (cells the single-solution
    rule itself claimed in the layer from that point; ``leak_owner`` is its
    scratch).

    The generator's order: ``added[:nadded[0]]`` the dots it added, in the
    order it added them; ``hint[:hint_at[0]]`` dots it places before its
    own, in that order (a parent's ``added``: a child's fill follows its
    parent's; see ``fill.fill_board``), ``hint_at[1]`` the next one to try.
    ``known``: the cells a child's known solution covers, and ``back_*`` the
    state a fill noted where it first left them, to go back to if it fails
    (see ``fill.fill_or_keep``).
    """

    h: int
    w: int
    n: int
    pos: Ints
    val: Ints
    dot: Flags
    dots: Ints
    ndots: Ints
    pbeg: Ints
    pstart: Ints
    pstep: Ints
    alive: Flags
    claimed: Ints
    possible: Masks
    start_possible: Masks
    counter: Ints
    cross_cells: IntRows
    cross_size: Ints
    cells_a: Ints
    cells_b: Ints
    spans: IntRows
    taken: Flags
    owner: Ints
    keep_alive: Flags
    keep_claimed: Ints
    keep_possible: Masks
    reach: Masks
    seen_claimed: Ints
    seen_alive: Flags
    fit_todo: Masks
    pair_todo: Masks
    single_todo: Masks
    dropped: Masks
    finished: Masks
    thinned: Masks
    nalive: Ints
    table: IntRows
    layers: IntRows
    leak_owner: Ints
    point_alive: FlagRows
    point_claimed: OwnerRows
    point_leak: OwnerRows
    added: Ints
    nadded: Ints
    hint: Ints
    hint_at: Ints
    known: Flags
    back_alive: Flags
    back_claimed: Ints
    back_possible: Masks
    back_dot: Flags
    back_dots: Ints
    back_added: Ints
    back_reach: Masks
    back_seen_claimed: Ints
    back_seen_alive: Flags
    back_masks: Masks
    back_ints: Ints

    __slots__ = tuple(__annotations__)  # the fields above, in order


#: Columns of ``Board.layers``.
LAYER_KIND = 0
LAYER_WIDTH = 1
LAYER_CLAIMED = 2
LAYER_REMOVED = 3


#: Most cells a number's cross holds: its own, and 8 each way along its row and column.
CROSS_MAX = 33

#: The point record of a board that does not trace: empty, so shared.
_NO_ALIVE = np.zeros((0, 1), np.bool_)
_NO_OWNERS = np.zeros((0, 1), np.int8)


def allocate(h: int, w: int, n: int, trace: bool = False) -> Board:
    """An empty board of h x w cells and n numbers (no numbers placed yet).

    ``trace``: room to record every point of a solve (the step-through and
    leak detection need it; the optimizer does not).
    """
    cells = h * w
    # A number has at most 2 * 9 placements.
    most = max(1, 18 * n)
    # Every layer claims a cell, so a solve has at most ``cells`` layers (+1 point).
    points = cells + 2 if trace else 0
    no_points = points == 0
    return Board(
        h, w, n,
        pos=np.zeros(max(n, 1), np.int64),
        val=np.zeros(max(n, 1), np.int64),
        dot=np.zeros(cells, np.bool_),
        dots=np.zeros(cells, np.int64),
        ndots=np.zeros(1, np.int64),
        pbeg=np.zeros(n + 1, np.int64),
        pstart=np.zeros(most, np.int64),
        pstep=np.zeros(most, np.int64),
        alive=np.zeros(most, np.bool_),
        claimed=np.full(cells, UNCLAIMED, np.int64),
        possible=np.zeros(cells, np.uint64),
        start_possible=np.zeros(cells, np.uint64),
        counter=np.zeros(cells, np.int64),
        cross_cells=np.zeros((max(n, 1), CROSS_MAX), np.int64),
        cross_size=np.zeros(max(n, 1), np.int64),
        cells_a=np.zeros(max(cells, 64), np.int64),
        cells_b=np.zeros(max(cells, 64), np.int64),
        spans=np.zeros((max(n, 1), 4), np.int64),
        taken=np.zeros(cells, np.bool_),
        owner=np.full(cells, UNCLAIMED, np.int64),
        keep_alive=np.zeros(most, np.bool_),
        keep_claimed=np.zeros(cells, np.int64),
        keep_possible=np.zeros(cells, np.uint64),
        reach=np.zeros(cells, np.uint64),
        seen_claimed=np.full(cells, UNCLAIMED, np.int64),
        seen_alive=np.zeros(most, np.bool_),
        fit_todo=np.zeros(1, np.uint64),
        pair_todo=np.zeros(2, np.uint64),
        single_todo=np.zeros(1, np.uint64),
        dropped=np.zeros(1, np.uint64),
        finished=np.zeros(1, np.uint64),
        thinned=np.zeros(1, np.uint64),
        nalive=np.zeros(1, np.int64),
        table=np.zeros((8, 2), np.int64),
        layers=np.zeros((cells + 1, 4), np.int64),
        leak_owner=np.full(cells, UNCLAIMED, np.int64),
        # Owners are number indices (< 64) or -1: int8 keeps a 40x40 board's record small.
        point_alive=_NO_ALIVE if no_points else np.zeros((points, most), np.bool_),
        point_claimed=_NO_OWNERS if no_points else np.zeros((points, cells), np.int8),
        point_leak=_NO_OWNERS if no_points else np.full((points, cells), UNCLAIMED, np.int8),
        added=np.zeros(cells, np.int64),
        nadded=np.zeros(1, np.int64),
        hint=np.zeros(cells, np.int64),
        hint_at=np.zeros(2, np.int64),
        known=np.zeros(cells, np.bool_),
        back_alive=np.zeros(most, np.bool_),
        back_claimed=np.zeros(cells, np.int64),
        back_possible=np.zeros(cells, np.uint64),
        back_dot=np.zeros(cells, np.bool_),
        back_dots=np.zeros(cells, np.int64),
        back_added=np.zeros(cells, np.int64),
        back_reach=np.zeros(cells, np.uint64),
        back_seen_claimed=np.zeros(cells, np.int64),
        back_seen_alive=np.zeros(most, np.bool_),
        back_masks=np.zeros(5, np.uint64),
        back_ints=np.zeros(5, np.int64),
    )


@kernel
def build_board(b):
    """Enumerate placements (and crosses, and the dots) from ``pos``/``val``/``dot`` and reset claims; returns the placement count.

    A number's own cell is claimed by it from the start; a placement over
    another number's cell or off the grid does not exist.
    """
    h, w, n, pos, val = b.h, b.w, b.n, b.pos, b.val
    pbeg, pstart, pstep, alive, claimed = b.pbeg, b.pstart, b.pstep, b.alive, b.claimed
    cross_cells, cross_size = b.cross_cells, b.cross_size
    claimed[: h * w] = UNCLAIMED
    for p in range(n):
        claimed[pos[p]] = p
        cross_size[p] = cross(h, w, pos[p], val[p], cross_cells[p])
    dot, dots = b.dot, b.dots
    count = 0
    for cell in range(h * w):
        if dot[cell]:
            dots[count] = cell
            count += 1
    b.ndots[0] = count
    k = 0
    for p in range(n):
        pbeg[p] = k
        at = pos[p]
        v = val[p]
        r = at // w
        c = at % w
        # A 1 has a single placement: itself (the original counted it twice).
        count = 2 * v if v > 1 else 1
        for o in range(count):
            offset = (v - 1) - (o >> 1)
            if o & 1 == 0:
                c0 = c - offset
                if c0 < 0 or c0 + v > w:
                    continue
                start = r * w + c0
                step = 1
            else:
                r0 = r - offset
                if r0 < 0 or r0 + v > h:
                    continue
                start = r0 * w + c
                step = w
            ok = True
            for i in range(v):
                owner = claimed[start + i * step]
                if owner != UNCLAIMED and owner != p:
                    ok = False
                    break
            if ok:
                pstart[k] = start
                pstep[k] = step
                alive[k] = True
                k += 1
    pbeg[n] = k
    return k


@kernel
def covers(start, step, v, w, cell):
    """Whether the placement (start, step, length v) covers ``cell``."""
    d = cell - start
    if d < 0:
        return False
    if step == 1:
        return d < v
    # Range first: the modulo (a division) is the costly part.
    return d <= (v - 1) * w and d % w == 0


@helper
def cross(h, w, at, v, out):
    """The cells any line of a number could touch: its own, then its column, then its row."""
    r = at // w
    c = at % w
    out[0] = at
    k = 1
    for ri in range(max(0, r - (v - 1)), min(h, r + v)):
        if ri != r:
            out[k] = ri * w + c
            k += 1
    for ci in range(max(0, c - (v - 1)), min(w, c + v)):
        if ci != c:
            out[k] = r * w + ci
            k += 1
    return k

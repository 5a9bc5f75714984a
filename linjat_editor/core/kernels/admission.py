"""The optimizer's door in one compiled call: deduce with a trace, the general leak test, the exact count.

A candidate the optimizer's kernel found is checked before it enters a pool
(``core.pool.check``): one kernel, without the GIL (so two islands never wait
on each other here), runs the same engine parts on a traced board the pool keeps: the solver's one layer loop
(``classify_level``), the analysis' general leak test (``find_all``, the one
``detect_leaks`` runs) and the independent exact solver (``count_numbers_and_dots``:
``number_lines`` and ``count_solutions``, as ``core.exact`` calls them). The article's two leak
patterns, rare, are left to ``leaks.article_points`` in Python.
"""

import numpy as np

from .bits import allocating
from .exact import BUDGET, count_numbers_and_dots
from .layer import SINGLE_SOLUTION, SOLVED, UNCONTESTED_NO_COVER, classify_level
from .leak_general import find_all, placement_cells


@allocating
def admission(b, max_group, most=-1):
    """Solve traced board ``b`` afresh from its numbers and dots: (status, general leaks, solutions up to 2).

    ``most`` (unless negative): more general leaks than that are of no use to
    the caller, who then gets some number above it, not all of them
    (``find_all``): the optimizer, whose pool has no room for a level with
    that many.

    The leaks and the count only for a level the deduction solves (else -1);
    the count only when it has no leak of any kind, the pool's only question
    then (else -1; also -1 past the exact solver's budget, where
    ``core.exact.count_solutions`` raises). ``b``'s alive, claimed and
    possible are left as the leak test's workspace: read the classification
    (``table``), the layers and the points, not its final state.
    """
    state = classify_level(b)
    if state != SOLVED:
        return state, -1, -1
    n, pbeg, alive, table = b.n, b.pbeg, b.alive, b.table
    m = pbeg[n]
    piece = np.zeros(m, np.int64)
    not_solution = np.zeros(m, np.bool_)
    for p in range(n):
        for k in range(pbeg[p], pbeg[p + 1]):
            piece[k] = p
            not_solution[k] = not alive[k]  # solved: the placements left alive are the solution
    cells = placement_cells(b.pstart[:m], b.pstep[:m], piece, b.val[:n])
    points = table[0, 0] + 1
    first = np.full(m, -1, np.int64)
    witness = np.zeros((m, n), np.bool_)
    find_all(b, piece, cells, b.point_alive[:points, :m], b.point_claimed[:points], not_solution, max_group, first,
             witness, most)
    general = 0
    for k in range(m):
        if first[k] >= 0:
            general += 1
    if general or table[SINGLE_SOLUTION, 0] or table[UNCONTESTED_NO_COVER, 0]:
        return state, general, -1
    count = count_numbers_and_dots(b.h, b.w, n, b.pos, b.val, b.dot, 2, BUDGET)
    return state, general, max(count, -1)

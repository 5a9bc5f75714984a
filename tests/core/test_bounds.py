"""The kernels never index outside their arrays.

numba does not check bounds by default: a stray index reads garbage or
crashes the editor. This runs the solver, the generator and the optimizer's
inner loop with bounds checking switched on (in a fresh process with its own
compile cache, kept between runs in build/) over random boards and over mutated expert boards, the
workload that once found a phantom number index in one-of.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

from linjat_editor.core.kernels.board import allocate
from linjat_editor.core.kernels.one_of import reach_of

SCRIPT = textwrap.dedent(
    """
    import random
    import numpy as np
    from linjat_editor.core import PRESETS, Level, Number, count_solutions, fill_dots, first_level, solve
    from linjat_editor.core.kernels.bits import seed_state
    from linjat_editor.core.kernels.board import allocate
    from linjat_editor.core.kernels.mutate import mutate, mutate_along
    from linjat_editor.core.pool import owners
    from linjat_editor.core.kernels.optimize import evaluate
    rng = random.Random(5)
    for _ in range(100):
        h, w = rng.randint(3, 9), rng.randint(3, 9)
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        n = rng.randint(1, max(1, len(cells) // 3))
        level = Level(h, w, tuple(Number(r, c, rng.randint(1, 9)) for r, c in cells[:n]))
        filled = fill_dots(level, seed=rng.randrange(1000), attempts=1).level
        solve(filled, trace=True)
        count_solutions(filled, limit=3)
        solution = owners(filled)
        if solution[0] >= -1:  # solved: mutate along its solution, on every board shape
            small = allocate(h, w, n)
            pinned = np.zeros(h * w, np.bool_)
            for r, c in list(filled.dots)[:2]:
                pinned[r * w + c] = True
            for k in range(10):
                small.pos[:n] = [x.row * w + x.col for x in filled.numbers]
                small.val[:n] = [x.value for x in filled.numbers]
                mutate_along(h, w, n, small.pos, small.val, pinned, np.zeros(h * w, np.bool_), seed_state(k), small.owner, solution, 1)
    h, w, n = 13, 9, 25
    weights = PRESETS["expert"].as_array()
    b = allocate(h, w, n)
    state = seed_state(3)
    none = np.zeros(h * w, np.bool_)
    for seed in range(12):
        start = first_level(h, w, n, PRESETS["expert"], seed=seed)
        pos0 = np.array([x.row * w + x.col for x in start.numbers], np.int64)
        val0 = np.array([x.value for x in start.numbers], np.int64)
        for k in range(40):
            b.pos[:n] = pos0
            b.val[:n] = val0
            if k % 2:
                mutate(h, w, n, b.pos, b.val, none, none, state, b.taken, 1)
            else:
                mutate_along(h, w, n, b.pos, b.val, none, none, state, b.owner, owners(start), 1)
            b.dot[:] = False
            evaluate(b, state, weights, np.ones(h * w, np.bool_), True)
    print("ok")
    """
)


def test_reach_of_everything_means_every_number_not_every_bit() -> None:
    board = allocate(3, 3, 5)
    mask = int(reach_of(board.n, board.possible, np.zeros(1, np.int64), -1))
    assert mask == 0b11111


#: The bounds-checked kernels' own compile cache, kept between runs (build/ is the checkout's scratch folder).
#: Never shared with the ordinary cache: numba's cache key does not record bounds checking, so a shared
#: folder would hand this test the unchecked kernels. A change to the kernels' sources gets a fresh folder
#: (jit/cache.py keys the folder by their digest), so a stale compile is never reused.
BOUNDS_CACHE = Path(__file__).resolve().parents[2] / "build" / "numba-boundscheck"


def test_kernels_stay_in_bounds() -> None:
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(BOUNDS_CACHE))
    run = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2000:]

"""The shortcuts the rules take give what the long way gives, at every point of real solves and fills.

``one_of.must_avoiding_on`` answers "what must a number cover when it avoids
cell x" from the stretches its placements across and down share
(``placement_span``) instead of looking at each placement; ``rules.finished``
remembers the numbers found ``done`` until the next full update. Both are
checked here against the plain answer, for every number and every free cell
of its lines, before every solver layer of the published expert levels (each
solved twice on one board, as the optimizer reuses its board) and every
generator round of random fills.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from linjat_editor.core import Level
from linjat_editor.core.kernels.board import UNCLAIMED, Board
from linjat_editor.core.kernels.layer import EVERY_RULE, layer, step
from linjat_editor.core.kernels.one_of import must_avoiding, must_avoiding_on, placement_span
from linjat_editor.core.kernels.rules import done, finished

from .boards import fill_round_by_round, layer_by_layer, random_fills


def shortcuts_agree(b: Board) -> tuple[int, int]:
    """Every number's ``must_avoiding_on`` and ``finished`` on ``b`` against the long way; returns how many
    answers the stretches gave outright (without the long way inside) and how many in all."""
    w = b.w
    long, short = np.zeros(64, np.int64), np.zeros(64, np.int64)
    outright = total = 0
    for p in range(b.n):
        assert finished(b, p) == done(b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, p)
        placement_span(b, p)
        across = any(b.alive[k] and b.pstep[k] == 1 for k in range(b.pbeg[p], b.pbeg[p + 1]))
        down = any(b.alive[k] and b.pstep[k] != 1 for k in range(b.pbeg[p], b.pbeg[p + 1]))
        for i in range(1, b.cross_size[p]):  # its own cell is its own
            x = int(b.cross_cells[p, i])
            if b.claimed[x] != UNCLAIMED:
                continue
            on_row = x // w == b.pos[p] // w
            want = must_avoiding(w, b.pos, b.val, b.pbeg, b.pstart, b.pstep, b.alive, b.claimed, p, x, long)
            got = must_avoiding_on(b, p, x, on_row, short)
            assert got == want and (want < 0 or short[:want].tolist() == long[:want].tolist()), (p, x)
            total += 1
            outright += down if on_row else across  # placements along the other line: the stretches tell
    return outright, total


def checked(run: Callable[..., tuple]) -> Callable[..., tuple]:
    """``run`` (a layer or a round), the shortcuts checked on its board first."""
    counts = [0, 0]

    def wrapped(b: Board, *args: object) -> tuple:
        outright, total = shortcuts_agree(b)
        counts[0] += outright
        counts[1] += total
        return run(b, *args)

    wrapped.counts = counts  # type: ignore[attr-defined]
    return wrapped


def test_the_shortcuts_agree_before_every_solver_layer(corpus_levels: Callable[[str], list[Level]]) -> None:
    run = checked(lambda b, t: layer(b, False, False, EVERY_RULE))
    for level in corpus_levels("expert"):
        layer_by_layer(level, lambda b, t: run(b, t)[0], times=2)  # the second time, on a board that was solved
    outright, total = run.counts  # type: ignore[attr-defined]
    assert total > 10_000 and 0 < outright < total  # both ways of answering were checked, many times


def test_the_shortcuts_agree_before_every_generator_round() -> None:
    run = checked(lambda b, settled: step(b, settled))
    for level, seed in random_fills((13, 9, 25), 4):
        fill_round_by_round(level, seed, run)
    outright, total = run.counts  # type: ignore[attr-defined]
    assert total > 10_000 and 0 < outright < total

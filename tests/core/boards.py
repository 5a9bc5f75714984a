"""Helpers for tests that drive the generator's kernels step by step."""

from __future__ import annotations

from typing import Callable, Iterator

import numpy as np

from linjat_editor.core import PRESETS, Level, first_level
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.bits import seed_state
from linjat_editor.core.kernels.board import Board, build_board
from linjat_editor.core.kernels.fill import MAX_ROUNDS, add_hinted, break_uncontested, start_fill
from linjat_editor.core.kernels.layer import CONTRADICTION, NONE, SOLVED, contradiction, solved
from linjat_editor.core.kernels.rules import refresh_possible, update_possible

#: One generator round's step on board ``b`` (``settled`` or not), answering as ``layer.step`` does.
Round = Callable[[Board, bool], tuple[int, int, int, bool]]


def clone(b: Board) -> Board:
    """An independent copy of a board (every array copied)."""
    return b.with_arrays(**{name: getattr(b, name).copy() for name in Board.array_fields()})


def fill_round_by_round(level: Level, seed: int, step: Round) -> None:
    """Fill ``level``'s numbers as the generator does (``fill.fill_board``: a plain fill, every cell
    allowed, no hints), one round at a time, each round's step run by ``step``; a test checks it there."""
    b = from_level(level, pinned_only=True)
    rng = seed_state(seed)
    allowed = np.ones(level.height * level.width, np.bool_)
    start_fill(b)
    settled = False
    for _ in range(MAX_ROUNDS):
        if not settled:
            break_uncontested(b, rng, allowed)
        state, kind, _, changed = step(b, settled)
        settled = False
        if state in (SOLVED, CONTRADICTION):
            break
        if kind == NONE:
            if not add_hinted(b, rng, allowed):
                break
            settled = not changed


def layer_by_layer(level: Level, run: Callable[[Board, int], int], times: int = 1) -> None:
    """Solve ``level`` as ``layer.solve_board`` does, one layer at a time: ``run(b, t)`` runs layer ``t`` on the
    board and answers its kind (a test checks it there). ``times``: solve it again on the same board, as the
    optimizer solves child after child on its one board."""
    b = from_level(level)
    for _ in range(times):
        build_board(b)
        for t in range(200):
            update_possible(b) if t == 0 else refresh_possible(b)
            if contradiction(b):
                break
            if run(b, t) == NONE or solved(b):
                break


def random_fills(size: tuple[int, int, int], starts: int) -> Iterator[tuple[Level, int]]:
    """(level, fill seed): ``starts`` random first levels of an expert search of ``size`` (rows, columns,
    numbers), three fill seeds each."""
    h, w, n = size
    for s in range(starts):
        level = first_level(h, w, n, PRESETS["expert"], seed=s)
        for fill_seed in range(3):
            yield level, 100 * s + fill_seed

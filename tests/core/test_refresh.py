"""Work redone only where something changed answers as the full work would.

Refreshing ``possible`` (only what changed since the last update) answers as
the full update; a layer's first can't-fit pass, looking only at the numbers
whose placements changed since the last such pass (``fit_todo``), claims what
a pass over every number claims; and so does its single-solution pass, looking
only at the numbers whose lines' cells changed (``single_todo``).
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pytest

from linjat_editor.core import PRESETS, Level, first_level
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.bits import seed_state
from linjat_editor.core.kernels.board import Board, build_board
from linjat_editor.core.kernels.fill import MAX_ROUNDS, add_hinted, break_uncontested, start_fill
from linjat_editor.core.kernels.layer import CONTRADICTION, NONE, SINGLE_SOLUTION, SOLVED, contradiction, layer, solved, step
from linjat_editor.core.kernels.rules import EVERYONE, cant_fit, refresh_possible, single_solution, update_possible

from .boards import clone


def refresh_agrees(b: Board) -> None:
    """Refresh ``b`` and require the full update's answer on a copy of it."""
    full = clone(b)
    expected = update_possible(full)
    assert refresh_possible(b) == expected
    for name in ("alive", "possible", "reach", "seen_claimed", "seen_alive"):
        assert np.array_equal(getattr(b, name), getattr(full, name)), name


def fit_agrees(b: Board) -> int:
    """Right after an update: the layer's first can't-fit pass on a copy, as over every number; returns its width."""
    every = clone(b)
    width = cant_fit(every, False, False)
    skipping = clone(b)
    assert cant_fit(skipping, False, True) == width
    for name in ("alive", "claimed"):
        assert np.array_equal(getattr(skipping, name), getattr(every, name)), name
    return width


def single_agrees(b: Board) -> int:
    """Right after an update: the layer's single-solution pass on a copy, as over every number; returns its width."""
    every = clone(b)
    width = single_solution(every, EVERYONE)
    skipping = clone(b)
    assert single_solution(skipping, skipping.single_todo[0]) == width
    for name in ("alive", "claimed"):
        assert np.array_equal(getattr(skipping, name), getattr(every, name)), name
    return width


def solve_checking(level: Level) -> tuple[int, int, int]:
    """The solver's layers on ``level``, every refresh and first can't-fit and single-solution pass checked.

    Returns (how many were checked, how many can't-fit passes claimed a cell, how many single-solution ones).
    """
    b = from_level(level)
    build_board(b)
    update_possible(b)
    checked = claiming = leaking = 0
    while not contradiction(b):
        kind, _, _ = layer(b)
        if kind == NONE or solved(b):
            break
        refresh_agrees(b)
        claiming += fit_agrees(b) > 0
        leaking += single_agrees(b) > 0
        checked += 1
    return checked, claiming, leaking


def fill_checking(level: Level, seed: int) -> tuple[int, int, int, int]:
    """The generator's sound fill (single-solution layers undone), every refresh and first pass checked as in ``solve_checking``.

    Returns (refreshes checked, layers undone, can't-fit and single-solution passes that claimed a cell). (``fill_board`` runs the same
    steps in the kernel, with no hook between them: hence this loop. It
    leaves out the settled rounds, which do not refresh.)
    """
    b = from_level(level, pinned_only=True)
    rng = seed_state(seed)
    allowed = np.ones(level.height * level.width, np.bool_)
    start_fill(b)
    checked = undone = claiming = leaking = 0
    for _ in range(MAX_ROUNDS):
        refresh_agrees(b)  # the refresh break_uncontested starts with (then one with nothing to do)
        claiming += fit_agrees(b) > 0
        leaking += single_agrees(b) > 0
        checked += 1
        break_uncontested(b, rng, allowed)
        keep = clone(b)
        state, kind, _, _ = step(b, False)
        if kind == SINGLE_SOLUTION:
            for name in ("alive", "claimed", "possible"):
                getattr(b, name)[:] = getattr(keep, name)
            b.fit_todo[0] = b.single_todo[0] = b.dropped[0] = EVERYONE  # as fill_board undoes it
            state, kind = 0, NONE
            undone += 1
        if state in (SOLVED, CONTRADICTION):
            break
        if kind == NONE and not add_hinted(b, rng, allowed):
            break
    return checked, undone, claiming, leaking


@pytest.mark.parametrize("size", [(13, 9, 25), (9, 6, 10)])
def test_refresh_agrees_with_the_full_update_on_random_levels(size: tuple[int, int, int]) -> None:
    h, w, n = size
    solves = fills = undone = claiming = leaking = 0
    for s in range(8):
        level = first_level(h, w, n, PRESETS["expert"], seed=s)
        c, k, g = solve_checking(level)
        solves += c
        claiming += k
        leaking += g
        for fill_seed in range(3):
            c, u, k, g = fill_checking(level, 10 * s + fill_seed)
            fills += c
            undone += u
            claiming += k
            leaking += g
    assert solves > 50 and fills > 100  # the comparison ran where it matters
    assert claiming > 20  # with passes that claimed something
    assert leaking > 0  # single-solution passes that claimed
    if n > 20:
        assert undone > 0  # and across the generator's undo


def test_refresh_agrees_with_the_full_update_on_published_levels(corpus_levels: Callable[[str], list[Level]]) -> None:
    checked = 0
    for tier in ("easy", "medium", "hard", "expert"):
        for i, level in enumerate(corpus_levels(tier)[::6]):
            checked += solve_checking(level)[0]
            checked += fill_checking(level, i)[0]
    assert checked > 500

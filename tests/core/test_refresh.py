"""Refreshing ``possible`` (only what changed since the last update) answers as the full update would."""

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
from linjat_editor.core.kernels.rules import refresh_possible, update_possible

from .boards import clone


def refresh_agrees(b: Board) -> None:
    """Refresh ``b`` and require the full update's answer on a copy of it."""
    full = clone(b)
    expected = update_possible(full)
    assert refresh_possible(b) == expected
    for name in ("alive", "possible", "reach", "seen_claimed", "seen_alive"):
        assert np.array_equal(getattr(b, name), getattr(full, name)), name


def solve_checking(level: Level) -> int:
    """The solver's layers on ``level``, every refresh checked; returns how many were checked."""
    b = from_level(level)
    build_board(b)
    update_possible(b)
    checked = 0
    while not contradiction(b):
        kind, _, _ = layer(b)
        if kind == NONE or solved(b):
            break
        refresh_agrees(b)
        checked += 1
    return checked


def fill_checking(level: Level, seed: int) -> tuple[int, int]:
    """The generator's sound fill (single-solution layers undone), every refresh checked.

    Returns (refreshes checked, layers undone). (``fill_board`` runs the same
    steps in the kernel, with no hook between them: hence this loop. It
    leaves out the settled rounds, which do not refresh.)
    """
    b = from_level(level, pinned_only=True)
    rng = seed_state(seed)
    allowed = np.ones(level.height * level.width, np.bool_)
    start_fill(b)
    checked = undone = 0
    for _ in range(MAX_ROUNDS):
        refresh_agrees(b)  # the refresh break_uncontested starts with (then one with nothing to do)
        checked += 1
        break_uncontested(b, rng, allowed)
        keep = clone(b)
        state, kind, _, _ = step(b, False)
        if kind == SINGLE_SOLUTION:
            for name in ("alive", "claimed", "possible"):
                getattr(b, name)[:] = getattr(keep, name)
            state, kind = 0, NONE
            undone += 1
        if state in (SOLVED, CONTRADICTION):
            break
        if kind == NONE and not add_hinted(b, rng, allowed):
            break
    return checked, undone


@pytest.mark.parametrize("size", [(13, 9, 25), (9, 6, 10)])
def test_refresh_agrees_with_the_full_update_on_random_levels(size: tuple[int, int, int]) -> None:
    h, w, n = size
    solves = fills = undone = 0
    for s in range(8):
        level = first_level(h, w, n, PRESETS["expert"], seed=s)
        solves += solve_checking(level)
        for fill_seed in range(3):
            c, u = fill_checking(level, 10 * s + fill_seed)
            fills += c
            undone += u
    assert solves > 50 and fills > 100  # the comparison ran where it matters
    if n > 20:
        assert undone > 0  # and across the generator's undo


def test_refresh_agrees_with_the_full_update_on_published_levels(corpus_levels: Callable[[str], list[Level]]) -> None:
    checked = 0
    for tier in ("easy", "medium", "hard", "expert"):
        for i, level in enumerate(corpus_levels(tier)[::6]):
            checked += solve_checking(level)
            checked += fill_checking(level, i)[0]
    assert checked > 500

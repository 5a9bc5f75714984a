"""The can't-fit pass after a harder kind looks only at the numbers that kind narrowed, and misses nothing.

A layer reaches square, dependency and one-of only once its own can't-fit
pass (or, in a settled round, the last round's) found nothing; the pass after
them looks only at the numbers they narrowed (``layer.layer``). Here, after
every layer that went that far, a pass over every number must claim nothing
more: on the generator's rounds (settled ones too) and on the solver's layers
(crossing one-of too), with every rule and with can't-fit left out.
"""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import Level
from linjat_editor.core.kernels.board import Board
from linjat_editor.core.kernels.layer import (
    CONTRADICTION, DEPENDENCY, EVERY_RULE, NONE, ONE_OF, SQUARE, layer, step,
)
from linjat_editor.core.kernels.rules import cant_fit
from linjat_editor.core.kinds import Kind, rules_mask

from .boards import clone, fill_round_by_round, layer_by_layer, random_fills

#: The kinds whose can't-fit pass is restricted, and a layer that found nothing (it ran them all).
HARDER = (SQUARE, DEPENDENCY, ONE_OF, NONE)
WITHOUT_CANT_FIT = rules_mask(k for k in Kind if k != Kind.CANT_FIT)


def nothing_left(b: Board) -> bool:
    """A can't-fit pass over every number, on a copy, claims no cell."""
    return cant_fit(clone(b), True, False) == 0


def generator_rounds(level: Level, seed: int) -> int:
    """Fill ``level``'s numbers as the generator does; every round that reached the harder kinds is checked.

    Returns how many were."""
    checked = 0

    def checked_step(b: Board, settled: bool) -> tuple[int, int, int, bool]:
        nonlocal checked
        state, kind, width, changed = step(b, settled)
        if kind in HARDER and state != CONTRADICTION:
            assert nothing_left(b), f"round after {kind}"
            checked += 1
        return state, kind, width, changed

    fill_round_by_round(level, seed, checked_step)
    return checked


def solver_layers(level: Level, rules: int) -> int:
    """Solve ``level`` layer by layer as ``solve_board`` does; every layer that reached the harder kinds is checked."""
    checked = 0

    def checked_layer(b: Board, t: int) -> int:
        nonlocal checked
        kind, _, _ = layer(b, False, False, rules)
        # Without can't-fit in the rules a layer that found nothing ran no such pass at all.
        if kind in HARDER and (kind != NONE or rules == EVERY_RULE):
            assert nothing_left(b), f"layer {t} ({kind})"
            checked += 1
        return kind

    layer_by_layer(level, checked_layer)
    return checked


@pytest.mark.parametrize("size", [(13, 9, 25), (10, 7, 16)])
def test_generator_rounds_leave_nothing_for_a_full_pass(size: tuple[int, int, int]) -> None:
    checked = sum(generator_rounds(level, seed) for level, seed in random_fills(size, 8))
    assert checked > 100  # the check ran where it matters


def test_solver_layers_leave_nothing_for_a_full_pass(corpus_levels: Callable[[str], list[Level]]) -> None:
    checked = 0
    for tier in ("medium", "hard", "expert"):
        for level in corpus_levels(tier)[::3]:
            checked += solver_layers(level, EVERY_RULE)
            checked += solver_layers(level, WITHOUT_CANT_FIT)
    assert checked > 100

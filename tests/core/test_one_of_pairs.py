"""A one-of pass looks only at pairs with a number that changed since its kind's last pass, and misses nothing.

``one_of.one_of`` skips a pair of numbers whose placements are as they were at
the last pass of its kind (``pair_todo``): that pass found all the pair can
give. Here, before every generator round (settled ones too) and every solver
layer, the round or layer gives, on a copy, exactly what it gives where every
pass looks at every pair; and each kind of pass run twice in a row drops the
second time what a second pass over every pair drops, also after a layer's
claims or where dependency had narrowed ``possible`` for the first.
"""

from __future__ import annotations

from typing import Callable

import pytest

from linjat_editor.core import Level
from linjat_editor.core.kernels.board import Board
from linjat_editor.core.kernels.layer import EVERY_RULE, NONE, ONE_OF, contradiction, layer, step
from linjat_editor.core.kernels.one_of import one_of
from linjat_editor.core.kernels.rules import EVERYONE, dependency, refresh_possible

from .boards import clone, fill_round_by_round, layer_by_layer, random_fills


def skipped_some(b: Board) -> bool:
    """Whether a one-of pass from this state would skip some number's pairs."""
    everyone = (1 << b.n) - 1
    return any(int(b.pair_todo[k] | b.dropped[0]) & everyone != everyone for k in (0, 1))


def pass_then_pass_again(b: Board) -> None:
    """On copies of ``b``: each kind of pass over every pair; then nothing, dependency narrowing ``possible``,
    or a layer's claims (and the update); then a pass that skips the unchanged pairs drops what one over
    every pair drops."""
    for crossing in (False, True):
        for between in (None, "dependency", "layer"):
            first = clone(b)
            first.pair_todo[:] = EVERYONE
            if between == "dependency" and not dependency(first):
                continue
            one_of(first, crossing)
            if between == "layer" and layer(first, False, False, EVERY_RULE)[0] == NONE:
                continue
            if between is not None:
                if contradiction(first):
                    continue
                refresh_possible(first)
            full = clone(first)
            full.pair_todo[:] = EVERYONE
            one_of(first, crossing)
            one_of(full, crossing)
            assert (first.alive == full.alive).all(), f"crossing={crossing}, after {between}"


def same_as_looking_at_every_pair(b: Board, run: Callable[[Board], tuple[int, int]]) -> tuple[int, int]:
    """``run`` on ``b``, and on a copy whose one-of passes look at every pair: the same answer and placements.

    ``run`` answers (kind, width) and leaves the rest in the board; returns ``run``'s answer on ``b``."""
    pass_then_pass_again(b)
    full = clone(b)
    full.pair_todo[:] = EVERYONE
    answer = run(b)
    assert answer == run(full)
    assert (b.alive == full.alive).all() and (b.claimed == full.claimed).all()
    return answer


def generator_rounds(level: Level, seed: int) -> int:
    """Fill ``level``'s numbers as the generator does, each round checked; returns the rounds that ran a
    one-of pass (found something or not) while some pairs were skipped."""
    telling = 0

    def checked_step(b: Board, settled: bool) -> tuple[int, int, int, bool]:
        nonlocal telling
        skipping = skipped_some(b)
        answers: list[tuple[int, int, int, bool]] = []

        def run(board: Board) -> tuple[int, int]:
            answers.append(step(board, settled))
            return answers[-1][1], answers[-1][2]

        kind, _ = same_as_looking_at_every_pair(b, run)
        telling += skipping and kind in (ONE_OF, NONE)
        return answers[0]

    fill_round_by_round(level, seed, checked_step)
    return telling


def solver_layers(level: Level) -> int:
    """Solve ``level`` layer by layer as ``solve_board`` does, each layer checked; returns the layers that
    ran a one-of pass (found something or not) while some pairs were skipped."""
    telling = 0

    def checked_layer(b: Board, t: int) -> int:
        nonlocal telling
        skipping = skipped_some(b)
        kind, _ = same_as_looking_at_every_pair(b, lambda board: layer(board, False, False, EVERY_RULE)[:2])
        telling += skipping and kind in (ONE_OF, NONE)
        return kind

    layer_by_layer(level, checked_layer)
    return telling


@pytest.mark.parametrize("size", [(13, 9, 25), (10, 7, 16)])
def test_generator_rounds_skip_no_pair_that_gives_something(size: tuple[int, int, int]) -> None:
    telling = sum(generator_rounds(level, seed) for level, seed in random_fills(size, 10))
    assert telling > 100  # passes that skipped some pairs: the check ran where it matters


def test_solver_layers_skip_no_pair_that_gives_something(corpus_levels: Callable[[str], list[Level]]) -> None:
    telling = sum(solver_layers(level) for level in corpus_levels("expert"))
    assert telling > 10

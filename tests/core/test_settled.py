"""A settled generator round, which looks only where the new dot is, answers as a full round would."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pytest

from linjat_editor.core import Level
from linjat_editor.core.kernels.board import Board
from linjat_editor.core.kernels.layer import step

from .boards import clone, fill_round_by_round, random_fills


def compare_settled_rounds(level: Level, seed: int) -> int:
    """Fill ``level``'s numbers as the generator does, checking every settled round against a full one.

    Returns how many settled rounds there were. (The generator's own loop,
    ``fill_board``, runs the same steps in the kernel; here each settled round
    is also run in full on a copy of the board and the two must agree.)
    """
    rounds = 0

    def compared(b: Board, settled: bool) -> tuple[int, int, int, bool]:
        nonlocal rounds
        if not settled:
            return step(b, False)
        rounds += 1
        full = clone(b)
        expected = step(full, False)
        got = step(b, True)
        assert got == expected
        for name in ("alive", "claimed", "possible"):
            assert np.array_equal(getattr(b, name), getattr(full, name)), name
        return got

    fill_round_by_round(level, seed, compared)
    return rounds


@pytest.mark.parametrize("size", [(13, 9, 25), (10, 7, 16), (9, 6, 10)])
def test_settled_rounds_agree_with_full_rounds_on_random_levels(size: tuple[int, int, int]) -> None:
    rounds = sum(compare_settled_rounds(level, seed) for level, seed in random_fills(size, 12))
    assert rounds > 100  # the comparison ran where it matters


def test_settled_rounds_agree_with_full_rounds_on_published_numbers(corpus_levels: Callable[[str], list[Level]]) -> None:
    rounds = 0
    for tier in ("easy", "medium", "hard", "expert"):
        for i, level in enumerate(corpus_levels(tier)[::5]):
            rounds += compare_settled_rounds(level, i)
    assert rounds > 100

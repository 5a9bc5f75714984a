"""Every claim the human-style solver makes must hold in every solution.

Checked against the independent exact solver on thousands of random levels:
each claimed cell is covered by that number in all solutions, each dropped
placement is used by none, "solved" means the unique solution, and
"contradiction" means there is none. The leak kinds assume a unique solution,
so their claims (and everything after them) are checked on unique levels only.
"""

from __future__ import annotations

import random

import pytest

from linjat_editor.core import Level, Number, count_solutions, fill_dots, line_cells, solve

LIMIT = 64


def random_board(rng: random.Random) -> Level:
    h, w = rng.randint(3, 9), rng.randint(3, 9)
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    n = rng.randint(1, max(1, len(cells) // 4))
    numbers = [Number(r, c, rng.choice([1, 2, 2, 3, 3, 4, 5, 6])) for r, c in cells[:n]]
    dots = [cell for cell in cells[n:] if rng.random() < 0.25]
    return Level(h, w, tuple(numbers), frozenset(dots))


def check(level: Level) -> str:
    result = solve(level, trace=True)
    exact = count_solutions(level, limit=LIMIT)
    if exact.count == LIMIT:
        return "too many solutions to enumerate"
    solutions = exact.solutions if exact.count <= 16 else count_solutions(level, limit=LIMIT).solutions
    assert len(solutions) == min(exact.count, 16)
    if exact.count > 16:
        return "not all solutions kept"
    for layer in result.layers:
        if layer.kind.is_leak and exact.count != 1:
            break  # what follows assumed uniqueness, which this level lacks
        for (cell, p) in layer.claimed:
            for s in solutions:
                assert cell in line_cells(s[p]), f"{layer.kind.key} claimed {cell} for #{p} wrongly in\n{level}"
        for p, line in layer.dropped:
            for s in solutions:
                assert s[p] != line, f"{layer.kind.key} dropped #{p}'s solution line {line} in\n{level}"
    if result.status == "solved":
        assert exact.count == 1 and result.lines == solutions[0], f"solved but {exact.count} solutions:\n{level}"
    if result.status == "contradiction" and not result.classification.uses_leaks:
        assert exact.count == 0, f"contradiction but {exact.count} solutions:\n{level}"
    return result.status


@pytest.mark.parametrize("chunk", range(4))
def test_random_levels(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    statuses = [check(random_board(rng)) for _ in range(500)]
    # The check must have bitten: plenty of levels were actually solved or refuted.
    assert statuses.count("solved") + statuses.count("contradiction") > 50


@pytest.mark.parametrize("chunk", range(2))
def test_generated_levels(chunk: int) -> None:
    """Filled levels are the interesting ones: long solves using every kind."""
    rng = random.Random(2000 + chunk)
    solved = 0
    for i in range(150):
        board = random_board(rng).without_dots()
        filled = fill_dots(board, seed=i, attempts=1).level
        solved += check(filled) == "solved"
    assert solved > 30

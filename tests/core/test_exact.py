"""The exact solver against brute force on tiny levels."""

from __future__ import annotations

import itertools
import random

from linjat_editor.core import Level, Number, count_solutions, line_cells

from .reference import number_lines


def brute_force(level: Level) -> list[tuple[frozenset, ...]]:
    """Every combination of lines (from the test's own line list), kept if disjoint and covering every dot."""
    found = []
    for combo in itertools.product(*number_lines(level)):
        cells = [cell for line in combo for cell in line]
        if len(cells) == len(set(cells)) and level.dots <= set(cells):
            found.append(combo)
    return found


def test_counts_match_brute_force() -> None:
    rng = random.Random(7)
    seen = set()
    for _ in range(400):
        h, w = rng.randint(2, 5), rng.randint(2, 5)
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        n = rng.randint(1, 4)
        numbers = [Number(r, c, rng.randint(1, 4)) for r, c in cells[:n]]
        dots = frozenset(cell for cell in cells[n:] if rng.random() < 0.3)
        level = Level(h, w, tuple(numbers), dots)
        truth = brute_force(level)
        result = count_solutions(level, limit=1000)
        assert result.count == len(truth), str(level)
        as_cells = {tuple(frozenset(line_cells(line)) for line in solution) for solution in result.solutions}
        assert as_cells <= set(truth) and len(as_cells) == len(result.solutions)
        seen.add(min(len(truth), 3))
    assert seen == {0, 1, 2, 3}


def test_limit_stops_early_and_allowed_restricts() -> None:
    level = Level.from_rows(["     ", "  3  ", "     "])
    assert count_solutions(level, limit=100).count == 4  # three across, one down
    assert count_solutions(level, limit=2).count == 2
    only = {(1, 0, 1, 2)}
    assert count_solutions(level, limit=100, allowed=[only]).solutions == (((1, 0, 1, 2),),)


def test_an_open_board_gives_up_with_a_clear_error_instead_of_hanging() -> None:
    import pytest

    from linjat_editor.core import LevelError

    # 25 threes spread over an empty 20x20 board: each has several free lines.
    level = Level(20, 20, tuple(Number(r, c, 3) for r in range(1, 20, 4) for c in range(1, 20, 4)))
    with pytest.raises(LevelError, match="too open"):
        count_solutions(level, limit=10**9, budget=50_000)
    assert count_solutions(level, limit=2).count == 2  # a small limit still answers at once

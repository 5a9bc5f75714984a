"""Test-only references that share no code with the engine: random levels, and an exact solution counter.

``random_levels`` is the seeded level generator of the agreement test (a mix
that the engine must tell apart: solvable, stuck, contradictory, ambiguous,
from 1x1 up to beyond 13x9). ``count_lines`` counts solutions by plain
backtracking over its own list of each number's lines: it never calls the
engine, so it can check the engine's "solved" and "unique".
"""

from __future__ import annotations

import random
from typing import Iterator

from linjat_editor.core import Level, Number, fill_dots


def random_levels(seed: int, count: int, max_height: int = 15, max_width: int = 11) -> Iterator[Level]:
    """``count`` random levels; most get their dots from the engine's generator (mostly solvable)."""
    rng = random.Random(seed)
    for _ in range(count):
        h, w = rng.randint(1, max_height), rng.randint(1, max_width)
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        n = rng.randint(1, max(1, min(len(cells) // rng.choice((3, 5, 6)), 30)))
        longest = max(h, w)
        numbers = tuple(Number(r, c, min(longest, rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5, 6)))) for r, c in cells[:n])
        level = Level(h, w, numbers)
        mode = rng.random()
        if mode < 0.6 and len(cells) > n:
            level = fill_dots(level, seed=rng.randrange(2**32), attempts=1).level
            if mode < 0.2 and level.dots:  # take one dot away: often stuck or ambiguous
                level = level.cleared(*sorted(level.dots)[rng.randrange(len(level.dots))])
        elif mode < 0.85:
            density = rng.choice((0.03, 0.06, 0.1, 0.2))
            level = level.with_dots(cell for cell in cells[n:] if rng.random() < density)
        yield level


def number_lines(level: Level) -> list[list[frozenset[tuple[int, int]]]]:
    """Per number, the cell sets of its possible lines (inside the grid, over no other number)."""
    others = {n.cell for n in level.numbers}
    out = []
    for n in level.numbers:
        found = set()
        for dr, dc in ((0, 1), (1, 0)):
            for back in range(n.value):
                cells = frozenset((n.row + (i - back) * dr, n.col + (i - back) * dc) for i in range(n.value))
                inside = all(0 <= r < level.height and 0 <= c < level.width for r, c in cells)
                if inside and not (cells & others) - {n.cell}:
                    found.add(cells)
        out.append(sorted(found, key=sorted))
    return out


def count_lines(level: Level, limit: int = 2, budget: int = 500_000) -> int:
    """Solutions of ``level`` up to ``limit``: disjoint lines, one per number, covering every dot.

    Depth-first, branching on the number or the open dot with the fewest
    lines still fitting (a dot with none ends the branch). Raises if
    ``budget`` nodes are not enough (the tests keep to levels where it is).
    """
    w = level.width
    bits = [[sum(1 << (r * w + c) for r, c in line) for line in lines] for lines in number_lines(level)]
    dots = sum(1 << (r * w + c) for r, c in level.dots)
    nodes = [0]

    def search(left: tuple[int, ...], used: int) -> int:
        nodes[0] += 1
        if nodes[0] > budget:
            raise RuntimeError(f"count_lines: more than {budget} nodes")
        if not left:
            return 1 if dots & ~used == 0 else 0
        fitting = {p: [m for m in bits[p] if m & used == 0] for p in left}
        # Branch on the number with the fewest lines, or on the open dot with
        # the fewest lines over it (exactly one line covers it in a solution).
        p = min(left, key=lambda q: len(fitting[q]))
        choices = [(p, m) for m in fitting[p]]
        open_dots = dots & ~used
        while open_dots and len(choices) > 1:
            dot = open_dots & -open_dots
            open_dots ^= dot
            over = [(q, m) for q in left for m in fitting[q] if m & dot]
            if len(over) < len(choices):
                choices = over
        total = 0
        for q, m in choices:
            total += search(tuple(x for x in left if x != q), used | m)
            if total >= limit:
                return total
        return total

    return search(tuple(range(len(level.numbers))), 0)

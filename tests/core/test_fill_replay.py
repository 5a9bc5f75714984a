"""A child's fill replays its parent's: the generator places hinted dots first where it gets stuck, or all of them up front."""

from __future__ import annotations

import numpy as np

from linjat_editor.core import PRESETS, Level, Optimizer, first_level
from linjat_editor.core.board import from_level, to_level
from linjat_editor.core.kernels.bits import seed_state
from linjat_editor.core.kernels.board import allocate
from linjat_editor.core.kernels.fill import fill_board
from linjat_editor.core.kernels.layer import SOLVED
from linjat_editor.core.kernels.optimize import kept_dots
from linjat_editor.core.level import line_cells
from linjat_editor.core.solver import deduce


def fill(level: Level, seed: int, hints: tuple[int, ...] = (), upfront: bool = False) -> tuple[int, tuple[int, ...], frozenset[int]]:
    """(status, the dots added in order, all dots) of the optimizer's fill of ``level``'s numbers."""
    b = from_level(level, pinned_only=True)
    b.hint[: len(hints)] = hints
    b.hint_at[0] = len(hints)
    state, _, _ = fill_board(b, seed_state(seed), np.ones(level.height * level.width, np.bool_), False, upfront)
    return int(state), tuple(b.added[: b.nadded[0]].tolist()), frozenset(np.flatnonzero(b.dot).tolist())


def test_the_fill_notes_every_dot_it_adds_in_order() -> None:
    level = first_level(13, 9, 25, PRESETS["expert"], seed=1)
    _, order, dots = fill(level, 3)
    assert len(order) == len(set(order)) and frozenset(order) == dots


def test_a_replayed_fill_follows_its_hints_and_a_fresh_one_does_not() -> None:
    replayed = fresh = 0
    for s in range(30):
        level = first_level(13, 9, 25, PRESETS["expert"], seed=s)
        _, order, dots = fill(level, 100 + s)
        again = fill(level, 200 + s, order)[2]
        replayed += again == dots
        fresh += fill(level, 200 + s)[2] == dots
    # Another random state, yet the hints bring the same dots back (those given to uncontested
    # numbers too); filled afresh, the same numbers almost never.
    assert replayed >= 27 and fresh <= 3, (replayed, fresh)


def test_unusable_hints_are_skipped() -> None:
    level = first_level(13, 9, 25, PRESETS["expert"], seed=2)
    w = level.width
    _, order, _ = fill(level, 7)
    # Number cells are claimed from the start: skipped without a trace, so the fill is the same as without them.
    numbers = tuple(n.row * w + n.col for n in level.numbers)
    assert fill(level, 8, numbers[:3] + order + numbers[3:6]) == fill(level, 8, order)
    assert not fill(level, 8, numbers)[2] & set(numbers)


def test_hints_up_front_go_in_first_and_the_fill_adds_only_where_it_gets_stuck() -> None:
    tried = solved = same = grew = 0
    for s in range(30):
        level = first_level(13, 9, 25, PRESETS["expert"], seed=s)
        state, order, dots = fill(level, 100 + s)
        if state != SOLVED:
            continue  # this fill of the numbers gives no parent to keep
        tried += 1
        # All the parent's dots, in its order, before any of the fill's own: they solve the level again,
        # mostly with nothing added (at most a dot or two for a number uncontested at the start).
        again_state, again_order, again_dots = fill(level, 200 + s, order, upfront=True)
        assert again_order[: len(order)] == order and len(again_order) <= len(order) + 2
        solved += again_state == SOLVED
        same += again_dots == dots
        # Half of them: the fill adds what the level needs beyond them.
        half = fill(level, 300 + s, order[: len(order) // 2], upfront=True)
        assert half[1][: len(order) // 2] == order[: len(order) // 2]
        grew += half[0] == SOLVED and len(half[1]) > len(order) // 2
    assert tried >= 15 and solved >= tried - 2 and same >= 2 * tried // 3 and grew >= tried // 3, (tried, solved, same, grew)


def test_hints_up_front_all_go_in_even_where_the_level_needs_none() -> None:
    # Replayed where the fill gets stuck, dots past those a level needs are never placed; up front they all are.
    level = first_level(13, 9, 25, PRESETS["expert"], seed=3)
    w = level.width
    # A fill that solves it (some fills of the same numbers end in a contradiction).
    state, order, dots = next(done for done in (fill(level, s) for s in range(100, 140)) if done[0] == SOLVED)
    lines = deduce(level).solution
    assert lines is not None
    numbers = {n.row * w + n.col for n in level.numbers}
    extra = [r * w + c for line in lines for r, c in line_cells(line) if r * w + c not in numbers | dots][:3]
    assert len(extra) == 3
    assert set(extra) <= fill(level, 5, order + tuple(extra), upfront=True)[2]
    assert not set(extra) & fill(level, 5, order + tuple(extra))[2]


def test_unusable_hints_up_front_are_skipped() -> None:
    level = first_level(13, 9, 25, PRESETS["expert"], seed=2)
    w = level.width
    _, order, _ = fill(level, 7)
    numbers = tuple(n.row * w + n.col for n in level.numbers)
    assert fill(level, 8, numbers[:3] + order + numbers[3:6], upfront=True) == fill(level, 8, order, upfront=True)


def test_pool_levels_remember_the_order_their_fill_added_dots() -> None:
    start = first_level(13, 9, 24, PRESETS["expert"], seed=4)
    optimizer = Optimizer(start, PRESETS["expert"], seed=4)
    optimizer.run(1500)
    filled = [e for island in optimizer.islands for e in island.entries if e.fill_order]
    assert filled
    for entry in filled:
        level = entry.level
        flat = {r * level.width + c for r, c in level.dots - level.pinned}
        assert len(entry.fill_order) == len(set(entry.fill_order)) and set(entry.fill_order) == flat


def test_a_child_keeps_its_parents_covered_dots_less_one() -> None:
    b = allocate(4, 4, 1)
    b.owner[:] = -1
    b.owner[[1, 2, 5, 9, 13]] = 0  # the child's solution covers these
    parent = np.array([13, 3, 1, 7, 9, 2], np.int64)  # 3 and 7 it no longer covers
    covered = [13, 1, 9, 2]
    rng = seed_state(1)
    dropped = set()
    for _ in range(200):
        kept = kept_dots(b, parent, len(parent), rng)
        got = b.hint[:kept].tolist()
        assert kept == 3 and got == [c for c in covered if c in got]  # in the parent's order
        dropped |= set(covered) - set(got)
    assert dropped == set(covered)  # each one is forgotten some of the time
    assert kept_dots(b, parent[1:2], 1, rng) == 0  # nothing covered, nothing kept


def test_a_fill_that_adds_no_dot_has_classified_its_level() -> None:
    """The optimizer takes such a fill's rounds for the classification rather than solving again: the same layers."""
    taken = other = 0
    for s in range(30):
        level = first_level(13, 9, 25, PRESETS["expert"], seed=s)
        state, order, _ = fill(level, 100 + s)
        if state != SOLVED:
            continue
        # The parent's dots less one, as a child keeps them: sometimes enough, sometimes the fill adds one.
        hints = order[: s % len(order)] + order[s % len(order) + 1 :]
        b = from_level(level, pinned_only=True)
        b.hint[: len(hints)] = hints
        b.hint_at[0] = len(hints)
        state, _, classified = fill_board(b, seed_state(s), np.ones(level.height * level.width, np.bool_), False, True)
        if not classified:
            other += 1
            continue
        taken += 1
        assert state == SOLVED and b.nadded[0] == len(hints)
        # The level as filled, solved from scratch.
        fresh = deduce(to_level(level, b.pos[: b.n], b.val[: b.n], b.dot)).board
        depth = fresh.table[0, 0]
        assert np.array_equal(b.table, fresh.table), s
        assert np.array_equal(b.layers[:depth, :2], fresh.layers[:depth, :2]), s
    assert taken >= 5 and other >= 1, (taken, other)

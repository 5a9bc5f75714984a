"""The pool's door (``pool.check``) against its definition by the exact solver, and the deduction's placement lookups."""

from __future__ import annotations

import random
from typing import Callable

from linjat_editor.core import Level, count_solutions
from linjat_editor.core.analysis import detect_leaks
from linjat_editor.core.board import from_level
from linjat_editor.core.kernels.admission import admission
from linjat_editor.core.kernels.board import allocate
from linjat_editor.core.kernels.leak_general import MAX_GROUP
from linjat_editor.core.pool import check
from linjat_editor.core.solver import deduce

SINGLE_SOLUTION = ["   .", " 2 3", " .4 ", "    "]
CLEAN = ["   3", "   .", "  .3", "  2."]
#: Deduction finishes only by assuming one solution; the level has two.
AMBIGUOUS = ["     2", "      ", "    .2"]


def by_definition(level: Level) -> tuple[object, int] | None:
    """What the door must answer, worked out the long way: exact count first, leaks with the exact solution."""
    if count_solutions(level, limit=2).count != 1:
        return None
    run = deduce(level, trace=True)
    if not run.solved:
        return None
    return run.classification, len(detect_leaks(level))


def variants(levels: list[Level], seed: int) -> list[Level]:
    """The levels, and each with one dot removed (often two solutions, or stuck) or one added."""
    rng = random.Random(seed)
    out = list(levels)
    for level in levels:
        dots = sorted(level.dots)
        out.append(level.with_dots(frozenset(dots) - {rng.choice(dots)}))
        free = [(r, c) for r in range(level.height) for c in range(level.width)
                if (r, c) not in level.dots and level.number_at(r, c) is None]
        out.append(level.with_dots(frozenset(dots) | {rng.choice(free)}))
    return out


def test_check_on_hand_built_levels() -> None:
    leaky = Level.from_rows(SINGLE_SOLUTION)
    found = check(leaky)
    assert found is not None and found[1] == len(detect_leaks(leaky)) > 0
    clean = Level.from_rows(CLEAN)
    assert check(clean) == (deduce(clean).classification, 0) and count_solutions(clean).count == 1
    assert check(Level.from_rows(AMBIGUOUS)) is None


def test_check_agrees_with_the_exact_solver_first_definition(corpus_levels: Callable[[str], list[Level]]) -> None:
    levels = variants(corpus_levels("easy")[:15] + corpus_levels("expert")[:15], seed=1)
    answers = [(check(level), by_definition(level)) for level in levels]
    for level, (got, expected) in zip(levels, answers):
        assert got == expected, str(level)
    # The sample holds every case: refused, leaky, and clean.
    kinds = {None if got is None else bool(got[1]) for got, _ in answers}
    assert kinds == {None, True, False}


def test_one_kept_board_answers_every_level_as_a_fresh_one(corpus_levels: Callable[[str], list[Level]]) -> None:
    """A pool checks all its candidates on one traced board: nothing of one level may carry into the next's answer."""
    levels = variants(corpus_levels("easy")[15:45] + corpus_levels("expert")[15:45], seed=2)
    boards: dict[tuple[int, int, int], object] = {}
    kinds = set()
    for level in levels:
        shape = (level.height, level.width, len(level.numbers))
        board = boards.setdefault(shape, allocate(*shape, trace=True))
        got = check(level, board)  # type: ignore[arg-type]
        assert got == by_definition(level), str(level)
        kinds.add(None if got is None else bool(got[1]))
    assert kinds == {None, True, False} and max(sum(1 for lv in levels if (lv.height, lv.width, len(lv.numbers)) == s)
                                                for s in boards) > 5


def test_deduction_finds_each_placement_by_its_line_and_its_solution_is_the_exact_one(
    corpus_levels: Callable[[str], list[Level]],
) -> None:
    for level in corpus_levels("medium")[:10] + [Level.from_rows(CLEAN)]:
        run = deduce(level, trace=True)
        for k in range(run.piece.size):
            p = int(run.piece[k])
            assert run.index_of(p, run.line(k)) == k
            other = (p + 1) % len(level.numbers)  # a line holds one number's cell only
            assert other == p or run.index_of(other, run.line(k)) == -1
        r, c = level.numbers[0].cell
        assert run.index_of(0, (r, c, r, c + level.numbers[0].value)) == -1  # one cell too long
        assert run.solution == count_solutions(level).solutions[0]
    assert deduce(Level.from_rows(AMBIGUOUS)).solution is None


def general_leaks(level: Level, most: int) -> int:
    """The admission kernel's count of general leaks, asked only whether there are more than ``most``."""
    return int(admission(from_level(level, trace=True), MAX_GROUP, most)[1])


def test_admission_asked_for_at_most_some_leaks_says_only_whether_there_are_more(
        corpus_levels: Callable[[str], list[Level]]) -> None:
    """The optimizer's door asks no more than its pool has room for (``door.most_leaks``): a count above
    ``most`` when there are more leaks than that, else every one."""
    leaky = [(level, n) for level in corpus_levels("hard") + corpus_levels("expert")
             if (n := general_leaks(level, -1)) > 1][:12]
    assert len(leaky) == 12
    cut_short = 0
    for level, n in leaky:
        assert n == len(detect_leaks(level))  # all of them, as the analysis finds them
        for most in range(n + 2):
            got = general_leaks(level, most)
            assert got == n if most >= n else most < got <= n
            cut_short += got < n
    assert cut_short > 0  # it does stop early

"""Fill keeps its promise: a filled level is unique, solved by deduction and leak-free, or Fill says it found none.

Every check here is independent of the fill's own flag: the exact solver counts the
solutions, a fresh deduction solves, and the analysis' leak detector (the editor's
verdict) finds no leak.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.cli import main
from linjat_editor.core import Level, LevelError, count_solutions, fill_dots, random_level
from linjat_editor.core.analysis import analyze, detect_leaks
from linjat_editor.core.solver import deduce
from linjat_editor.io import read_level, write_level

#: The 5x5 of issue 43: seeds 9 and 107749311 gave a level with one general leak, said to be filled.
ISSUE_BOARD = Level.from_rows(["    2", " 3   ", "     ", "   4 ", "3    "])


def assert_good(level: Level) -> None:
    """Unique by the exact solver, solved by a fresh deduction, no leak by the analysis."""
    assert count_solutions(level, limit=2).count == 1
    assert deduce(level).solved
    assert detect_leaks(level) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 9, 107749311])
def test_the_issue_board_fills_without_leaks(seed: int) -> None:
    result = fill_dots(ISSUE_BOARD, seed=seed)
    assert result.solved and result.level.numbers == ISSUE_BOARD.numbers
    assert_good(result.level)
    assert analyze(result.level).verdict.startswith("Good")


@pytest.mark.parametrize("seed", [9, 107749311])
def test_linjat_fill_on_the_issue_board_writes_a_leak_free_level(seed: int, tmp_path: Path) -> None:
    start, out = tmp_path / "five.json", tmp_path / "filled.json"
    write_level(ISSUE_BOARD, str(start))
    assert main(["fill", str(start), "--seed", str(seed), "-o", str(out)]) == 0
    assert_good(read_level(str(out)))


def pinned_medium_one(corpus_levels: Callable[[str], list[Level]]) -> Level:
    """Published medium #1 with its dots pinned: two general leaks of its 3 at row 3, column 5 that no dot removes
    (every cell of the lines involved already holds a dot)."""
    level = corpus_levels("medium")[0]
    return level.with_meta(pinned=level.dots)


def test_fill_says_so_when_every_filling_leaks(corpus_levels: Callable[[str], list[Level]]) -> None:
    result = fill_dots(pinned_medium_one(corpus_levels), seed=1)
    assert not result.solved
    assert result.reason.startswith("no leak-free filling that deduction solves was found in 1 try")
    assert "2 general leaks of the 3 at row 3, column 5: no dot on an empty cell of the solution's lines removes them" \
        in result.reason
    assert detect_leaks(result.level) and (1, 4) in result.cells


def test_linjat_fill_exits_1_with_the_reason_when_every_filling_leaks(
    corpus_levels: Callable[[str], list[Level]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start, out = tmp_path / "pinned.json", tmp_path / "filled.json"
    write_level(pinned_medium_one(corpus_levels), str(start))
    assert main(["fill", str(start), "--seed", "1", "-o", str(out)]) == 1
    # The error is one line (a cold kernel cache may put the first start's line before it).
    lines = [ln for ln in capsys.readouterr().err.splitlines() if not ln.startswith("linjat: first start:")]
    assert len(lines) == 1 and lines[0].startswith("linjat: no filling: no leak-free filling")
    assert "general leaks" in lines[0] and not out.exists()


def fill_checked(level: Level, seed: int) -> bool:
    """Fill ``level``: a level said filled must be good; one that is not must say why. True if filled."""
    result = fill_dots(level, seed=seed)
    if result.solved:
        assert result.level.numbers == level.numbers and level.pinned <= result.level.dots
        assert_good(result.level)
    else:
        assert result.reason
    return result.solved


#: Every board size from 4x4 up to the expert tier's 13x9.
SIZES = [(h, w) for h in range(4, 14) for w in range(4, 10)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fill_on_random_boards_of_every_size(size: tuple[int, int]) -> None:
    h, w = size
    filled = 0
    for seed in range(6):
        count = random.Random(seed).randint(2, max(2, h * w // 6))
        try:
            level = random_level(h, w, count, seed=seed)
        except LevelError:
            continue
        filled += fill_checked(level, seed)
    assert filled  # the property was held by at least one filled level of this size


@pytest.mark.slow
def test_linjat_fill_over_1000_random_seeds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``linjat fill`` (in process) never exits 0 with a leaky, non-unique or unsolved level."""
    rng = random.Random(43)
    start, out = tmp_path / "start.json", tmp_path / "out.json"
    outcomes = {0: 0, 1: 0}
    for seed in range(1000):
        h, w = rng.randint(4, 13), rng.randint(4, 9)
        try:
            level = random_level(h, w, rng.randint(2, max(2, h * w // 5)), seed=seed)
        except LevelError:
            continue
        write_level(level, str(start))
        out.unlink(missing_ok=True)
        code = main(["fill", str(start), "--seed", str(seed), "-o", str(out)])
        capsys.readouterr()
        outcomes[code] += 1
        if code == 0:
            assert_good(read_level(str(out)))
        else:
            assert not out.exists()
    assert outcomes[0] > 500

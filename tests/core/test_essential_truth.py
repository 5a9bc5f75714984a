"""The essential-techniques line says what it is relative to, and each of its answers is a ``linjat solve --rules`` run.

Held to the command line in process over published and random levels, and on a can't-fit
lesson: the kinds a lesson allows are what its line is about ("needs can't fit: cover
alone gets stuck"), whatever square, dependency or one-of could stand in for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.cli import main
from linjat_editor.core import Level
from linjat_editor.core.kinds import SOLVING, Kind
from linjat_editor.core.solver import deduce
from linjat_editor.core.techniques import (
    Essential, Essentials, describe_essential, essential_techniques, lesson_meta, lesson_of, lesson_rules,
)
from linjat_editor.io import read_level, write_level

from .reference import random_levels


def solve_exit(level: Level, rules: tuple[Kind, ...], path: Path, capsys: pytest.CaptureFixture[str]) -> int:
    """``linjat solve LEVEL --rules ...`` in process: 0 solved, 1 not."""
    write_level(level, str(path))
    code = main(["solve", str(path), "--rules", ",".join(k.key for k in rules)])
    capsys.readouterr()
    return code


def held_to_the_command_line(level: Level, path: Path, capsys: pytest.CaptureFixture[str]) -> Essentials:
    found = essential_techniques(level)
    assert found.solved == (solve_exit(level, found.rules, path, capsys) == 0)
    for e in found:
        without = tuple(k for k in found.rules if k != e.kind)
        assert e.needed == (solve_exit(level, without, path, capsys) == 1), (level.rows(), e)
    return found


@pytest.mark.parametrize("tier", ["easy", "medium", "hard", "expert"])
def test_published_levels_agree_with_solve_rules(tier: str, corpus_levels: Callable[[str], list[Level]],
                                                 tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needed = 0
    for level in corpus_levels(tier)[::12]:
        found = held_to_the_command_line(level, tmp_path / "l.json", capsys)
        assert found.rules == SOLVING and found.teach is None
        assert describe_essential(found).startswith("among all kinds, ")
        needed += sum(e.needed for e in found)
    assert needed


def test_random_levels_agree_with_solve_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solved = 0
    for level in random_levels(43, 60, 9, 9):
        if level.numbers:
            solved += held_to_the_command_line(level, tmp_path / "l.json", capsys).solved
    assert solved > 10


#: The campaign's can't-fit lesson (``linjat generate --size 5x5 --teach cant_fit --iterations 300 --seed 11``):
#: square, dependency and one-of stand in for can't fit, but cover alone gets stuck.
CANT_FIT_LESSON = Level.from_rows(["     ", "5    ", "     ", "     ", ". 35 "])


def test_a_lesson_says_what_it_needs_among_its_own_kinds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "l.json"
    plain = essential_techniques(CANT_FIT_LESSON)
    assert describe_essential(plain) == "among all kinds, none is essential: can't fit can be done without"
    assert solve_exit(CANT_FIT_LESSON, (Kind.COVER, Kind.SQUARE, Kind.DEPENDENCY, Kind.ONE_OF), path, capsys) == 0
    lesson = CANT_FIT_LESSON.with_meta(extra={"lesson": lesson_meta(Kind.CANT_FIT, lesson_rules(Kind.CANT_FIT))})
    assert lesson_of(lesson) == (Kind.CANT_FIT, (Kind.COVER, Kind.CANT_FIT))
    found = held_to_the_command_line(lesson, path, capsys)
    assert found.teach == Kind.CANT_FIT and found.rules == (Kind.COVER, Kind.CANT_FIT)
    assert describe_essential(found) == "among the lesson's kinds (cover, can't fit), needs can't fit: cover alone gets stuck"
    assert solve_exit(lesson, (Kind.COVER,), path, capsys) == 1


def test_linjat_generate_teach_then_analyze_reads_the_lesson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "lesson.json")
    assert main(["generate", "--size", "5x5", "--teach", "cant_fit", "--iterations", "300", "--seed", "11",
                 "--workers", "1", "-o", out]) == 0
    assert lesson_of(read_level(out)) == (Kind.CANT_FIT, (Kind.COVER, Kind.CANT_FIT))
    capsys.readouterr()
    assert main(["analyze", out]) == 0
    (line,) = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("essential techniques: ")]
    assert line.startswith("essential techniques: among the lesson's kinds (cover, can't fit), "
                           "needs can't fit: cover alone gets stuck")
    # Whether cover is named essential too is what solving with can't fit alone says.
    alone = solve_exit(read_level(out), (Kind.CANT_FIT,), tmp_path / "again.json", capsys)
    assert line.endswith("; cover is essential too") == (alone == 1)


def test_the_sentences_read_as_english() -> None:
    cover, fit, square = (Kind.COVER, Kind.CANT_FIT, Kind.SQUARE)
    one = Essentials((Essential(fit, False),), SOLVING, None, True)
    assert describe_essential(one) == "among all kinds, none is essential: can't fit can be done without"
    mixed = Essentials((Essential(cover, True), Essential(fit, False), Essential(square, True)), SOLVING, None, True)
    assert describe_essential(mixed) == "among all kinds, cover and square are essential; can't fit can be done without"
    assert describe_essential(Essentials()) == "none (not solved by deduction)"
    # An empty board is solved by no deduction at all: said so, not "none is essential:  can each be done without".
    empty = essential_techniques(Level(9, 6))
    assert empty.solved and not tuple(empty)
    assert describe_essential(empty) == "none: the level is solved without any deduction"
    spare = Essentials((Essential(cover, True), Essential(square, False)), lesson_rules(square), square, True)
    assert describe_essential(spare) == ("among the lesson's kinds (cover, can't fit, square), does not need square: "
                                         "cover and can't fit alone solve it; cover is essential")
    first = Essentials((Essential(cover, True),), (cover,), cover, True)
    assert describe_essential(first) == "among the lesson's kinds (cover), needs cover: without it nothing can be deduced"
    assert not deduce(CANT_FIT_LESSON, rules=()).solved

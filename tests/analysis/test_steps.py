"""Steps: one plain sentence per solver layer, for every kind."""

from __future__ import annotations

from typing import Callable

from linjat_editor.core import Kind, Level, solve
from linjat_editor.core.analysis import explain

from .helpers import SINGLE_SOLUTION, UNCONTESTED


def test_cover_sentence() -> None:
    (step,) = explain(Level.from_rows(["    ", "    ", ".  4", "    "]))
    assert step.kind == Kind.COVER and step.width == 1 and step.numbers == ((2, 3),)
    assert step.cells == ((2, 0), (2, 1), (2, 2)) or (2, 0) in step.cells
    assert step.message == "The dot at row 3, column 1 can only be reached by the 4 at row 3, column 4, so the 4 must cover it."
    assert step.to_json() == {"kind": "cover", "width": 1, "cells": [list(c) for c in step.cells], "message": step.message}


def test_leak_sentences_say_so() -> None:
    for rows, kind in ((SINGLE_SOLUTION, Kind.SINGLE_SOLUTION), (UNCONTESTED, Kind.UNCONTESTED_NO_COVER)):
        steps = [s for s in explain(Level.from_rows(rows)) if s.kind == kind]
        assert steps and all("uniqueness leak" in s.message and "Assuming" in s.message for s in steps)


def test_one_step_per_layer_and_every_kind(corpus_levels: Callable[[str], list[Level]]) -> None:
    seen: set[Kind] = set()
    levels = corpus_levels("expert")[:30] + corpus_levels("easy")[:30] + [Level.from_rows(SINGLE_SOLUTION)]
    for level in levels:
        result = solve(level, trace=True)
        steps = explain(level)
        assert len(steps) == len(result.layers)
        for step, layer in zip(steps, result.layers):
            assert step.kind == layer.kind and step.width == layer.width
            assert step.message.endswith(".") and len(step.message) > 40
            assert set(step.cells) == {cell for cell, _ in layer.claimed}
            name = f"row {step.numbers[0][0] + 1}, column {step.numbers[0][1] + 1}" if step.numbers else ""
            assert name in step.message or step.kind == Kind.COVER and len(step.numbers) > 3
            seen.add(step.kind)
    assert seen == set(Kind)


def test_hard_kinds_name_their_dots_and_numbers(corpus_levels: Callable[[str], list[Level]]) -> None:
    named = {Kind.SQUARE: 0, Kind.DEPENDENCY: 0, Kind.ONE_OF: 0}
    for level in corpus_levels("expert")[:20]:
        for step in explain(level):
            if step.kind in named and not step.message.startswith(("Two dots", "Some dots", "Two numbers")):
                named[step.kind] += 1
                assert step.message.count("row ") >= 4
    assert all(named.values()), named


def test_single_solution_sentence_names_the_number() -> None:
    (step,) = [s for s in explain(Level.from_rows(SINGLE_SOLUTION)) if s.kind == Kind.SINGLE_SOLUTION]
    assert step.message == (
        "Assuming the level has one solution: the 2 at row 2, column 2 has two or more lines that cover no dot and no cell "
        "anyone else can reach, and they could be swapped freely, so its line must be one that covers a dot: "
        "it covers row 3, column 2 (a uniqueness leak)."
    )

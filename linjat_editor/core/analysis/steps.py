"""The solver's trace as steps a person can follow, one plain sentence per layer.

>>> from linjat_editor.core.level import Level
>>> for s in explain(Level.from_rows(["    ", "    ", ".  4", "    "])):
...     print(s.kind.key, s.width, s.message)
cover 1 The dot at row 3, column 1 can only be reached by the 4 at row 3, column 4, so the 4 must cover it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..kinds import Kind
from ..level import Cell, Level, Line
from ..solver import Deduction, Layer, deduce
from .detail import dependent_dots, one_of_pair, square_dots
from .words import cell_list, cell_name, join, number_list, number_name


@dataclass(frozen=True)
class Step:
    """One layer of the deduction: its kind and width, the numbers that gained
    claims, the cells newly claimed, a sentence saying why; ``lines``: per
    number, the line it is known to cover after the layer (the solver's
    ``known_at``: the whole line once one is left), and ``grew``: the indices
    of the numbers whose known line grew in it."""

    kind: Kind
    width: int
    numbers: tuple[Cell, ...]
    cells: tuple[Cell, ...]
    message: str
    lines: tuple[Line, ...] = field(repr=False, compare=False, default=())
    grew: frozenset[int] = field(repr=False, compare=False, default=frozenset())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.key, "width": self.width, "cells": [list(c) for c in self.cells], "message": self.message}


def _by_number(layer: Layer) -> dict[int, list[Cell]]:
    out: dict[int, list[Cell]] = {}
    for cell, p in layer.claimed:
        out.setdefault(p, []).append(cell)
    return out


def _claims(level: Level, claims: dict[int, list[Cell]], most: int = 3) -> str:
    """"the 4 at A covers X and Y, and the 3 at B covers Z" (first few numbers)."""
    parts = [f"{number_name(level, p)} covers {cell_list(cells, 3)}" for p, cells in sorted(claims.items())[:most]]
    if len(claims) > most:
        parts.append(f"{len(claims) - most} more numbers gain cells")
    return join(parts)


def _short(level: Level, p: int) -> str:
    return f"the {level.numbers[p].value}"


def _cover(level: Level, claims: dict[int, list[Cell]]) -> str:
    dots = {c: p for p, cells in claims.items() for c in cells if c in level.dots}
    if len(claims) == 1 and len(dots) == 1:
        (cell, p), = dots.items()
        return f"The dot at {cell_list([cell])} can only be reached by {number_name(level, p)}, so {_short(level, p)} must cover it."
    return f"Each of the dots at {cell_list(dots)} can only be reached by one number, so {_claims(level, claims)}."


def _cant_fit(level: Level, claims: dict[int, list[Cell]]) -> str:
    if len(claims) == 1:
        (p, cells), = claims.items()
        return (
            f"Every line {number_name(level, p)} can still take covers {cell_list(cells)}, "
            f"so {_short(level, p)} must cover {'it' if len(cells) == 1 else 'them'}."
        )
    return f"Every line each of these numbers can still take covers the same cells, so {_claims(level, claims)}."


def _square(trace: Deduction, index: int, claims: dict[int, list[Cell]]) -> str | None:
    level = trace.level
    found = square_dots(trace, index, set(claims))
    if found is None:
        return None
    a, b, p, q = found
    return (
        f"The dots at {cell_name(a)} and {cell_name(b)} can only be reached by {number_name(level, p)} and "
        f"{number_name(level, q)}, and lie too far apart for one line, so each of them covers exactly one; "
        f"with that, {_claims(level, claims)}."
    )


def _dependency(trace: Deduction, index: int, claims: dict[int, list[Cell]]) -> str | None:
    level = trace.level
    found = dependent_dots(trace, index, set(claims))
    if found is None:
        return None
    a, t, both = found
    who = number_list(level, both) if both else "nobody"
    return (
        f"Whoever covers the dot at {cell_name(a)} must also cover the dot at {cell_name(t)}, so only "
        f"{who} can cover either; with that, {_claims(level, claims)}."
    )


def _single_solution(trace: Deduction, index: int, claims: dict[int, list[Cell]]) -> str | None:
    level = trace.level
    leaks: dict[int, list[Cell]] = {}
    for cell, q in trace.leak_claims(index):
        leaks.setdefault(q, []).append(cell)
    if not leaks:
        return None
    p, cells = sorted(leaks.items())[0]
    text = (
        f"Assuming the level has one solution: {number_name(level, p)} has two or more lines that cover no dot and "
        "no cell anyone else can reach, and they could be swapped freely, so its line must be one that covers "
        f"a dot: it covers {cell_list(cells)}"
    )
    others = {q: c for q, c in claims.items() if q != p}
    if len(leaks) > 1:
        text += f" (and likewise for {len(leaks) - 1} more number{'s' if len(leaks) > 2 else ''})"
    elif others:
        text += f"; then {_claims(level, others)}"
    return text + " (a uniqueness leak)."


def sentence(level: Level, layer: Layer, trace: Deduction | None = None, index: int = 0) -> str:
    """The plain-words sentence for one layer (``trace``/``index`` let it name the dots involved)."""
    claims = _by_number(layer)
    kind = layer.kind
    if trace is not None and kind in _NAMED:
        named = _NAMED[kind](trace, index, claims)
        if named:
            return named
    if kind == Kind.COVER:
        return _cover(level, claims)
    if kind == Kind.CANT_FIT:
        return _cant_fit(level, claims)
    if kind == Kind.SQUARE:
        return (
            "Two dots that only the same two numbers can reach lie too far apart for one line, so each of "
            f"those numbers covers exactly one of them; with that, {_claims(level, claims)}."
        )
    if kind == Kind.DEPENDENCY:
        return (
            "Some dots must be covered by whoever covers another dot, so only the numbers that can reach "
            f"all of them remain candidates for any of them; with that, {_claims(level, claims)}."
        )
    if kind == Kind.ONE_OF:
        return (
            "Two numbers in one row or column cannot both cover the cell between them, so one of them fills "
            f"its other cells; a third number's line that would cross both is impossible, and now {_claims(level, claims)}."
        )
    if kind == Kind.SINGLE_SOLUTION:
        return (
            "Assuming the level has one solution: a number with two or more lines that reach no dot and no cell "
            f"anyone else can reach must cover a dot instead, so {_claims(level, claims)} (a uniqueness leak)."
        )
    if kind == Kind.UNCONTESTED_NO_COVER:
        (p, cells), = list(claims.items())[:1] or [(0, [])]
        return (
            f"Assuming the level has one solution: {number_name(level, p)} can reach no dot any more, so it takes "
            f"the line over cells nobody else can reach ({cell_list(cells)}) (a uniqueness leak)."
        )
    return f"{kind.label.capitalize()}: {_claims(level, claims)}."


def _one_of(trace: Deduction, index: int, claims: dict[int, list[Cell]]) -> str | None:
    level = trace.level
    found = one_of_pair(trace, index)
    if found is None:
        return None
    x, a, b, c = found
    return (
        f"{number_name(level, a).capitalize()} and {number_name(level, b)} cannot both cover {cell_name(x)}, "
        "so one of them must fill the cells its other lines share, and a line of "
        f"{number_name(level, c)} that would block both is impossible; with that, {_claims(level, claims)}."
    )


_NAMED = {Kind.SQUARE: _square, Kind.DEPENDENCY: _dependency, Kind.ONE_OF: _one_of, Kind.SINGLE_SOLUTION: _single_solution}


def steps_from(trace: Deduction) -> list[Step]:
    """Steps from a traced deduction (``deduce(level, trace=True)``)."""
    level = trace.level
    out: list[Step] = []
    before = trace.known_at(0) if trace.depth else ()
    for index in range(trace.depth):
        layer = trace.layers[index]
        claims = _by_number(layer)
        after = trace.known_at(index + 1)
        out.append(
            Step(
                layer.kind,
                layer.width,
                tuple(level.numbers[p].cell for p in sorted(claims)),
                tuple(sorted(cell for cell, _ in layer.claimed)),
                sentence(level, layer, trace, index),
                after,
                frozenset(p for p, (old, new) in enumerate(zip(before, after)) if old != new),
            )
        )
        before = after
    return out


def explain(level: Level) -> list[Step]:
    """The deduction of ``level`` as steps (stops where the solver stops)."""
    return steps_from(deduce(level, trace=True))

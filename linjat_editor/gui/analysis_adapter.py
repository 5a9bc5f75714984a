"""Turn the engine's answers about a level into what the editor shows.

Runs in a worker thread (no Qt here). Uses ``core.analysis.analyze`` when the
analysis layer is installed; otherwise asks the solver, the exact solver and
the scorer directly (``solve``, ``count_solutions``, ``score``) and leaves the
analysis-only parts (tier estimate, general leaks, sentences) empty rather
than inventing them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from linjat_editor.core.level import Cell, Level, Line, line_cells


@dataclass(frozen=True)
class StepInfo:
    """One solver layer: what kind of deduction, how wide, and the board after it."""

    kind: str  # JSON key, e.g. "cant_fit"
    label: str
    width: int
    sentence: str
    owner: Any  # H×W array after the step (number index or -1)
    extended: frozenset[int]  # numbers that gained a claim in this step
    cells: frozenset[Cell]  # cells claimed in this step


@dataclass(frozen=True)
class LeakInfo:
    """A uniqueness leak: a deduction valid only for a player who assumes one solution."""

    kind: str
    number: Cell | None
    cells: frozenset[Cell]
    message: str


@dataclass(frozen=True)
class AnalysisResult:
    """Everything the analysis panel, the board overlay and the step view need."""

    level: Level
    preset: str
    count: int  # 0, 1, or 2 meaning "2 or more"
    solved: bool
    status: str
    table: tuple[tuple[str, int, int], ...]  # (kind label, depth, max width), "All" last
    score: float
    selection_score: float | None
    tier: str  # "" when unknown
    verdict: str
    good: bool
    leaks: tuple[LeakInfo, ...]
    steps: tuple[StepInfo, ...]
    stuck_cells: frozenset[Cell]
    stuck_numbers: frozenset[Cell]
    solution: tuple[Line, ...]
    elapsed_ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


def analyze_level(level: Level, preset: str) -> AnalysisResult:
    """Answer every question the panel asks about ``level`` (slow: call from a worker)."""
    from linjat_editor import core
    from linjat_editor.core.analysis import analyze

    start = time.perf_counter()
    weights = core.PRESETS[preset]
    traced = core.solve(level, trace=True)
    layers = list(traced.layers or [])
    report = analyze(level, weights)
    result = _from_report(level, preset, report, traced, layers)
    object.__setattr__(result, "elapsed_ms", (time.perf_counter() - start) * 1000)
    return result


# -- helpers ---------------------------------------------------------------------


def _table(classification: Any) -> tuple[tuple[str, int, int], ...]:
    from linjat_editor.core import Kind

    rows = []
    for kind in Kind:
        st = classification.of(kind)
        rows.append((kind.label, int(st.depth), int(st.max_width)))
    rows.append(("All", int(classification.all.depth), int(classification.all.max_width)))
    return tuple(rows)


def _steps(level: Level, layers: list[Any], sentences: list[str]) -> tuple[StepInfo, ...]:
    out = []
    for i, layer in enumerate(layers):
        claimed = tuple(layer.claimed)
        numbers = frozenset(int(idx) for _, idx in claimed)
        cells = frozenset((int(c[0]), int(c[1])) for c, _ in claimed)
        kind = layer.kind
        sentence = sentences[i] if i < len(sentences) and sentences[i] else f"{kind.label} (width {layer.width})"
        out.append(StepInfo(kind.key, kind.label, int(layer.width), sentence, layer.owner, numbers, cells))
    return tuple(out)


def _stuck(level: Level, traced: Any) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """Cells and numbers deduction left open: unclaimed dots and numbers with several placements."""
    if traced.solved or traced.owner is None:
        return frozenset(), frozenset()
    owner = traced.owner
    numbers = []
    open_cells: set[Cell] = set()
    for i, n in enumerate(level.numbers):
        places = traced.placements[i] if traced.placements is not None else []
        if len(places) != 1:
            numbers.append(n.cell)
            for line in places:  # cells this number might still cover
                open_cells.update(c for c in line_cells(line) if owner[c] == -1 and c != n.cell)
    open_cells.update(d for d in level.dots if owner[d] == -1)
    return frozenset(open_cells), frozenset(numbers)


def verdict_for(level: Level, count: int, solved: bool, leaks: int, tier: str) -> tuple[str, bool]:
    """One line a designer reads first, and whether the level is good."""
    if not level.numbers:
        return "Empty: place some numbers", False
    if count == 0:
        return "No solution: the numbers cannot cover every dot", False
    if count >= 2:
        return "Not unique: 2+ solutions", False
    if not solved:
        return "Unique, but deduction gets stuck: add dots where it is highlighted", False
    if leaks:
        return f"Unique and solved, but with {leaks} uniqueness leak{'s' if leaks != 1 else ''}", False
    return "Good: unique, solved by deduction" + (f", {tier}-like" if tier else ""), True


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


# -- the two paths ---------------------------------------------------------------


def _from_report(level: Level, preset: str, report: Any, traced: Any, layers: list[Any]) -> AnalysisResult:
    leaks = tuple(
        LeakInfo(str(_get(lk, "kind")), _cell(_get(lk, "number")) if _get(lk, "number") is not None else None,
                 frozenset(_cell(c) for c in _get(lk, "cells") or ()), str(_get(lk, "message") or ""))
        for lk in (report.leaks or ())
    )
    sentences = [str(_get(s, "message") or "") for s in (report.steps or ())]
    tier = report.tier
    tier_text = ""
    if tier is not None:
        describe = getattr(tier, "describe", None)
        tier_text = describe() if callable(describe) else str(_get(tier, "name") or "")
    stuck_cells, stuck_numbers = _stuck(level, traced)
    if report.stuck:
        cells = _get(report.stuck, "cells") or ()
        nums = _get(report.stuck, "numbers") or ()
        stuck_cells = frozenset(_cell(c) for c in cells) or stuck_cells
        stuck_numbers = frozenset(_cell(n) for n in nums) or stuck_numbers
    count = int(report.count)
    verdict = str(getattr(report, "verdict", "") or "")
    own_verdict, good = verdict_for(level, count, bool(report.solved), len(leaks), str(_get(tier, "name") or "") if tier else "")
    return AnalysisResult(
        level, preset, count, bool(report.solved), traced.status, _table(report.classification),
        float(report.score), _num(report.selection_score), tier_text, verdict or own_verdict, good,
        leaks, _steps(level, layers, sentences), stuck_cells, stuck_numbers,
        tuple(traced.lines or ()),
    )


def _get(obj: Any, name: str) -> Any:
    """Read a field from a dataclass/namedtuple or a JSON-ish dict (the report's exact shape is the engine's)."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def _num(value: Any) -> float | None:
    return None if value is None else float(value)

"""What the set panel needs to know about each level, computed by the engine (no Qt here).

Runs in a worker thread. Uses the analysis layer (``core.analysis.analyze``)
when it is there, for its leak detection; otherwise the human-style solver and
the exact solver directly, where a leak is a layer of a leak kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from linjat_editor.core.level import Level

LEAK_KEYS = ("single_solution", "uncontested_no_cover")


@dataclass(frozen=True)
class EntryCheck:
    """The figures and warnings for one level of a set."""

    count: int  # exact solutions, capped at 2
    solved: bool  # solved by deduction
    score: float  # selection score (spec section 4): one yardstick across tiers
    classification: dict[str, dict[str, int]] = field(default_factory=dict)
    leaks: int = 0

    @property
    def warnings(self) -> list[str]:
        out = []
        if self.count == 0:
            out.append("no solution")
        elif self.count > 1:
            out.append("not unique (2+ solutions)")
        if not self.solved and self.count != 0:
            out.append("not solvable by deduction")
        if self.leaks:
            out.append(f"leaky ({self.leaks} leak{'s' if self.leaks > 1 else ''})")
        return out

    @property
    def ok(self) -> bool:
        return not self.warnings

    def to_json(self) -> dict[str, Any]:
        """For ``SetEntry.analysis``: the figures the exports and CSV read back."""
        return {
            "count": self.count,
            "solved": self.solved,
            "selection_score": self.score,
            "classification": self.classification,
            "leaks": self.leaks,
        }


def _classification_dict(cls: Any) -> dict[str, dict[str, int]]:
    from linjat_editor.core import Kind

    out = {k.key: {"depth": int(cls.of(k).depth), "max_width": int(cls.of(k).max_width)} for k in Kind}
    out["all"] = {"depth": int(cls.all.depth), "max_width": int(cls.all.max_width)}
    return out


def check_level(level: Level) -> EntryCheck:
    """Count solutions, solve by deduction, score, and find leaks for one level."""
    from linjat_editor.core.analysis import analyze

    report = analyze(level)
    cls = _classification_dict(report.classification)
    leaks = max(len(report.leaks), sum(cls[k]["depth"] for k in LEAK_KEYS))
    return EntryCheck(int(report.count), bool(report.solved), float(report.selection_score), cls, leaks)

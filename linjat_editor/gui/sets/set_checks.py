"""What the set panel needs to know about each level: the engine's analysis report, in short (no Qt here).

Runs in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from linjat_editor.core.level import Level

#: What each warning means to a designer, by its name (the warning's text before any bracket).
MEANINGS = {
    "no solution": "the numbers cannot all be drawn, so the level cannot be finished",
    "not unique": "a player can finish it in more than one way",
    "not solvable by deduction": "a player has to guess somewhere",
    "leaky": "deduction only gets through by assuming the level has one solution",
}
#: A tutorial shows one rule on a tiny board; being open, guessable or leaky is what it is for.
TUTORIAL_ALLOWS = ("not unique", "not solvable by deduction", "leaky")


def reason(warning: str) -> str:
    """The name of a warning, without its figures: ``reason("leaky (2 leaks)") == "leaky"``."""
    return warning.split(" (", 1)[0]


@dataclass(frozen=True)
class EntryCheck:
    """The figures and warnings for one level of a set."""

    count: int  # exact solutions, capped at 2
    solved: bool  # solved by deduction
    score: float  # selection score (spec section 4): one yardstick across tiers
    classification: dict[str, dict[str, int]] = field(default_factory=dict)
    leaks: int = 0
    #: The solve's layers as (kind key, width): what the time model predicts from.
    layers: tuple[tuple[str, int], ...] = ()

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

    def warnings_for(self, tier: str | None) -> list[str]:
        """The warnings that matter for a level of ``tier``: a tutorial only for having no solution."""
        if tier == "tutorial":
            return [w for w in self.warnings if reason(w) not in TUTORIAL_ALLOWS]
        return self.warnings

    def to_json(self) -> dict[str, Any]:
        """For ``SetEntry.analysis``: the figures the exports and CSV read back."""
        return {
            "count": self.count,
            "solved": self.solved,
            "selection_score": self.score,
            "classification": self.classification,
            "leaks": self.leaks,
            "layers": [list(x) for x in self.layers],
        }


def check_level(level: Level) -> EntryCheck:
    """The figures of :func:`core.analysis.analyze` for one level."""
    from linjat_editor.core.analysis import analyze

    report = analyze(level)
    return EntryCheck(report.count, report.solved, report.selection_score, report.classification.to_json(), len(report.leaks),
                      tuple((s.kind.key, s.width) for s in report.steps))

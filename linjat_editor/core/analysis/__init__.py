"""Analysis of a level: difficulty report, uniqueness leaks, step-by-step explanation.

Pure Python over the engine (numba where it must be fast); never imports Qt.

- :func:`analyze` -> :class:`Report`: exact count (0, 1, 2 = 2+), whether
  deduction solves it, classification, score, selection score, tier estimate
  (:class:`TierEstimate`), leaks (:class:`Leak`), steps (:class:`Step`),
  where deduction got stuck (:class:`Stuck`), a verdict, ``to_json()``.
- :func:`detect_leaks`: the article's two patterns (the solver's leak kinds
  ``single_solution`` and ``uncontested_no_cover``) and ``general`` leaks.
  A general leak is a line that, taken at some point of the deduction, would
  leave an independent part of the board (at most ``MAX_GROUP`` numbers no
  other number can touch) with two or more completions, while no sound rule
  rules it out at that point. Counting whole-board completions instead would
  find nothing in a level with one solution: with a wrong line taken there
  are none; the player's shortcut is seeing the ambiguous *part* (see
  :mod:`..kernels.leak_general`).
- :func:`fix_leaks`: greedily adds the fewest dots it finds that remove the
  leaks, keeping the one solution and the deduction; :func:`fix_leaks_report`
  (:class:`LeakFix`) also names the leaks left and why no dot removed them.
- :func:`explain`: one plain sentence per solver layer; :func:`stuck_info`.
- :func:`draft_message`: a lesson's tutorial message from its key step, in the game's short style;
  :func:`as_lesson` finishes a generated lesson with it and the metadata saying what it teaches.
- Calibration: :func:`compute_calibration` (levels by tier -> data),
  :func:`calibration_from_corpus`, :func:`shipped_calibration` (computed from
  levels we generated; ``python -m linjat_editor.core.analysis.calibration
  refresh`` recomputes it when the solver changes).

>>> from linjat_editor.core.level import Level
>>> from linjat_editor.core.analysis import analyze, fix_leaks
>>> report = analyze(Level.from_rows(["   .", " 2 3", " .4 ", "    "]), "easy")
>>> report.verdict
'Leaky: 1 uniqueness leak (1 single-solution)'
>>> analyze(fix_leaks(report.level), "easy").verdict
'Good: unique, solved by deduction, easy-like'

The names below load on first use (PEP 562): the optimizer's pool needs only
the leak detector, not the report, the calibration and their imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

#: Public name -> the submodule that defines it.
_HOME = {
    "calibration_from_corpus": "calibration", "compute_calibration": "calibration", "load_calibration": "calibration",
    "save_calibration": "calibration", "shipped_calibration": "calibration",
    "LeakFix": "fix", "fix_leaks": "fix", "fix_leaks_report": "fix",
    "LEAK_KINDS": "leaks", "MAX_GROUP": "leaks", "Leak": "leaks", "detect_leaks": "leaks",
    "Report": "report", "analyze": "report",
    "Step": "steps", "explain": "steps",
    "Stuck": "stuck", "stuck_info": "stuck",
    "TierEstimate": "tiers", "estimate_tier": "tiers",
    "draft_message": "tutorial", "as_lesson": "tutorial",
}

__all__ = sorted(_HOME)

if TYPE_CHECKING:  # each name re-exported as itself, for type checkers (strict: no implicit re-export)
    from .calibration import (
        calibration_from_corpus as calibration_from_corpus, compute_calibration as compute_calibration, load_calibration as load_calibration, save_calibration as save_calibration, shipped_calibration as shipped_calibration,
    )
    from .fix import (
        LeakFix as LeakFix, fix_leaks as fix_leaks, fix_leaks_report as fix_leaks_report,
    )
    from .leaks import (
        LEAK_KINDS as LEAK_KINDS, MAX_GROUP as MAX_GROUP, Leak as Leak, detect_leaks as detect_leaks,
    )
    from .report import (
        Report as Report, analyze as analyze,
    )
    from .steps import (
        Step as Step, explain as explain,
    )
    from .stuck import (
        Stuck as Stuck, stuck_info as stuck_info,
    )
    from .tiers import (
        TierEstimate as TierEstimate, estimate_tier as estimate_tier,
    )
    from .tutorial import (
        as_lesson as as_lesson, draft_message as draft_message,
    )


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals())

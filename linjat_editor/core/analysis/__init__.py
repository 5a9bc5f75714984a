"""Analysis of a level: difficulty report, uniqueness leaks, step-by-step explanation.

Pure Python over the engine (numba where it must be fast); never imports Qt.

>>> from linjat_editor.core.level import Level
>>> report = analyze(Level.from_rows(["   .", " 2 3", " .4 ", "    "]), "easy")
>>> report.verdict
'Leaky: 1 uniqueness leak (1 single-solution)'
>>> analyze(fix_leaks(report.level), "easy").verdict
'Good: unique, solved by deduction, easy-like'
"""

from .calibration import calibration_from_corpus, compute_calibration, load_calibration, save_calibration, shipped_calibration
from .fix import fix_leaks
from .leaks import LEAK_KINDS, Leak, detect_leaks
from .report import Report, analyze
from .steps import Step, explain
from .stuck import Stuck, stuck_info
from .tiers import TierEstimate, estimate_tier

__all__ = [
    "LEAK_KINDS", "Leak", "Report", "Step", "Stuck", "TierEstimate", "analyze", "calibration_from_corpus",
    "compute_calibration", "detect_leaks", "estimate_tier", "explain", "fix_leaks", "load_calibration",
    "save_calibration", "shipped_calibration", "stuck_info",
]

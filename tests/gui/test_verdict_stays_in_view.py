"""The one-line verdict stays at the top of the analysis panel while the details scroll."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QScrollArea

from linjat_editor.core.analysis import analyze
from linjat_editor.core.level import Level
from linjat_editor.core.solver import SolveStatus
from linjat_editor.gui.analysis.analysis_panel import verdict_facts

NINE_BY_SIX = Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "])


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_scrolling_the_details_never_hides_the_verdict(window, qtbot, size):
    window.document.load(NINE_BY_SIX)
    window.resize(*size)
    window.show()
    qtbot.waitUntil(window.analysis.is_current, timeout=180_000)
    panel = window.analysis
    bars = []
    widget = panel.leaks
    while widget is not None:  # every scroll area around the details
        if isinstance(widget, QScrollArea):
            bars.append(widget.verticalScrollBar())
        widget = widget.parentWidget()
    if size == (1280, 800):  # on the small screen the details really do scroll, once the layout has run
        qtbot.waitUntil(lambda: sum(bar.maximum() for bar in bars) > 0, timeout=5_000)
    for bar in bars:  # each to its end
        bar.setValue(bar.maximum())
    qtbot.wait(20)
    shown = panel.verdict.visibleRegion().boundingRect()
    assert shown.height() == panel.verdict.height() and shown.width() == panel.verdict.width()
    assert not panel.facts.visibleRegion().isEmpty()
    assert "unique" in panel.facts.text() and "leak" in panel.facts.text()


def test_the_facts_read_from_the_engines_report():
    report = analyze(Level.from_rows(["   .", " 2 3", " .4 ", "    "]), "easy")  # unique, deduced, one leak
    assert report.tier is not None
    assert verdict_facts(report) == f"unique · solved by deduction · tier {report.tier.name} · 1 leak"
    other = replace(report, count=2, status=SolveStatus.AMBIGUOUS, solved=False, tier=None, leaks=report.leaks * 2)
    assert verdict_facts(other) == "not unique (2+ solutions) · deduction needs the uniqueness assumption · tier – · 2 leaks"

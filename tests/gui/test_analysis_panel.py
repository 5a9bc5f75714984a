"""The live analysis panel follows the document through a worker and shows the engine's answers."""

from __future__ import annotations

import pytest

from linjat_editor.core.level import Level
from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
from linjat_editor.gui.commands import SetNumberCommand, ToggleDotCommand
from linjat_editor.gui.board.document import Document

JIT = 180_000  # the first analysis in a process may compile the engine

GOOD = ["    ", "    ", ".  4", "    "]
LEAKY = ["   .", " 2 3", " .4 ", "    "]  # the analysis layer's own single-solution example


def make_panel(qtbot, rows, preset="easy"):
    doc = Document(Level.from_rows(rows))
    panel = AnalysisPanel(doc, preset, delay_ms=10)
    qtbot.addWidget(panel)
    qtbot.waitUntil(panel.is_current, timeout=JIT)
    return doc, panel


#: The global pool's workers (analyses, checks) end before the next test.
pytestmark = pytest.mark.usefixtures("drained_pool")


def test_good_level_shows_good_verdict_and_table(qtbot):
    doc, panel = make_panel(qtbot, GOOD)
    r = panel.result
    assert r.count == 1 and r.solved and r.good
    assert panel.verdict.text().startswith("\u2714 Good: unique, solved by deduction")
    assert panel.count.text() == "exactly one"
    assert panel.deduction.text() == "solved"
    assert panel.table.rowCount() == 8  # seven kinds and All
    assert panel.table.item(panel.table.rowCount() - 1, 0).text() == "All"
    assert r.lines == ((2, 0, 2, 3),)


def test_edit_updates_the_verdict(qtbot):
    doc, panel = make_panel(qtbot, GOOD)
    results = []
    panel.resultChanged.connect(results.append)
    doc.push(ToggleDotCommand(doc, 0, 0))  # a dot the 4 cannot reach: no solution
    qtbot.waitUntil(lambda: panel.is_current() and bool(results), timeout=JIT)
    assert panel.result.count == 0 and not panel.result.good
    assert panel.verdict.text().startswith("\u2716")
    doc.push(SetNumberCommand(doc, 0, 3, 4))  # two 4s: still checked from scratch
    qtbot.waitUntil(panel.is_current, timeout=JIT)
    assert panel.result.level == doc.level


def test_preset_changes_the_score(qtbot):
    doc, panel = make_panel(qtbot, GOOD, preset="easy")
    easy = panel.result.score
    panel.preset.setCurrentText("expert")
    qtbot.waitUntil(lambda: panel.is_current() and panel.result.preset == "expert", timeout=JIT)
    assert "(expert)" in panel.score.text()
    assert panel.result.score != easy  # width weighs -1 in easy, -2 in expert


def test_leaks_listed_and_selectable(qtbot):
    doc, panel = make_panel(qtbot, LEAKY)
    assert panel.result.leaks, "the analysis layer's example has a leak"
    assert panel.leaks.count() == len(panel.result.leaks)
    assert panel.fix.isEnabled()
    with qtbot.waitSignal(panel.leakSelected) as sig:
        panel.leaks.setCurrentRow(0)
    assert sig.args[0].cells == panel.result.leaks[0].cells
    with qtbot.waitSignal(panel.fixLeaksRequested):
        panel.fix.click()


def test_stuck_level_reports_open_cells(qtbot):
    doc, panel = make_panel(qtbot, ["2  ", "   ", "  2"])
    r = panel.result
    assert not r.solved
    assert r.stuck is not None and r.stuck.numbers and r.stuck.cells


def test_leaky_finish_with_two_solutions_is_not_solved(qtbot):
    doc, panel = make_panel(qtbot, ["     2", "      ", "    .2"])
    assert panel.deduction.text() == "not solved (ambiguous)"
    assert panel.count.text() == "2 or more"
    assert panel.verdict.text().startswith("\u2716")


def test_engine_refusal_is_shown_not_hidden(qtbot):
    from linjat_editor.core.level import Number

    big = Level(20, 20).with_numbers([Number(r, c, 1) for r in range(20) for c in range(20) if (r + c) % 2 == 0])
    doc = Document(big)
    panel = AnalysisPanel(doc, "easy", delay_ms=10)
    qtbot.addWidget(panel)
    qtbot.waitUntil(panel.is_current, timeout=JIT)
    assert panel.result is None
    assert panel.verdict.text().startswith("\u2716 Cannot analyse:") and "64" in panel.verdict.text()
    doc.load(Level.from_rows(GOOD))  # and it recovers on the next level
    qtbot.waitUntil(panel.is_current, timeout=JIT)
    assert panel.result is not None and panel.result.good


def test_predicted_time_is_the_time_models_over_the_shown_steps(qtbot, corpus_levels):
    from linjat_editor.core.analysis.solve_time import clock, shipped_time_model

    level = corpus_levels("hard")[0]
    doc, panel = make_panel(qtbot, level.rows(), "hard")
    expected = shipped_time_model().predict(panel.result.steps)
    assert expected > 60 and panel.result.predicted_seconds == round(expected, 1)
    assert panel.predicted.text() == f"about {clock(expected)} (m:ss)"
    # A level deduction cannot finish has no predicted time.
    doc, panel = make_panel(qtbot, ["2   ", "    ", "   2"])
    assert not panel.result.solved and panel.result.predicted_seconds is None
    assert panel.predicted.text() == "–"
    # Nor does an empty board: "solved" in no step, it has nothing to time (the model's constant is no answer),
    # and the panel, the set's list and the CSV say so alike (``TimeModel.time_for``).
    doc, panel = make_panel(qtbot, ["    ", "    ", "    "])
    assert panel.result.solved and panel.result.steps == () and panel.result.predicted_seconds is None
    assert panel.predicted.text() == "–"
    # and claims nothing else a designer could read as a verdict on a level: no count, no "solved"
    assert panel.verdict.text() == "\u2716 Empty: no numbers yet" and panel.facts.text().startswith("no numbers yet")
    assert panel.count.text() == panel.deduction.text() == panel.essential.text() == "–"

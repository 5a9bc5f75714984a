"""Smaller things a designer trips on: chart labels over the curve, export extensions, a shifting toolbar, the docs."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QToolBar

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.dialogs.sheet_options import SheetOptionsDialog
from linjat_editor.gui.sets.curve_chart import CurvePoint, DifficultyCurve
from linjat_editor.gui.sets.set_panel import SetPanel
from linjat_editor.gui.sets.set_worker import SetChecker
from linjat_editor.gui.sets.time_series import measured

ROOT = Path(__file__).resolve().parents[2]


def test_no_chart_label_covers_a_point(qtbot):
    chart = DifficultyCurve()
    qtbot.addWidget(chart)
    chart.resize(320, 140)
    chart.set_points([CurvePoint(s, "easy", target=100.0 + i, times=measured([{"seconds": 30.0 * (i + 1), "solved": True}]))
                      for i, s in enumerate([120, 5, 300, 42, 300])], 2)
    chart.show()
    halo = chart._plot_rect().adjusted(-chart.HALO, -chart.HALO, chart.HALO, chart.HALO)
    texts = chart.labels()
    # Both score labels, the caption, and the legend: every mark drawn, each name whole (it was cut
    # to "…ue: targets · bars: time, max 0:" on one line).
    assert sorted(text for _, text in texts) == sorted(["300", "0", "5 levels, in set order", "target",
                                                         "median time, whisker: middle half (scale to 2:30)", "sorted", "easy"])
    for box, text in texts:
        assert not box.intersects(halo), text
        assert chart.rect().toRectF().contains(box), text
        assert chart.fontMetrics().horizontalAdvance(text) <= box.width() + 1, text


def test_export_without_extension_uses_the_chosen_format(qtbot, tmp_path, monkeypatch):
    panel = SetPanel(checker=SetChecker(lambda lv: None))
    qtbot.addWidget(panel)
    panel.add_level(Level.from_rows([".3. ", "    "]), tier="easy")
    target = tmp_path / "sheets"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "PDF sheets (*.pdf)"))
    monkeypatch.setattr(SheetOptionsDialog, "exec", lambda self: 1)  # OK on the sheet options as they open
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warnings.append(a))
    panel.export_dialog()
    written = tmp_path / "sheets.pdf"
    qtbot.waitUntil(lambda: not panel.exporting, timeout=30_000)  # written on a worker
    assert not warnings
    assert written.read_bytes().startswith(b"%PDF")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "game"), "puzzles.json (*.json)"))
    panel.export_dialog()
    qtbot.waitUntil(lambda: not panel.exporting, timeout=30_000)
    assert (tmp_path / "game.json").read_text().lstrip().startswith(("[", "{"))


def test_the_toolbar_does_not_move_when_the_undo_text_grows(window, qtbot):
    window.show()
    bar = window.findChild(QToolBar, "toolbar-main")
    before = [bar.widgetForAction(a).geometry() for a in bar.actions() if bar.widgetForAction(a) is not None]
    window.document.push(SetNumberCommand(window.document, 0, 0, 3))
    qtbot.wait(20)
    after = [bar.widgetForAction(a).geometry() for a in bar.actions() if bar.widgetForAction(a) is not None]
    assert before == after
    undo = next(a for a in bar.actions() if a.objectName() == "toolbar-undo")
    assert undo.isEnabled() and window.document.undo_stack.undoText() in undo.toolTip()


def test_the_readme_explains_the_rules_inside_the_project():
    readme = (ROOT / "README.md").read_text()
    assert "../shared" not in readme
    links = re.findall(r"\]\(([^)#]+)", readme) + re.findall(r"`(docs/[^`]+\.md)`", readme)
    assert "docs/rules-and-method.md" in links
    for link in links:
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link
    rules = (ROOT / "docs" / "rules-and-method.md").read_text()
    for topic in ("number", "dot", "line", "unique", "deduction", "generat", "score", "tier"):
        assert topic in rules.lower(), topic

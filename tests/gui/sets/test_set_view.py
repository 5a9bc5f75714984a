"""A set you can read at 10 or 400 levels: the curve's legend, zoom, filters, sorting, a click that opens.

The published set (the original game's 399 levels) is opened in the editor's
set panel; its figures are the ones stored with it (the original's
classification and score), so the test is about what the panel shows, not
the engine's speed. Sheet options chosen in the export dialog reach the file.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from linjat_editor.gui.dialogs.sheet_options import SheetOptionsDialog
from linjat_editor.gui.sets.set_checks import EntryCheck
from linjat_editor.io import read_set
from linjat_editor.io.export_common import export_items
from linjat_editor.render.sheet_layout import PER_PAGE



@pytest.fixture
def published(corpus_path):
    return read_set(corpus_path)


def stored_figures(level_set):
    """A check function answering from the figures stored with the set. The published levels have no
    leaks, so every 37th is made to report one: something for "flagged only" to find."""
    table = {}
    for i, it in enumerate(export_items(level_set, analyse=False)):
        cls = dict(it.classification or {})
        table[it.level.board_key()] = EntryCheck(1, True, it.score or 0.0, cls, 1 if i % 37 == 5 else 0)
    return lambda level: table[level.board_key()]


def legend_whole(chart) -> None:
    """Every label inside the chart and wide enough for its text; none over the plot."""
    fm = chart.fontMetrics()
    inside = chart.rect().toRectF()
    halo = chart._plot_rect().adjusted(-chart.HALO, -chart.HALO, chart.HALO, chart.HALO)
    for box, text in chart.labels():
        assert inside.contains(box), (text, box, inside)
        assert fm.horizontalAdvance(text) <= box.width() + 1, text
        assert not box.intersects(halo), text


def test_the_published_set_reads_filters_and_opens(qtbot, window, published):
    panel = window.set_panel
    panel.checker.fn = stored_figures(published)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    panel.set_level_set(published)
    qtbot.waitUntil(lambda: not panel.checker.busy and len(panel.checker.cache) == 399, timeout=30_000)
    panel._flush()
    from PySide6.QtWidgets import QDockWidget

    window.findChild(QDockWidget, "dock-level-set").raise_()  # its tab clicked, as a designer would
    chart = panel.chart
    qtbot.waitUntil(lambda: chart.visibleRegion().boundingRect().height() >= 130)
    assert len(chart.points) == 399 and chart.isVisible() and chart.height() >= 130
    assert {e.swatch for e in chart.legend()} >= {"tutorial", "easy", "medium", "hard", "expert", "cross", "dash"}
    legend_whole(chart)

    # Enlarged in a window of its own: the same levels, the legend on one line, markers bigger.
    panel.curve.buttons["enlarge"].click()
    big = panel.curve_window.curve.chart
    qtbot.waitExposed(panel.curve_window)
    assert big.points == chart.points and big.width() > 2 * chart.width()
    legend_whole(big)
    assert len(big._legend_rows()) == 1
    # Zoomed in on a stretch: 50 levels in view, the scroll bar moves along the rest.
    big.zoom(399 / 50)
    assert big.visible() == 50 and panel.curve_window.curve.bar.isEnabled()
    assert 150 < big.first < 200  # zoomed about the middle
    panel.curve_window.curve.bar.setValue(0)
    assert big.point_at(10) is not None and big.point_at(300) is None
    panel.curve_window.curve.bar.setValue(280)
    assert big.first == 280 and big.point_at(300) is not None
    assert big._radius(big._area()) > chart._radius(chart._area())
    panel.curve_window.close()

    # Flagged only: exactly the leaky levels (tutorials may be leaky), in the list and on the curve.
    checks = [panel.check_of(i) for i in range(399)]
    flagged = [i for i, (e, c) in enumerate(zip(published, checks)) if c.warnings_for(e.tier)]
    assert 0 < len(flagged) < 399
    panel.view_bar.flagged.setChecked(True)
    assert chart.indices == flagged and panel.proxy.rowCount() == len(flagged)
    shown = [panel.proxy.mapToSource(panel.proxy.index(r, 0)).row() for r in range(panel.proxy.rowCount())]
    assert shown == flagged
    assert panel.chart._caption().startswith(f"{len(flagged)} of 399 levels")
    # ... and one tier: the flagged expert levels only.
    panel.view_bar.tier.setCurrentIndex(panel.view_bar.tier.findText("expert"))
    expert = [i for i in flagged if published[i].tier == "expert"]
    assert chart.indices == expert and panel.proxy.rowCount() == len(expert)
    legend_whole(chart)
    # A technique: the levels whose stored solve used the square rule, sorted by score.
    panel.view_bar.flagged.setChecked(False)
    panel.view_bar.tier.setCurrentIndex(0)
    panel.view_bar.technique.setCurrentIndex(panel.view_bar.technique.findText("square", Qt.MatchFlag.MatchContains))
    panel.view_bar.sort.setCurrentIndex(panel.view_bar.sort.findText("Sort: score"))
    square = [i for i, c in enumerate(checks) if c.classification.get("square", {}).get("depth", 0)]
    assert sorted(chart.indices) == square and 0 < len(square) < 399
    scores = [checks[i].score for i in chart.indices]
    assert scores == sorted(scores)
    assert panel.view.dragDropMode() == panel.view.DragDropMode.NoDragDrop  # a sorted view is not the set's order

    # A click on a point opens that level in the editor.
    k = len(chart.indices) // 2
    target = chart.indices[k]
    at = chart.point_at(k)
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=QPoint(round(at.x()), round(at.y())))
    assert panel.current_row() == target
    assert window.document.level.same_board(published[target].level)
    window.document.undo_stack.setClean()


def test_sheet_options_chosen_in_the_dialog_reach_the_file(qtbot, tmp_path, monkeypatch, corpus_levels):
    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.sets.set_worker import SetChecker
    from linjat_editor.io.level_set import LevelSet

    panel = SetPanel(checker=SetChecker(lambda lv: None))
    qtbot.addWidget(panel)
    panel.set_level_set(LevelSet(name="Club night", entries=()).add(corpus_levels("easy")[0], tier="easy")
                        .add(corpus_levels("expert")[0], tier="expert").add(corpus_levels("hard")[0], tier="hard"))
    out = tmp_path / "club.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "PDF sheets (*.pdf)"))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(str(a)))
    seen = {}

    def choose(dialog):
        seen["title"] = dialog.title.text()
        dialog.per_page.setCurrentIndex(PER_PAGE.index(2))
        dialog.paper.setCurrentIndex(dialog.paper.findText("Letter"))
        dialog.solutions.setChecked(True)
        return 1

    monkeypatch.setattr(SheetOptionsDialog, "exec", choose)
    panel.export_dialog()
    # laid out on a worker: the editor is not held up (the set's checks, if still running, say so below)
    assert panel.warnings.text().splitlines()[0] == "Exporting club.pdf…"
    qtbot.waitUntil(lambda: not panel.exporting, timeout=60_000)
    assert panel.warnings.text().splitlines()[0] == f"Exported: {out}"  # painted in the editor's thread, then written
    assert seen["title"] == "Club night"
    data = out.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[([^\]]*)\]", data)
    assert len(boxes) == 4  # three puzzles two a page, then their solutions two a page
    assert all([round(float(v)) for v in box.split()] == [0, 0, 612, 792] for box in boxes)
    # Cancelled: nothing written.
    out.unlink()
    monkeypatch.setattr(SheetOptionsDialog, "exec", lambda dialog: 0)
    panel.export_dialog()
    assert not out.exists()


def test_the_wheel_zooms_in_about_the_pointer_and_out_again(qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    from linjat_editor.gui.sets.curve_chart import CurvePoint, CurveView

    view = CurveView()
    qtbot.addWidget(view)
    view.resize(600, 260)
    view.show()
    chart = view.chart
    chart.set_points([CurvePoint(float(i % 17), "easy") for i in range(200)])
    assert chart.visible() == 200 and not view.bar.isEnabled()
    under = chart.point_at(150)

    def wheel(steps: int) -> None:
        at = QPointF(under.x(), chart.height() / 2)
        event = QWheelEvent(at, chart.mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(chart, event)

    wheel(6)
    assert chart.visible() < 60 and view.bar.isEnabled()
    assert chart.first <= 150 < chart.first + chart.visible()  # the level under the pointer stays in view
    assert abs(chart.point_at(150).x() - under.x()) < chart.width() / chart.visible()
    wheel(-12)
    assert chart.visible() == 200
    view.buttons["zoom_in"].click()
    assert chart.visible() == 100 and view.buttons["zoom_out"].isEnabled() and view.buttons["fit"].isEnabled()
    view.buttons["zoom_in"].click()
    view.buttons["zoom_out"].click()
    assert chart.visible() == 100
    view.buttons["fit"].click()
    assert chart.visible() == 200 and not view.buttons["fit"].isEnabled()


def test_the_list_drags_through_its_view_and_not_while_sorted(qtbot):
    from PySide6.QtCore import QModelIndex

    from linjat_editor.core.level import Level
    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.sets.set_worker import SetChecker
    from linjat_editor.io.level_set import LevelSet

    panel = SetPanel(checker=SetChecker(lambda lv: EntryCheck(1, True, 10.0 - lv.numbers[0].row)))
    qtbot.addWidget(panel)
    s = LevelSet()
    for k in range(5):
        s = s.add(Level(9, 6, numbers=((k, 0, 2),), dots=frozenset(), name=f"l{k}"), tier="easy")
    panel.set_level_set(s)
    qtbot.waitUntil(lambda: not panel.checker.busy, timeout=5000)
    rows = panel.view.model()
    assert panel.view.dragDropMode() == panel.view.DragDropMode.InternalMove
    rows.dropMimeData(rows.mimeData([rows.index(0, 0)]), Qt.DropAction.MoveAction, 3, 0, QModelIndex())
    assert [e.level.name for e in panel.level_set] == ["l1", "l2", "l0", "l3", "l4"]
    panel.view_bar.sort.setCurrentIndex(panel.view_bar.sort.findText("Sort: score"))
    shown = [rows.data(rows.index(r, 0)).split("\n")[0] for r in range(rows.rowCount())]
    assert shown == ["5. l4", "4. l3", "2. l2", "1. l1", "3. l0"]  # lowest score first; each keeps its set number
    assert panel.view.dragDropMode() == panel.view.DragDropMode.NoDragDrop
    assert [e.level.name for e in panel.level_set] == ["l1", "l2", "l0", "l3", "l4"]  # the set keeps its order
    panel.shutdown()

"""What a person sees of lessons and targets: the optimizer's Aim, the essential-techniques line,
the Level set ▸ New campaign… dialog and the targets on the set's difficulty curve."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from linjat_editor.core.kinds import Kind
from linjat_editor.core.level import Level
from linjat_editor.core.objective import tier_goal
from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.optimizer.settings_form import SettingsForm
from linjat_editor.gui.sets.campaign_dialog import CampaignDialog
from linjat_editor.gui.sets.curve_chart import TARGET, CurvePoint, DifficultyCurve
from linjat_editor.gui.sets.set_checks import EntryCheck
from linjat_editor.gui.sets.set_panel import SetPanel
from linjat_editor.gui.sets.set_worker import SetChecker
from linjat_editor.gui.sets.time_series import measured
from linjat_editor.io.level_set import LevelSet, SetEntry

from .pixels import close, colour_at, ink, screenshot

JIT = 180_000


#: The global pool's workers (analyses, checks) end before the next test.
pytestmark = pytest.mark.usefixtures("drained_pool")


def test_aim_teach_square_and_target_percentile(qtbot) -> None:
    form = SettingsForm()
    qtbot.addWidget(form)
    form.show()
    texts = [form.aim.itemText(i) for i in range(form.aim.count())]
    assert texts == ["Highest score", "Teach: cover", "Teach: can't fit", "Teach: square", "Teach: dependency",
                     "Teach: one of", "Target percentile", "Target score"]
    assert not form.target.isVisible()  # nothing to aim at when climbing
    form.aim.setCurrentText("Teach: square")
    goal = form.goal()
    assert goal.teach == Kind.SQUARE and goal.rules == (Kind.COVER, Kind.CANT_FIT, Kind.SQUARE)
    assert not form.target.isVisible()
    form.aim.setCurrentText("Target percentile")
    assert form.target.isVisible() and form.target.suffix() == " %" and form.target.maximum() == 100
    form.target.setValue(40)
    assert form.goal().has_target and "percentile 40 of easy" in form.goal().label  # a 9x6 board is easy-sized
    form.aim.setCurrentText("Highest score")
    assert form.goal() == tier_goal("easy")  # the preset's weights, within its technique rule, no 1s


def test_essential_techniques_line(qtbot) -> None:
    doc = Document(Level.from_rows(["    ", "    ", ".  4", "    "]))
    panel = AnalysisPanel(doc, "easy", delay_ms=10)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitUntil(panel.is_current, timeout=JIT)
    assert panel.essential.text() == "among all kinds, cover is essential"
    assert panel.essential.isVisible()
    # A hard published level: square cannot be done without, can't fit can (other kinds stand in).
    doc2 = Document(Level.from_rows(["4 ..   2", ". 3.  3.", "  .3  33", ".2.. 5  ", "2.2.    ", "3..36   ",
                                     ". 5..   ", ". .4 3 5", "   . 3. ", "     3. ", "5  .. 3."]))
    panel2 = AnalysisPanel(doc2, "hard", delay_ms=10)
    qtbot.addWidget(panel2)
    qtbot.waitUntil(panel2.is_current, timeout=JIT)
    assert panel2.essential.text() == "among all kinds, cover and square are essential; can't fit can be done without"
    # A can't-fit lesson (linjat generate --size 5x5 --teach cant_fit --seed 11): among its own kinds.
    lesson = Level.from_rows(["     ", "5    ", "     ", "     ", ". 35 "]).with_meta(
        extra={"lesson": {"teach": "cant_fit", "rules": ["cover", "cant_fit"]}})
    panel3 = AnalysisPanel(Document(lesson), "easy", delay_ms=10)
    qtbot.addWidget(panel3)
    panel3.show()
    qtbot.waitUntil(panel3.is_current, timeout=JIT)
    assert panel3.essential.text() == "among the lesson's kinds (cover, can't fit), needs can't fit: cover alone gets stuck"
    assert panel3.essential.isVisible()


def test_new_campaign_dialog_shows_the_plan(qtbot) -> None:
    dialog = CampaignDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "New campaign" and dialog.start_button.text() == "Create campaign"
    assert not dialog.preset.isVisible()  # the plan decides the tiers
    dialog.count.setValue(9)
    lines = dialog.plan.text().splitlines()
    assert lines[:5] == ["1. Teach: cover (4×4, 2 numbers)", "2. Teach: can't fit (5×5, 3 numbers)",
                         "3. Teach: square (6×6, 4 numbers)", "4. Teach: dependency (7×7, 6 numbers)",
                         "5. Teach: one of (7×7, 6 numbers)"]
    # One level per tier after the lessons: each in the middle of its tier.
    assert lines[5:] == ["6. easy, target percentile 50", "7. medium, target percentile 50",
                         "8. hard, target percentile 50", "9. expert, target percentile 50"]
    dialog.count.setValue(13)
    assert dialog.plan.text().splitlines()[5:7] == ["6. easy, target percentile 30", "7. easy, target percentile 70"]
    opts = dialog.options()
    assert [j.teach for j in opts["jobs"]][:5] == ["cover", "cant_fit", "square", "dependency", "one_of"]


def test_level_set_menu_has_new_campaign(window) -> None:
    titles = [a.text() for a in window.menuBar().actions()]
    assert "Level &set" in titles and titles.index("Level &set") < titles.index("&Help")
    assert [a.text() for a in window.set_menu.actions()] == ["New &campaign…", "Import &playtests…", "&Fit time model to playtests…"]
    window.set_menu.actions()[0].trigger()
    dialog = window.set_panel._batch_dialog
    assert isinstance(dialog, CampaignDialog) and dialog.isVisible()
    dialog.reject()


def test_targets_drawn_beside_scores(qtbot) -> None:
    chart = DifficultyCurve()
    qtbot.addWidget(chart)
    chart.resize(400, 200)
    chart.show()
    chart.set_points([CurvePoint(20.0, "hard", target=40.0), CurvePoint(45.0, "hard", target=50.0),
                      CurvePoint(70.0, "hard", target=60.0)])
    image = screenshot(chart)
    for i in range(3):
        c = chart.target_point(i)
        assert c is not None and close(colour_at(image, chart, chart, c), QColor(TARGET))
    assert "target" in [text for _, text in chart.labels()] and "target" in [e.text for e in chart.legend()]
    assert ink(image, chart, chart, QColor(TARGET)) > 30
    chart.set_points([CurvePoint(20.0, "hard"), CurvePoint(45.0, "hard")])
    assert ink(screenshot(chart), chart, chart, QColor(TARGET)) == 0  # no targets: nothing blue


def test_set_panel_reads_targets_from_a_ramp(qtbot) -> None:
    def fake(level: Level) -> EntryCheck:
        return EntryCheck(count=1, solved=True, score=float(level.numbers[0].value) * 10)

    panel = SetPanel(checker=SetChecker(fake))
    qtbot.addWidget(panel)
    entries = [SetEntry(Level(11, 8, ((0, 0, v),), frozenset({(0, 1)})), tier="hard", analysis={"target_percentile": p})
               for v, p in ((2, 10.0), (3, 90.0))]
    panel.set_level_set(LevelSet(entries=tuple(entries)))
    qtbot.waitUntil(lambda: not panel.checker.busy and all(p.score is not None for p in panel.chart.points), timeout=5000)
    targets = [p.target for p in panel.chart.points]
    assert targets[0] is not None and targets[1] is not None and targets[0] < targets[1]


def test_optimizer_reports_the_distance_to_its_target(qtbot) -> None:
    from linjat_editor.core import PRESETS
    from linjat_editor.core.objective import toward_score
    from linjat_editor.core.optimizer import Progress
    from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel

    panel = OptimizerPanel(Level.from_rows(["    ", "    ", ".3. ", "    "]))
    qtbot.addWidget(panel)
    panel.goal = toward_score(PRESETS["easy"], 12)
    panel._on_progress(Progress(40, 100, -3.0, (-3.0,), 20.0))  # a target's rank is minus the distance
    assert panel.rate.text().endswith("best 3 from the target")
    panel.goal = PRESETS["easy"]
    panel._on_progress(Progress(50, 100, 7.0, (7.0,), 20.0))
    assert panel.rate.text().endswith("best 7")


def test_playtest_times_beside_targets_and_scores(qtbot) -> None:
    """Predictions (scores, targets) and what players took (bars) on one curve, each named in the legend."""
    chart = DifficultyCurve()
    qtbot.addWidget(chart)
    chart.resize(400, 200)
    chart.show()
    chart.set_points([CurvePoint(20.0, "hard", target=25.0, times=measured([{"seconds": 200.0, "solved": True}])),
                      CurvePoint(45.0, "hard", target=40.0)])
    assert [(e.swatch, e.text) for e in chart.legend()] == [
        ("target", "target"), ("bar", "median time, whisker: middle half (scale to 3:20)"), ("dash", "sorted"),
        ("hard", "hard")]
    image = screenshot(chart)
    assert ink(image, chart, chart, QColor(TARGET)) > 0
    assert ink(image, chart, chart, QColor(150, 150, 150), None) > 0

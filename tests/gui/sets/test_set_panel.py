"""The set panel: edits with undo, drag reorder, order by difficulty, warnings, files.

The checks are stubbed here (figures keyed on the level's name) so the panel's
behaviour is tested apart from the engine; test_set_checks.py runs the real one.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QModelIndex, Qt

from linjat_editor.core.level import Level
from linjat_editor.gui.sets.set_checks import EntryCheck
from linjat_editor.gui.sets.set_ordering import roughness
from linjat_editor.gui.sets.set_panel import SetPanel
from linjat_editor.gui.sets.set_worker import SetChecker
from linjat_editor.io.level_set import LevelSet

SCORES = {"a": 30.0, "b": 10.0, "c": 20.0, "d": 5.0, "bad": 12.0}


def fake_check(level: Level) -> EntryCheck:
    count = 2 if level.name == "bad" else 1
    return EntryCheck(count=count, solved=True, score=SCORES.get(level.name, 1.0),
                      classification={"all": {"depth": 3, "max_width": 1}})


def lvl(name: str, h: int = 9, w: int = 6) -> Level:
    """A level whose board differs per name (the checker caches by board)."""
    k = sorted(SCORES).index(name) if name in SCORES else 5
    return Level(h, w, numbers=((0, 0, 2), (k + 2, 1, 3)), dots=frozenset({(0, 1)}), name=name)


@pytest.fixture
def panel(qtbot):
    current = {"level": lvl("a")}
    p = SetPanel(current_level=lambda: current["level"], checker=SetChecker(fake_check))
    p.current = current
    p.resize(420, 640)
    qtbot.addWidget(p)
    p.show()
    yield p
    p.shutdown()


def wait_checked(qtbot, panel):
    qtbot.waitUntil(lambda: not panel.checker.busy, timeout=5000)


def names(panel) -> list[str]:
    return [e.level.name for e in panel.level_set]


def test_add_duplicate_remove_with_undo(qtbot, panel):
    qtbot.mouseClick(panel.buttons["add"], Qt.MouseButton.LeftButton)
    assert names(panel) == ["a"] and panel.level_set[0].tier == "easy"  # 9x6 is the easy size
    panel.current["level"] = lvl("b", 10, 7)
    panel.add_current()
    assert panel.level_set[1].tier == "medium" and panel.current_row() == 1
    panel.select(0)
    panel.duplicate_selected()
    assert names(panel) == ["a", "a", "b"]
    panel.remove_selected()
    assert names(panel) == ["a", "b"]
    panel.undo_stack.undo()
    panel.undo_stack.undo()
    assert names(panel) == ["a", "b"]
    panel.undo_stack.undo()
    assert names(panel) == ["a"]
    panel.undo_stack.redo()
    assert names(panel) == ["a", "b"]


def test_drag_reorder_through_the_model(qtbot, panel):
    panel.set_level_set(LevelSet(entries=()).add(lvl("a")).add(lvl("b")).add(lvl("c")))
    assert panel.view.dragDropMode() == panel.view.DragDropMode.InternalMove
    model = panel.model
    mime = model.mimeData([model.index(0)])
    # Drop row 0 below the last row, as the view does at the end of a drag.
    assert model.dropMimeData(mime, Qt.DropAction.MoveAction, 3, 0, QModelIndex()) is False
    assert names(panel) == ["b", "c", "a"]
    assert model.moveRows(QModelIndex(), 2, 1, QModelIndex(), 0)
    assert names(panel) == ["a", "b", "c"]
    panel.undo_stack.undo()
    assert names(panel) == ["b", "c", "a"]


def test_order_by_difficulty_makes_a_ramp(qtbot, panel):
    s = LevelSet()
    for n in ("a", "b", "c", "d"):
        s = s.add(lvl(n), tier="easy")
    s = s.add(Level.from_rows(["  ", ".2"], name="t", message="hi"), tier="tutorial")
    panel.set_level_set(s)
    wait_checked(qtbot, panel)
    before = [panel.check_of(i).score for i in range(4)]
    assert roughness(before) > 0
    qtbot.mouseClick(panel.buttons["sort"], Qt.MouseButton.LeftButton)
    assert names(panel) == ["t", "d", "b", "c", "a"]
    assert roughness([panel.check_of(i).score for i in range(1, 5)]) == 0
    assert [p.score for p in panel.chart.points][1:] == [5.0, 10.0, 20.0, 30.0]


def test_warnings_for_bad_levels(qtbot, panel):
    panel.set_level_set(LevelSet().add(lvl("a")).add(lvl("bad")))
    wait_checked(qtbot, panel)
    text = panel.warnings.text()
    assert "2. bad: not unique" in text and "1 level(s)" in text
    assert [p.warning for p in panel.chart.points] == [False, True]
    assert "not unique" in panel.model.data(panel.model.index(1), Qt.ItemDataRole.ToolTipRole)


def test_tier_chart_click_and_open(qtbot, panel):
    panel.set_level_set(LevelSet().add(lvl("a")).add(lvl("b")))
    wait_checked(qtbot, panel)
    right = panel.chart.rect().center()
    right.setX(panel.chart.width() - 12)
    qtbot.mouseClick(panel.chart, Qt.MouseButton.LeftButton, pos=right)
    assert panel.current_row() == 1
    panel.tier_box.setCurrentIndex(4)  # hard
    panel.tier_box.activated.emit(4)
    assert panel.level_set[1].tier == "hard"
    with qtbot.waitSignal(panel.openRequested) as sig:
        panel.open_selected()
    assert sig.args[0].name == "b" and sig.args[1] == 1


def test_save_and_load_keep_analysis(qtbot, panel, tmp_path):
    panel.set_level_set(LevelSet(name="mine").add(lvl("a"), tier="easy").add(lvl("c"), tier="hard"))
    wait_checked(qtbot, panel)
    path = tmp_path / "set.json"
    panel.save(str(path))
    other = SetPanel(checker=SetChecker(fake_check))
    qtbot.addWidget(other)
    other.load(str(path))
    assert [e.level.name for e in other.level_set] == ["a", "c"]
    assert other.level_set[1].analysis["selection_score"] == 20.0
    other.shutdown()


def test_screenshot(qtbot, panel, tmp_path):
    s = LevelSet()
    for n, t in (("a", "easy"), ("b", "easy"), ("c", "medium"), ("bad", "hard"), ("d", "expert")):
        s = s.add(lvl(n), tier=t)
    s = s.replace(2, s[2].with_playtest({"seconds": 200, "moves": 30, "solved": True}))
    s = s.replace(0, s[0].with_playtest({"seconds": 80, "moves": 12, "solved": True}))
    panel.set_level_set(s)
    wait_checked(qtbot, panel)
    from PySide6.QtGui import QImage

    from ..pixels import ink, marks

    panel.show()
    qtbot.waitExposed(panel)
    out = tmp_path / "sets.png"
    panel.grab().save(str(out))
    image = QImage(str(out))
    view = panel.view
    rows = [view.visualRect(view.model().index(i, 0)) for i in range(view.model().rowCount())]
    assert len(rows) == 5
    # Every entry's row has something drawn on it; below the last row the list is empty.
    for rect in rows:
        assert marks(image, panel, view.viewport(), rect) > 50, rect
    below = rows[-1].translated(0, 2 * rows[-1].height())
    if below.bottom() < view.viewport().height():
        assert marks(image, panel, view.viewport(), below) == 0
    # The warning about the level with two solutions is written in its label.
    label = panel.warnings
    assert "need attention" in label.text() and ink(image, panel, label, label.palette().windowText().color()) > 20


def test_append_generated_and_export(qtbot, panel, tmp_path):
    import json

    panel.set_level_set(LevelSet().add(lvl("a"), tier="easy"))
    panel.append_set(LevelSet().add(lvl("b"), tier="easy").add(lvl("c"), tier="medium"), "Generate 2 level(s)")
    assert names(panel) == ["a", "b", "c"] and panel.undo_stack.undoText() == "Generate 2 level(s)"
    wait_checked(qtbot, panel)
    written = panel.export(str(tmp_path / "puzzles.json"))
    data = json.loads(written[0].read_text())
    assert [r["score"] for r in data["easy"][:-1]] == [30, 10]  # the panel's figures, not recomputed
    sheets = panel.export(str(tmp_path / "sheet.svg"))
    assert re.findall(r">Puzzle (\d+)</text>", sheets[0].read_text()) == ["1", "2", "3"]  # one board a level, in order
    sheets = panel.export(str(tmp_path / "labelled.svg"), labels=True)
    captions = re.findall(r">Puzzle (\d+) · [abc] \(\w+\)</text>", sheets[0].read_text())
    assert captions == ["1", "2", "3"]  # the designer's own print names them


def test_an_export_is_still_told_when_the_checks_end_after_it(qtbot, tmp_path):
    """The panel's status line keeps what was just done (here: written) when the set's checks end later; it
    once lost it to the checks' verdict whenever they were slower than the export (a CI run under load)."""
    import threading

    release = threading.Event()

    def slow_check(level: Level) -> EntryCheck:
        release.wait(30)
        return fake_check(level)

    p = SetPanel(checker=SetChecker(slow_check))
    qtbot.addWidget(p)
    p.set_level_set(LevelSet().add(lvl("a"), tier="easy").add(lvl("c"), tier="easy"))
    out = tmp_path / "set.csv"
    p.export_in_background(str(out), None, {})
    qtbot.waitUntil(lambda: not p.exporting, timeout=30_000)
    assert p.warnings.text().splitlines() == [f"Exported: {out}", "Analysing… 0 of 2 levels checked"]
    release.set()
    qtbot.waitUntil(lambda: not p.checker.busy and "All levels" in p.warnings.text(), timeout=30_000)
    assert p.warnings.text().splitlines() == [f"Exported: {out}", "All levels unique, solved by deduction, no leaks."]
    p.apply(p.level_set.remove(1), "Remove")  # the set the file holds is gone: so is the line about it
    assert p.warnings.text() == "All levels unique, solved by deduction, no leaks."
    p.shutdown()


def test_a_check_that_fails_is_never_called_unique(qtbot):
    """'All levels unique…' is said only when every level was checked; a check that failed is named instead."""
    def check(level: Level) -> EntryCheck:
        if level.name == "c":
            raise ValueError("the engine broke")
        return fake_check(level)

    p = SetPanel(checker=SetChecker(check))
    qtbot.addWidget(p)
    p.set_level_set(LevelSet().add(lvl("a"), tier="easy").add(lvl("c"), tier="easy"))
    qtbot.waitUntil(lambda: not p.checker.busy and p.warnings.text() and "Analysing" not in p.warnings.text(),
                    timeout=30_000)
    assert p.warnings.text().splitlines() == ["1 level(s) could not be checked:", "2. c: ValueError: the engine broke"]
    row = p.model.index(1)
    assert "not checked" in p.model.data(row)  # the list says so too, not a score still to come
    assert p.model.data(row, Qt.ItemDataRole.ToolTipRole) == "Could not be checked: ValueError: the engine broke"
    p.shutdown()


def test_many_failed_checks_are_counted_past_the_ten_named(qtbot):
    def check(level: Level) -> EntryCheck:
        raise ValueError("the engine broke")

    boards = [Level(9, 6, numbers=((r, c, 2),), name=f"n{r}{c}") for r in range(2) for c in range(6)]
    s = LevelSet()
    for b in boards:
        s = s.add(b, tier="easy")
    p = SetPanel(checker=SetChecker(check))
    qtbot.addWidget(p)
    p.set_level_set(s)
    qtbot.waitUntil(lambda: not p.checker.busy and "could not be checked" in p.warnings.text(), timeout=30_000)
    lines = p.warnings.text().splitlines()
    assert lines[0] == "12 level(s) could not be checked:" and len(lines) == 12 and lines[-1] == "…and 2 more"
    p.shutdown()


def test_put_back_and_playtest_summary(qtbot, panel):
    panel.set_level_set(LevelSet().add(lvl("a"), tier="easy").add(lvl("b"), tier="easy"))
    played = lvl("c").with_meta(extra={"playtests": [{"seconds": 65, "moves": 9, "solved": True},
                                                       {"seconds": 5, "moves": 1, "solved": False}]})
    panel.current["level"] = played
    panel.select(1)
    panel.buttons["put_back"].click()
    assert panel.level_set[1].level is played and panel.level_set[1].tier == "easy"
    text = panel.model.data(panel.model.index(1))
    assert "played 2× (1 solved, median 1:05)" in text
    assert panel.chart.points[1].times.median == 65.0 and panel.chart.points[0].times.median is None
    panel.undo_stack.undo()
    assert panel.level_set[1].level.name == "b"


def test_the_list_the_chart_and_the_csv_say_one_median_time(qtbot, panel, tmp_path):
    """Two solved plays, 0:10 and 0:20: the median is 0:15 in the list, on the chart's bar and in the CSV."""
    played = lvl("c").with_meta(extra={"playtests": [{"seconds": 10, "solved": True}, {"seconds": 20, "solved": True}]})
    panel.set_level_set(LevelSet().add(played, tier="easy"))
    wait_checked(qtbot, panel)
    assert "played 2× (2 solved, median 0:15)" in panel.model.data(panel.model.index(0))
    assert panel.chart.points[0].times.median == 15.0
    csv = tmp_path / "set.csv"
    panel.export(str(csv))
    header, row = csv.read_text().splitlines()[:2]
    assert dict(zip(header.split(","), row.split(",")))["median_seconds"] == "15.0"


def test_csv_export_fills_solved_and_solutions_like_the_command_line(qtbot, panel, tmp_path):
    """The editor's CSV carries the checks' figures (solved, exact count), as `linjat export --format csv` does."""
    import csv

    panel.set_level_set(LevelSet().add(lvl("a"), tier="easy").add(lvl("bad"), tier="easy"))
    wait_checked(qtbot, panel)
    written = panel.export(str(tmp_path / "figures.csv"))
    rows = list(csv.DictReader(written[0].open()))
    assert [(r["name"], r["solved"], r["solutions"]) for r in rows] == [("a", "1", "1"), ("bad", "1", "2")]


def test_flags_are_grouped_by_reason_and_say_what_they_mean_and_tutorials_may_be_open(qtbot):
    """Like the original's puzzles.json: tutorials with two solutions are not flagged; the rest group by reason."""
    figures = {"t": (2, False, 0), "x": (2, True, 0), "y": (1, True, 2), "z": (1, True, 1), "ok": (1, True, 0)}

    def check(level: Level) -> EntryCheck:
        count, solved, leaks = figures[level.name]
        return EntryCheck(count=count, solved=solved, score=1.0, leaks=leaks)

    def board(name: str, k: int) -> Level:
        return Level(9, 6, numbers=((0, 0, 2), (k + 2, 1, 3)), name=name)

    p = SetPanel(checker=SetChecker(check))
    qtbot.addWidget(p)
    s = LevelSet().add(board("t", 0).resized(4, 4).with_numbers([(0, 0, 2)]), tier="tutorial")
    for k, name in enumerate(("x", "y", "z", "ok")):
        s = s.add(board(name, k + 1), tier="easy")
    p.set_level_set(s)
    wait_checked(qtbot, p)
    lines = p.warnings.text().splitlines()
    assert lines[0] == "3 level(s) need attention:"
    assert lines[1:] == ["• not unique (a player can finish it in more than one way): level 2",
                         "• leaky (deduction only gets through by assuming the level has one solution): 2 levels: 3, 4"]
    assert [pt.warning for pt in p.chart.points] == [False, True, True, True, False]
    tip = p.model.data(p.model.index(0), Qt.ItemDataRole.ToolTipRole)
    assert "not unique" in tip and "fine for a tutorial" in tip
    p.shutdown()


def test_a_big_set_opens_in_the_background_with_progress(qtbot, panel, tmp_path, monkeypatch):
    """Thousands of levels: the dialog returns at once, the list fills when read, checks report progress."""
    from PySide6.QtWidgets import QFileDialog

    from linjat_editor.io.registry import write_set

    big = LevelSet(entries=tuple(LevelSet().add(Level(9, 6, numbers=((r, c, 2),), name=f"n{r}{c}{k}"),
                                                tier="easy")[0] for k in range(56) for r in range(9) for c in range(6)))
    path = tmp_path / "big.json"
    write_set(big, path)
    redraws = []
    monkeypatch.setattr(panel, "_refresh", lambda _orig=panel._refresh: (redraws.append(1), _orig())[1])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    panel.load_dialog()
    assert panel.warnings.text() == "Reading big.json…" and panel.model.rowCount() == 0  # not read in the GUI thread
    qtbot.waitUntil(lambda: panel.model.rowCount() == len(big), timeout=60_000)
    assert panel.path == str(path)
    qtbot.waitUntil(lambda: "of 3,024 levels checked" in panel.warnings.text() or not panel.checker.busy, timeout=60_000)
    wait_checked(qtbot, panel)
    qtbot.wait(300)
    assert len(redraws) < 100  # a few redraws a second, not one per checked level
    assert panel.warnings.text() == "All levels unique, solved by deduction, no leaks."


@pytest.fixture
def slow_read(panel, tmp_path, monkeypatch):
    """Open set… on a file whose read waits until ``release()``: (path, release)."""
    import threading

    from PySide6.QtWidgets import QFileDialog

    from linjat_editor.gui.sets import set_files
    from linjat_editor.io.registry import write_set

    path = tmp_path / "other.json"
    write_set(LevelSet().add(lvl("c")).add(lvl("d")), path)
    gate = threading.Event()
    real = set_files._read
    monkeypatch.setattr(set_files, "_read", lambda p: (gate.wait(10), real(p))[1])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    return path, gate.set


def test_the_panel_takes_no_edit_while_a_set_is_read(qtbot, panel, slow_read):
    path, release = slow_read
    panel.load_dialog()
    assert panel.warnings.text() == "Reading other.json…" and panel.warnings.isEnabled()
    assert not panel.buttons["add"].isEnabled() and not panel.buttons["load"].isEnabled()
    assert not panel.view.isEnabled() and not panel.tier_box.isEnabled()
    release()
    qtbot.waitUntil(lambda: names(panel) == ["c", "d"], timeout=5000)
    assert panel.buttons["add"].isEnabled() and panel.view.isEnabled() and panel.path == str(path)


def test_an_edit_made_while_a_set_is_read_is_asked_about(qtbot, panel, slow_read):
    """Edits from outside the panel (Level set ▸ Import playtests…, Undo) still reach the set: the arriving file asks first."""
    from PySide6.QtWidgets import QMessageBox

    path, release = slow_read
    panel.load_dialog()
    panel.apply(panel.level_set.add(lvl("a")), "Import playtests")  # not through the disabled panel
    wait_checked(qtbot, panel)  # its check's summary line comes first
    asked = []
    panel.prompt_unsaved = lambda: (asked.append(1), QMessageBox.StandardButton.Cancel)[1]
    release()
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert names(panel) == ["a"] and panel.modified and panel.path is None
    assert panel.warnings.text().startswith("other.json was not opened: the set changed while it was read")
    assert panel.buttons["add"].isEnabled()


def test_a_set_file_that_cannot_be_read_gives_the_panel_back(qtbot, panel, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    shown = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    panel.load_dialog()
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    assert shown[0][0] == "Open set" and "bad.json" in shown[0][1]
    assert panel.buttons["load"].isEnabled() and panel.view.isEnabled() and panel.warnings.text() == ""

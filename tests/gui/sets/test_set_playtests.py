"""Playtesting with players from the editor: File ▸ Export ▸ Playtest page…, Level set ▸ Import playtests…"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from linjat_editor.core.level import Level
from linjat_editor.gui.sets import set_playtests
from linjat_editor.gui.sets.set_dock import install_set_panel
from linjat_editor.gui.sets.set_worker import SetChecker
from linjat_editor.io.playtest_page import RESULTS_FORMAT, page_data
from linjat_editor.io.level_set import LevelSet, SetEntry

LEVELS = [Level.from_rows(["    ", "    ", ".3. ", "    "]), Level.from_rows([" 2", ". "]), Level.from_rows(["3..", "   "])]


def results_file(tmp_path: Path, the_set, name: str = "r.json", **change) -> str:
    data = page_data(the_set)
    levels = [{"key": lv["key"], "index": i, "seconds": 20.0 + i, "solved": True, "gave_up": False, "resets": 0,
               "moves": 1, "events": [{"t": 500, "n": 0, "line": [0, 0, 0, 1]}]} for i, lv in enumerate(data["levels"])]
    out = {"format": RESULTS_FORMAT, "version": 1, "session": "00112233445566ff", "set": data["set"], "tester": "Di",
           "started": "2026-11-27T23:00:00Z", "levels": levels, **change}
    path = tmp_path / name
    path.write_text(json.dumps(out))
    return str(path)


def panel_in(window):
    panel = install_set_panel(window)
    panel.analyse = False
    panel.checker = SetChecker(lambda lv: None)
    for lvl in LEVELS:
        panel.add_level(lvl, tier="tutorial")
    panel.undo_stack.clear()
    return panel


def menu_texts(menu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions()]


def test_the_menus_name_the_page_and_the_import(qtbot, window):
    panel_in(window)
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File")
    assert "Export" in menu_texts(file_menu)
    assert menu_texts(window.export_menu) == ["Playtest page…"]
    assert "Import playtests…" in menu_texts(window.set_menu)
    window.document.undo_stack.setClean()


def test_page_out_and_results_back_in_as_one_undo_step(qtbot, window, tmp_path, monkeypatch):
    panel = panel_in(window)
    page = tmp_path / "page"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(page), "Web page (*.html)"))
    window.export_menu.actions()[0].trigger()
    assert "Playtest page written to" in panel.warnings.text() and "Import playtests" in panel.warnings.text()
    assert (tmp_path / "page.html").read_text().count('"height"') == 3

    path = results_file(tmp_path, panel.level_set)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([path], ""))
    import_action = next(a for a in window.set_menu.actions() if a.text().replace("&", "") == "Import playtests…")
    import_action.trigger()
    assert panel.warnings.text().splitlines()[0] == "3 playtests added to 3 levels."
    assert [[p["seconds"] for p in e.playtests] for e in panel.level_set] == [[20.0], [21.0], [22.0]]
    assert "played 1× (1 solved, median 0:20)" in panel.model.data(panel.model.index(0))
    assert panel.undo_stack.undoText() == "Import 3 playtests"
    panel.undo_stack.undo()
    assert all(not e.playtests for e in panel.level_set)
    window.document.undo_stack.setClean()


def test_a_hostile_file_is_one_dialog_line_and_changes_nothing(qtbot, window, tmp_path, monkeypatch):
    panel = panel_in(window)
    before = panel.level_set
    bad = results_file(tmp_path, panel.level_set, "bad.json", tester="<img src=x onerror=alert(1)>")
    good = results_file(tmp_path, panel.level_set)
    shown = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([good, bad], ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    set_playtests.import_dialog(panel)
    (title, text), = shown
    assert title == "Import playtests" and "\n" not in text and "bad.json" in text and "markup" in text
    assert panel.level_set is before and panel.undo_stack.count() == 0
    window.document.undo_stack.setClean()


def test_fit_the_time_model_and_adopt_it_for_the_set(qtbot, window, corpus_levels, monkeypatch):
    from linjat_editor.core.analysis.solve_time import TimeModel, clock

    panel = install_set_panel(window)
    seconds = [40.0, 55.0, 70.0, 90.0, 120.0, 150.0]
    for k, level in enumerate(corpus_levels("easy")[:6]):
        tests = tuple({"seconds": seconds[k] * f, "solved": True, "source": "page", "session": f"{t:016x}"}
                      for t, f in enumerate((0.9, 1.0, 1.2)))
        own = {"seconds": 3.0, "solved": True}  # the designer's: left out of the fit
        panel.add_level(level.with_meta(extra={"playtests": [own]}), tier="easy")
        panel.level_set = panel.level_set.replace(k, panel.level_set[k].with_meta(playtests=tests))
    panel.set_level_set(panel.level_set)
    qtbot.waitUntil(lambda: all(panel.check_of(i) is not None for i in range(6)), timeout=300_000)
    asked = []

    def yes(parent, title, text):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    fit_action = next(a for a in window.set_menu.actions() if a.text().replace("&", "") == "Fit time model to playtests…")
    fit_action.trigger()
    assert asked and asked[0].startswith("Fitted on 6 levels and 18 testers' playtests")
    model = TimeModel.from_json(panel.level_set.extra["time_model"])
    assert model.fit["playtests"] == 18
    panel._flush()
    first = model.predict(panel.check_of(0).layers)
    assert f"predicted {clock(first)}" in panel.model.data(panel.model.index(0))
    assert panel.chart.points[0].times.predicted == first
    assert panel.undo_stack.undoText() == "Adopt fitted time model"
    panel.undo_stack.undo()
    assert "time_model" not in panel.level_set.extra
    panel.shutdown()
    window.document.undo_stack.setClean()


def test_too_few_playtests_to_fit_says_so(qtbot, window, monkeypatch):
    panel = panel_in(window)
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: told.append(text))
    set_playtests.fit_dialog(panel)
    assert told and told[0].startswith("not enough playtests to fit the time model: 0 level(s)")
    assert "Import playtests" in told[0] and "time_model" not in panel.level_set.extra
    window.document.undo_stack.setClean()


def test_results_of_a_changed_level_are_named_in_a_dialog(qtbot, window, tmp_path, monkeypatch):
    panel = panel_in(window)
    path = results_file(tmp_path, panel.level_set)
    panel.apply(panel.level_set.replace(1, Level.from_rows([" 2", "  ", ". "])), "Edit level 2")
    told = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([path], ""))
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: told.append(text))
    set_playtests.import_dialog(panel)
    (text,) = told
    assert text.splitlines()[0] == "2 playtests added to 2 levels."
    assert "level 2 of the page has changed since the page was made" in text.splitlines()[1]
    assert [len(e.playtests) for e in panel.level_set] == [1, 0, 1]
    window.document.undo_stack.setClean()


def test_the_page_of_a_checked_set_is_written(qtbot, window, tmp_path, monkeypatch):
    """Once every level is checked the export skips the analysis: the page, which has none, is still written."""
    panel = panel_in(window)
    checked = LevelSet(name="checked", entries=tuple(
        SetEntry(e.level, tier=e.tier, analysis={"score": 1}) for e in panel.level_set))
    panel.set_level_set(checked)
    page = tmp_path / "checked.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(page), "Web page (*.html)"))
    window.export_menu.actions()[0].trigger()
    assert "Playtest page written to" in panel.warnings.text()
    assert page.read_text().count('"height"') == len(checked)


def test_the_set_and_the_steps_see_an_entrys_playtests_alike(window):
    """The set's list and chart and the steps view gather an entry's playtests one way: a hand-edited
    ``"playtests": 5`` on its level is no playtest to any of them."""
    panel = window.set_panel  # the one the steps view asks
    panel.analyse = False
    panel.checker = SetChecker(lambda lv: None)
    odd = LEVELS[0].with_meta(extra={"playtests": 5})
    page = {"seconds": 30.0, "solved": True, "source": "page", "session": "0" * 16}
    panel.set_level_set(LevelSet().add(odd, tier="tutorial", playtests=(page,)))
    assert [pt.times.median for pt in panel.chart.points] == [30.0]
    assert window.steps.playtests_for(odd) == [page]
    own = {"seconds": 12.0, "solved": True, "date": "2026-11-27"}  # play mode's, on the level
    mine = LEVELS[0].with_meta(extra={"playtests": [own, "junk"]})
    panel.set_level_set(LevelSet().add(mine, tier="tutorial", playtests=(page,)))
    assert window.steps.playtests_for(mine) == [page, own]

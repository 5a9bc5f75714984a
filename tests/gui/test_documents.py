"""The level and the level set as documents: what replaces either asks first, Cancel changes nothing,
Save never writes a level over another level's file, each keeps its own undo history (issue 42)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from linjat_editor import io as lio
from linjat_editor.core.level import Level
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.io.level_set import LevelSet

JIT = 180_000  # a random level may compile kernels on a cold cache
MED0 = ["  2 .", " 3   ", ".  2 ", "     "]
Button = QMessageBox.StandardButton


class Prompts:
    """Records the Save / Discard / Cancel prompts a person would see, and answers them."""

    def __init__(self, window, monkeypatch, answer=Button.Cancel) -> None:
        self.shown: list[str] = []
        self.answer = answer
        monkeypatch.setattr(window.files, "prompt_unsaved", lambda: self._ask(f"level {window.document.display_name()}"))
        monkeypatch.setattr(window.set_panel, "prompt_unsaved",
                            lambda: self._ask(f"set {window.set_panel.display_name()}"))

    def _ask(self, what: str) -> QMessageBox.StandardButton:
        self.shown.append(what)
        return self.answer


@pytest.fixture
def quiet_set(window):
    """The window's set panel without the engine's checks (these tests are about documents)."""
    panel = window.set_panel
    panel.analyse = False
    return panel


def first_history_line(view) -> str:
    return view.model().data(view.model().index(0, 0))


def set_file(tmp_path, name: str, levels: list[Level]) -> str:
    path = tmp_path / name
    s = LevelSet(name=name)
    for lv in levels:
        s = s.add(lv, tier="tutorial")
    lio.write_set(s, path)
    return str(path)


def campaign_of(n: int) -> LevelSet:
    s = LevelSet()
    for k in range(n):
        s = s.add(Level.from_rows([f"{k % 8 + 1}    ", " " * 5]), tier="tutorial")
    return s


def dock_title(window) -> str:
    from PySide6.QtWidgets import QDockWidget

    return window.findChild(QDockWidget, "dock-level-set").windowTitle()


# -- item 1: Open set… asks about the set's unsaved changes; Ctrl+Z in the set list undoes the set


def test_open_set_asks_before_replacing_an_unsaved_campaign(window, quiet_set, qtbot, tmp_path, monkeypatch):
    other = set_file(tmp_path, "other.json", [Level.from_rows(["2.", "  "])])
    opened = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (opened.append(1), (other, ""))[1])
    quiet_set.append_set(campaign_of(8), "New campaign of 8 level(s)")
    assert dock_title(window) == "Level set: untitled set*"
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    qtbot.mouseClick(quiet_set.buttons["load"], Qt.MouseButton.LeftButton)
    assert prompts.shown == ["set untitled set"] and opened == []  # asked before the file dialog
    assert len(quiet_set.level_set) == 8 and quiet_set.modified  # Cancel: everything as it was
    prompts.answer = Button.Discard
    qtbot.mouseClick(quiet_set.buttons["load"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: quiet_set.path == other, timeout=10_000)
    assert len(quiet_set.level_set) == 1 and not quiet_set.modified
    assert dock_title(window) == "Level set: other.json"
    assert first_history_line(window.history_panel.set_view) == "<opened other.json>"


def test_open_set_with_save_writes_the_campaign_first(window, quiet_set, qtbot, tmp_path, monkeypatch):
    other = set_file(tmp_path, "other.json", [Level.from_rows(["2.", "  "])])
    target = tmp_path / "campaign.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (other, ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    quiet_set.append_set(campaign_of(8), "New campaign of 8 level(s)")
    Prompts(window, monkeypatch, Button.Save)
    qtbot.mouseClick(quiet_set.buttons["load"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: quiet_set.path == other, timeout=10_000)
    assert len(lio.read_set(target)) == 8  # the campaign is on disk


def test_ctrl_z_in_the_set_list_undoes_the_set_not_the_board(window, quiet_set, qtbot):
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    doc = window.document
    doc.push(SetNumberCommand(doc, 0, 0, 2))
    board = doc.level
    qtbot.mouseClick(quiet_set.buttons["add"], Qt.MouseButton.LeftButton)
    assert len(quiet_set.level_set) == 1
    assert window.acts.undo.text() == "&Undo Add level"  # Edit ▸ Undo names the set's step
    qtbot.keyClick(quiet_set.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(quiet_set.level_set) == 0 and doc.level == board
    window.board.setFocus()
    qtbot.keyClick(window.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.level.number_at(0, 0) is None and len(quiet_set.level_set) == 0


def test_set_edits_are_listed_in_history(window, quiet_set):
    quiet_set.add_current()
    quiet_set.duplicate_selected()
    view = window.history_panel.set_view
    lines = [view.model().data(view.model().index(i, 0)) for i in range(view.model().rowCount())]
    assert lines == ["<new set>", "Add level", "Duplicate level"]
    assert view.isVisibleTo(window.history_dock)


# -- item 2: Quit asks about the set too


def test_quit_asks_about_the_set(window, quiet_set, qtbot, tmp_path, monkeypatch):
    window.show()
    path = set_file(tmp_path, "mine.json", [Level.from_rows(["2.", "  "])])
    quiet_set.load(path)
    before = (tmp_path / "mine.json").read_bytes()
    qtbot.mouseClick(quiet_set.buttons["add"], Qt.MouseButton.LeftButton)
    assert dock_title(window) == "Level set: mine.json*"
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    assert not window.close()
    assert prompts.shown == ["set mine.json"] and window.isVisible()
    assert (tmp_path / "mine.json").read_bytes() == before
    prompts.answer = Button.Save
    assert window.close()
    assert len(lio.read_set(path)) == 2 and not quiet_set.modified


# -- item 3: a generated, imported or set-opened level is a new untitled document


@pytest.fixture
def med0(window, tmp_path):
    path = tmp_path / "med0.txt"
    path.write_text("\n".join(MED0) + "\n")
    assert window.files.open_file(path)
    assert window.windowTitle().startswith("med0.txt \u2014")
    return path


def save_asks_for_a_file(window, monkeypatch) -> list[str]:
    """Ctrl+S: record the Save as dialogs shown (each cancelled)."""
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a[1]), ("", ""))[1])
    window.acts.save.trigger()
    return asked


def test_new_random_level_is_untitled_and_never_saved_over_the_opened_file(window, med0, qtbot, monkeypatch):
    before = med0.read_bytes()
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.random[0].trigger()  # Ctrl+Alt+1
    assert window.document.level.size == (9, 6)
    # A new document, and unsaved work: the level is in no file yet.
    assert window.windowTitle() == "untitled* \u2014 Linjat Editor"
    assert save_asks_for_a_file(window, monkeypatch) == ["Save level as"]
    assert med0.read_bytes() == before


def test_quit_asks_before_a_generated_level_is_gone(window, qtbot, monkeypatch):
    window.show()
    with qtbot.waitSignal(window.generator.applied, timeout=JIT):
        window.acts.random[0].trigger()
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    assert not window.close()
    assert prompts.shown == ["level untitled"] and window.isVisible()
    window.document.undo_stack.setClean()


def test_new_random_level_asks_about_unsaved_changes_and_cancel_keeps_them(window, med0, qtbot, monkeypatch):
    doc = window.document
    doc.push(SetNumberCommand(doc, 3, 0, 1))
    edited = doc.level
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    window.acts.random[0].trigger()
    assert prompts.shown == ["level med0.txt"]
    assert not window.generator.busy and doc.level == edited and doc.path == med0 and doc.modified


def test_import_rows_is_untitled_and_never_saved_over_the_opened_file(window, med0, monkeypatch):
    before = med0.read_bytes()
    assert window.files.import_rows('["2 .", "   "]')
    assert window.windowTitle() == "untitled \u2014 Linjat Editor"  # a new document: nothing unsaved yet
    assert save_asks_for_a_file(window, monkeypatch) == ["Save level as"]
    assert med0.read_bytes() == before


def test_import_rows_asks_about_unsaved_changes(window, med0, monkeypatch):
    window.document.push(SetNumberCommand(window.document, 3, 0, 1))
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    assert not window.files.import_rows('["2 .", "   "]')
    assert prompts.shown == ["level med0.txt"] and window.document.path == med0


def test_a_level_opened_from_the_set_is_untitled_and_never_saved_over_the_opened_file(window, quiet_set, med0,
                                                                                       monkeypatch):
    before = med0.read_bytes()
    quiet_set.add_level(Level.from_rows(["2.", "  "], name="tiny"), tier="tutorial")
    window.document.push(SetNumberCommand(window.document, 3, 0, 1))
    prompts = Prompts(window, monkeypatch, Button.Cancel)
    quiet_set.open_selected()
    assert prompts.shown == ["level med0.txt"] and window.document.path == med0  # Cancel: as it was
    prompts.answer = Button.Discard
    quiet_set.open_selected()
    assert window.windowTitle() == "tiny \u2014 Linjat Editor"
    assert save_asks_for_a_file(window, monkeypatch) == ["Save level as"]
    assert med0.read_bytes() == before


# -- item 5: nothing of one document leaks into the next


def test_history_starts_with_how_the_level_began(window, med0, tmp_path):
    assert first_history_line(window.history) == "<opened med0.txt>"
    window.document.push(SetNumberCommand(window.document, 3, 0, 1))
    assert window.files.new_level((5, 5))  # the fixture discards
    assert window.history.model().rowCount() == 1  # the old level's steps are gone
    assert first_history_line(window.history) == "<new level>"
    assert window.windowTitle() == "untitled \u2014 Linjat Editor"  # brand new: nothing unsaved


def test_step_position_starts_over_with_the_next_level(window, qtbot, tmp_path, corpus_levels):
    first, second = tmp_path / "med0.txt", tmp_path / "med1.txt"
    for path, level in ((first, corpus_levels("medium")[0]), (second, corpus_levels("medium")[1])):
        path.write_text("\n".join(level.rows()) + "\n")
    assert window.files.open_file(first)
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    window.steps.set_position(5)
    assert window.steps.position == 5
    assert window.files.open_file(second)
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    assert window.steps.position == 0 and window.steps.current() is None

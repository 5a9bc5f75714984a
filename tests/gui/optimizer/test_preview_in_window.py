"""The optimizer's preview inside the editor: only the designer starts or ends it; Adopt is on screen."""

from __future__ import annotations

from PySide6.QtCore import QRect

from linjat_editor import core
from linjat_editor.core.level import Level

A = Level.from_rows(["2  ", "   ", "  2"])
B = Level.from_rows(["3  ", "   ", "  2"])
C = Level.from_rows(["2 3", "   ", "   "])


def entry(level: Level, score: float):
    return core.PoolEntry(level, core.solve(level).classification, score)


def test_pool_refresh_never_moves_or_ends_the_preview_adopt_and_undo_end_it(window, qtbot):
    panel, board = window.optimizer, window.board
    panel._on_pool([entry(A, 3), entry(B, 2)])
    panel.pool_view.setCurrentRow(1)  # the designer picks B
    assert board.previewing and board.level.same_board(B)
    assert panel.buttons["back"].isEnabled()
    panel._on_pool([entry(C, 5), entry(A, 3), entry(B, 2)])  # the optimizer found a better one
    assert board.previewing and board.level.same_board(B)  # still B, never C
    assert panel.selected_entry().level.same_board(B)
    panel.buttons["back"].click()
    assert not board.previewing and not panel.buttons["back"].isEnabled()
    panel._on_pool([entry(A, 6), entry(C, 5), entry(B, 2)])
    assert not board.previewing  # a refresh does not bring it back
    panel.pool_view.setCurrentRow(2)
    panel.buttons["adopt"].click()
    assert not board.previewing and window.document.level.same_board(B)
    panel.pool_view.setCurrentRow(0)
    assert board.previewing
    window.document.undo_stack.undo()
    assert not board.previewing and board.level.same_board(window.document.level)


def test_adopt_and_back_are_visible_at_1280x860(window, qtbot):
    window.resize(1280, 860)
    window.show()
    qtbot.waitExposed(window)
    window.findChild(type(window.analysis_dock), "dock-optimizer").raise_()
    qtbot.wait(50)
    for key in ("start", "stop", "adopt", "back"):
        button = window.optimizer.buttons[key]
        assert button.isVisible(), key
        region = button.visibleRegion().boundingRect()
        assert region.width() >= button.sizeHint().width() - 2 and region.height() >= button.height() - 1, key
        inside = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
        assert window.rect().contains(inside), key


def test_after_adopt_and_undo_the_pool_keeps_its_selection(window, qtbot):
    panel = window.optimizer
    levels = [Level.from_rows([f"{v}    ", "     ", "     ", "     ", f"    {w}"]) for v in (2, 3, 4) for w in (2, 3, 4)]
    panel._on_pool([entry(level, 20 - i) for i, level in enumerate(levels)])
    panel.pool_view.setCurrentRow(1)  # the designer picks #2
    panel.buttons["adopt"].click()
    window.document.undo_stack.undo()
    qtbot.wait(20)
    assert panel.pool_view.currentRow() == 1
    assert panel.pool_view.currentItem().text().startswith("#2 ")
    assert panel.pool_view.currentItem().isSelected()


# -- the pool belongs to the level it was run for (issue 42)


def test_a_new_level_forgets_the_pool_adopt_cannot_put_the_old_level_on_it(window, qtbot):
    panel, board = window.optimizer, window.board
    panel._on_pool([entry(A, 3), entry(B, 2)])  # a run on the 3x3 board's level
    panel.pool_view.setCurrentRow(1)
    assert board.previewing and panel.buttons["adopt"].isEnabled()
    assert window.files.new_level((13, 9))  # as Ctrl+Alt+4 does: another document
    assert not board.previewing and board.level.size == (13, 9)
    assert panel.pool_view.count() == 0 and not panel.buttons["adopt"].isEnabled()
    assert panel.info.text() == "The pool was for the level before; Start optimizes this one."
    panel.buttons["adopt"].click()
    assert window.document.level == Level(13, 9)


def test_an_edit_after_the_run_disables_adopt_and_preview_until_undone(window, qtbot):
    from linjat_editor.gui.commands import SetNumberCommand

    panel, board, doc = window.optimizer, window.board, window.document
    panel._on_pool([entry(A, 3), entry(B, 2)])
    doc.push(SetNumberCommand(doc, 3, 3, 1))  # the designer goes on editing
    assert not panel.buttons["adopt"].isEnabled() and not panel.pool_view.isEnabled()
    assert panel.info.text().startswith("The board was edited after this run started")
    panel.pool_view.setCurrentRow(1)
    assert not board.previewing  # nothing of the old pool shows on the edited board
    edited = doc.level
    panel.adopt()
    assert doc.level == edited
    doc.undo_stack.undo()  # back to the level the pool was run for
    assert panel.buttons["adopt"].isEnabled() and panel.pool_view.isEnabled()
    panel.adopt()
    assert doc.level.same_board(B)


def test_a_preview_shows_its_own_analysis(window, qtbot):
    panel, analysis = window.optimizer, window.analysis
    unique = Level.from_rows(["2 .", "   ", "   "])
    qtbot.waitUntil(analysis.is_current, timeout=180_000)
    own = analysis.verdict.text()
    panel._on_pool([entry(unique, 3), entry(B, 2)])
    panel.pool_view.setCurrentRow(0)
    qtbot.waitUntil(analysis.is_current, timeout=180_000)
    assert analysis.result.level == unique and analysis.verdict.text().startswith("Preview: ")
    assert window.verdict_badge.text() == analysis.verdict.text()  # the status bar says it too
    panel.pool_view.setCurrentRow(1)
    qtbot.waitUntil(analysis.is_current, timeout=180_000)
    assert analysis.result.level == B
    panel.buttons["back"].click()
    qtbot.waitUntil(analysis.is_current, timeout=180_000)
    assert analysis.result.level == window.document.level and analysis.verdict.text() == own


def test_another_level_asks_before_it_discards_the_optimizers_proposals(window, qtbot, monkeypatch, tmp_path):
    """New level, Open, a new random level, a level from the set: each asks about the pool; Cancel changes nothing."""
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.io import write_level

    panel, doc = window.optimizer, window.document
    mine = doc.level
    panel.run_level = mine  # a run for the board found two levels
    panel._on_pool([entry(A, 3), entry(B, 2)])
    asked = []
    answer = [QMessageBox.StandardButton.Cancel]
    monkeypatch.setattr(panel, "prompt_drop_pool", lambda what=None: (asked.append(what), answer[0])[1])
    path = str(tmp_path / "other.json")
    write_level(C, path)
    for replace in (lambda: window.files.new_level((5, 5)), lambda: window.files.open_file(path),
                    lambda: window.generator.new_random_level("easy"), lambda: doc.start_new(C, "opened from the set")):
        replace()
        assert asked and doc.level == mine and panel.pool_view.count() == 2 and not window.generator.busy
        asked.clear()
    answer[0] = QMessageBox.StandardButton.Discard
    assert window.files.open_file(path) and asked and doc.level.same_board(C)
    assert panel.pool == [] and panel.pool_view.count() == 0


def test_no_pool_no_question(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window.optimizer, "prompt_drop_pool", lambda what=None: asked.append(1))
    assert window.files.new_level((5, 5)) and window.document.level == Level(5, 5) and not asked


def answer_box(button, seen: list) -> None:
    """Once the modal question is open, note what it says and click ``button`` (a QMessageBox.StandardButton)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox):
        QTimer.singleShot(20, lambda: answer_box(button, seen))
        return
    seen.append((box.windowTitle(), box.text(), [b.text().replace("&", "") for b in box.buttons()]))
    box.button(button).click()


def test_quit_asks_before_it_discards_the_optimizers_proposals(window, qtbot):
    """The real question, as the designer sees it: Cancel keeps the editor and the pool, Discard quits."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    panel = window.optimizer
    window.show()
    panel.run_level = window.document.level
    panel._on_pool([entry(A, 3), entry(B, 2)])
    seen: list = []
    del panel.prompt_drop_pool  # the fixture's automatic Discard: the real box this time
    try:
        QTimer.singleShot(20, lambda: answer_box(QMessageBox.StandardButton.Cancel, seen))
        assert not window.close()
        title, text, buttons = seen[0]
        assert title == "The optimizer's proposals" and sorted(buttons) == ["Cancel", "Discard"]
        assert text.startswith("The optimizer's pool holds 2 proposals for this level; quitting discards them.")
        assert window.isVisible() and panel.pool_view.count() == 2 and len(panel.pool) == 2
        QTimer.singleShot(20, lambda: answer_box(QMessageBox.StandardButton.Discard, seen))
        assert window.close() and not window.isVisible() and len(seen) == 2
    finally:
        panel.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard


def test_start_asks_before_a_new_run_discards_the_pool(window, qtbot):
    """A finished (or paused) run's proposals are the designer's: Start asks first. Cancel keeps the pool and
    starts nothing; Discard runs afresh on the board."""
    from pathlib import Path

    guide = " ".join((Path(__file__).resolve().parents[3] / "docs" / "user-guide.md").read_text(encoding="utf-8").split())
    assert ("While the optimizer's pool holds proposals, another level on the board, Quit and a new **Start** ask "
            "too: whether to *Discard* them (*Cancel* keeps the level, the pool and a run still going)") in guide
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    panel, doc = window.optimizer, window.document
    window.show()
    doc.load(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]))
    panel.settings.iterations.setValue(300)
    panel.start()  # no pool yet: no question
    qtbot.waitUntil(lambda: panel.runner.state == "finished" and not panel.runner.is_busy(), timeout=180_000)
    n = len(panel.pool)
    assert n >= 2
    panel.pool_view.setCurrentRow(1)  # previewing the second
    seen: list = []
    del panel.prompt_drop_pool
    try:
        QTimer.singleShot(20, lambda: answer_box(QMessageBox.StandardButton.Cancel, seen))
        panel.buttons["start"].click()
        title, text, buttons = seen[0]
        assert title == "The optimizer's proposals" and sorted(buttons) == ["Cancel", "Discard"]
        assert text.startswith(f"The optimizer's pool holds {n} proposals for this level; a new run discards them.")
        assert len(panel.pool) == n and panel.pool_view.count() == n and not panel.runner.is_busy()
        assert window.board.previewing and panel.buttons["adopt"].isEnabled()  # nothing moved
        # edited away from the run's level, the question says whose proposals they are
        from linjat_editor.gui.commands import SetNumberCommand

        doc.push(SetNumberCommand(doc, 1, 1, 2))
        QTimer.singleShot(20, lambda: answer_box(QMessageBox.StandardButton.Cancel, seen))
        panel.buttons["start"].click()
        assert seen[1][1].startswith(f"The optimizer's pool holds {n} proposals for the level as it was before your "
                                     "edits; a new run discards them.")
        doc.undo_stack.undo()
        panel.pool_view.setCurrentRow(1)
        assert len(panel.pool) == n and not panel.runner.is_busy()
        QTimer.singleShot(20, lambda: answer_box(QMessageBox.StandardButton.Discard, seen))
        panel.buttons["start"].click()
        assert len(seen) == 3 and panel.pool_view.count() == 0 and panel.runner.is_busy()
        assert not window.board.previewing and panel.run_level == doc.level
        panel.stop()
        qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60_000)
    finally:
        panel.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard


def test_start_without_a_pool_asks_nothing(window, qtbot):
    panel, asked = window.optimizer, []
    window.document.load(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]))
    panel.prompt_drop_pool = lambda what=None: asked.append(what)
    panel.start()
    assert not asked and panel.runner.is_busy()
    panel.stop()
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60_000)


def test_quit_without_proposals_asks_nothing_about_them(window):
    asked = []
    window.optimizer.prompt_drop_pool = lambda what=None: asked.append(what)
    assert window.close() and not asked


def test_cancel_at_the_proposals_question_keeps_the_run_going(window, qtbot):
    from PySide6.QtWidgets import QMessageBox

    opt = window.optimizer
    window.document.load(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]))
    opt.settings.iterations.setValue(opt.settings.iterations.maximum())
    opt.start()
    qtbot.waitUntil(lambda: bool(opt.pool), timeout=120_000)
    asked = []
    opt.prompt_drop_pool = lambda what=None: (asked.append(what), QMessageBox.StandardButton.Cancel)[1]
    assert not window.close() and asked == ["quitting"]
    assert opt.runner.state == "running" and opt.runner.is_busy() and opt.pool
    opt.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
    assert window.close() and not opt.runner.is_busy()

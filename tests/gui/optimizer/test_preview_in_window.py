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

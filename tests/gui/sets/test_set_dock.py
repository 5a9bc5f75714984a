"""The set panel inside the editor window: add the document's level, open one back as a new document."""

from __future__ import annotations

from linjat_editor.core.level import Level
from linjat_editor.gui.sets.set_dock import install_set_panel
from linjat_editor.gui.sets.set_worker import SetChecker


def test_add_and_open_through_the_document(qtbot, window):
    panel = install_set_panel(window)
    panel.analyse = False  # this test is about wiring, not figures
    panel.checker = SetChecker(lambda lv: None)
    panel.add_current()
    assert panel.level_set[0].level.same_board(window.document.level)
    other = Level.from_rows(["2.", "  "], name="other")
    panel.add_level(other, tier="tutorial")
    panel.select(1)
    panel.open_selected()
    assert window.document.level.name == "other"
    assert window.document.path is None and not window.document.modified  # it lives in the set
    assert window.windowTitle().startswith("other \u2014")


def test_window_close_stops_the_set_checks(qtbot, window):
    """Closing the window is the one place every worker stops, the set checker's included."""
    import threading
    import time

    panel = install_set_panel(window)
    checked = []
    started = threading.Event()

    def slow_check(level):
        started.set()
        time.sleep(0.2)
        checked.append(level)

    panel.checker = SetChecker(slow_check)
    panel.checker.request([Level.from_rows([" " * w, "2."+ " " * (w - 2)]) for w in range(2, 12)])
    assert started.wait(5)
    window.show()
    window.document.undo_stack.setClean()
    window.close()
    assert window.work_stopped and panel.checker.worker.pool.activeThreadCount() == 0
    assert len(checked) < 10  # stopped after the level in hand, not at the end of the list


def test_an_unnamed_level_goes_by_one_name_in_the_list_the_history_and_the_title(qtbot, window):
    from PySide6.QtCore import Qt

    panel = install_set_panel(window)
    panel.analyse = False
    panel.checker = SetChecker(lambda lv: None)
    panel.add_level(Level.from_rows(["2.", "  "]), tier="tutorial")
    panel.add_level(Level.from_rows([" 2", ". "]), tier="tutorial")
    assert panel.model.data(panel.model.index(1), Qt.ItemDataRole.DisplayRole).startswith("2. Level 2")
    panel.select(1)
    panel.open_selected()
    assert window.document.origin == "opened Level 2 from the set"  # the History's first line
    assert window.windowTitle().startswith("Level 2")

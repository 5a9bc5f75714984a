"""At 1920x1080 the side docks use the room; the verdict stays in view whichever tab is in front."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea

from linjat_editor.core.level import Level
from linjat_editor.gui.shell.settings import Settings

JIT = 240_000
NINE_BY_SIX = Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "])


def test_side_docks_grow_with_the_window_and_the_optimizer_does_not_scroll_sideways(window, qtbot):
    window.resize(1280, 860)
    with qtbot.waitExposed(window):
        window.show()
    qtbot.wait(50)  # the layout at this size
    narrow = window.analysis_dock.width()
    window.resize(1920, 1080)
    # The docks are rescaled once the layout has run at the new size: wait for that, not a fixed 100 ms.
    qtbot.waitUntil(lambda: window.analysis_dock.width() >= narrow * 1.3, timeout=10_000)
    dock = window.findChild(QDockWidget, "dock-optimizer")
    dock.raise_()
    qtbot.wait(100)
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    assert area.horizontalScrollBar().maximum() == 0
    pool = window.optimizer.pool_view
    assert pool.width() >= 3 * pool.gridSize().width()  # three or more levels side by side


def test_a_window_opened_wide_has_wide_docks(window, qtbot):
    window.resize(1920, 1080)  # before it shows, as a start on a big screen
    window.show()
    qtbot.waitUntil(lambda: window.analysis_dock.width() >= 450, timeout=5_000)
    assert window.board.width() >= 700


def test_the_verdict_is_in_the_status_bar_when_the_optimizer_tab_is_in_front(window, qtbot):
    window.document.load(NINE_BY_SIX)
    window.show()
    qtbot.waitUntil(window.analysis.is_current, timeout=JIT)
    window.findChild(QDockWidget, "dock-optimizer").raise_()
    qtbot.wait(50)
    assert window.analysis.verdict.visibleRegion().isEmpty()  # hidden behind the Optimizer tab
    badge = window.statusBar().findChild(QLabel, "status-verdict")
    assert badge.isVisible() and not badge.visibleRegion().isEmpty()
    assert badge.text() == window.analysis.verdict.text() and badge.text().startswith(("\u2714", "\u2716"))


def test_after_a_restart_with_the_optimizer_in_front_the_verdict_shows(window, qtbot, tmp_path):
    from linjat_editor.gui.shell.main_window import MainWindow

    window.resize(1920, 1080)
    window.show()
    window.findChild(QDockWidget, "dock-optimizer").raise_()
    qtbot.wait(50)
    window.save_settings()
    again = MainWindow(NINE_BY_SIX, settings=Settings(), autosave=False)
    again.files.prompt_unsaved = window.files.prompt_unsaved
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(again.analysis.is_current, timeout=JIT)
    assert again.analysis.verdict.visibleRegion().isEmpty()  # the layout came back with the Optimizer in front
    badge = again.statusBar().findChild(QLabel, "status-verdict")
    assert not badge.visibleRegion().isEmpty() and badge.text() == again.analysis.verdict.text()
    again.analysis.runner.cancel()
    again.analysis.runner.pool.waitForDone(60_000)

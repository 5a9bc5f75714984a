"""The editor's window on a small screen, on a real X server.

``window_fit.py OUT_DIR``: start as a first start does (the default size,
1280x860) and as a second start does (the last session's 1280x860 restored),
then fill the screen as a maximized window does, and look at the dock tabs: the
Level set with a set open, the Optimizer running; the F1 shortcut list and the
guide; then again with the side docks dragged narrow. Screenshots go to OUT_DIR; the last stdout line is a JSON summary
the test checks (the screen, the windows' frames, problems found).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QDockWidget, QMessageBox, QPushButton

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts beside this one (also under pytest's doctests)
from designer_workflow import hidden_controls, wait_for  # noqa: E402


def clipped(window) -> list[str]:
    """Buttons of the raised docks narrower than their text, and docks that scroll sideways."""
    problems = []
    for dock in window.findChildren(QDockWidget):
        if not dock.isVisible() or dock.visibleRegion().isEmpty():
            continue
        for button in dock.widget().findChildren(QPushButton):
            if button.isVisible() and button.width() < button.sizeHint().width() - 1:
                problems.append(f"{dock.windowTitle()}: {button.text()!r} is cut ({button.width()} of "
                                f"{button.sizeHint().width()} px)")
        area = dock.widget()
        if isinstance(area, QAbstractScrollArea) and area.horizontalScrollBar().isVisible():
            problems.append(f"{dock.windowTitle()} scrolls sideways")
    return problems


def look(window, out: Path, name: str) -> list[str]:
    QTest.qWait(300)
    window.grab().save(str(out / f"{name}.png"))
    return [f"{name}: {p}" for p in hidden_controls(window) + clipped(window)]


def main() -> int:
    from linjat_editor.core.level import Level
    from linjat_editor.gui.shell.main_window import MainWindow
    from linjat_editor.gui.shell.settings import Settings
    from linjat_editor.io.level_set import LevelSet

    out = Path(sys.argv[1])
    app = QApplication([])
    screen = app.primaryScreen().availableGeometry()
    problems: list[str] = []
    frames = {}
    first = MainWindow(Level(9, 6), settings=Settings(), autosave=False)  # a first start: no saved size
    first.show()
    QTest.qWaitForWindowExposed(first)
    frames["first start"] = first.frameGeometry()
    problems += look(first, out, "first-start")
    first.resize(1280, 860)  # the last session's window, as the settings keep it (a 1080p screen's default)
    settings = Settings()
    settings.geometry = bytes(first.saveGeometry().toBase64().data()).decode()
    first.close()
    window = MainWindow(Level(9, 6), settings=settings, autosave=False)
    window.show()
    QTest.qWaitForWindowExposed(window)
    wait_for(window.analysis.is_current, "the analysis")
    frames["restored"] = window.frameGeometry()
    problems += [f"{name}: the window {frame.getRect()} is outside the screen {screen.getRect()}"
                 for name, frame in frames.items() if not screen.contains(frame)]
    problems += look(window, out, "restored")
    window.setGeometry(screen)  # as maximized (Xvfb has no window manager to maximize it)
    s = LevelSet(name="campaign")
    for k in range(8):
        s = s.add(Level.from_rows([f"{k + 1}    ", "     "]), tier="tutorial")
    window.set_panel.analyse = False
    window.set_panel.set_level_set(s)
    window.findChild(QDockWidget, "dock-level-set").raise_()
    problems += look(window, out, "level-set")
    window.document.load(Level.from_rows(["2    ", "     ", "  3  ", "     ", "    2"]))
    window.findChild(QDockWidget, "dock-optimizer").raise_()
    # The designer lets each run's proposals go: Start and Quit ask (the real question is tested in
    # test_preview_in_window), and here nobody would answer.
    window.optimizer.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
    window.optimizer.settings.iterations.setValue(10**6)
    window.optimizer.start()
    wait_for(lambda: "it/s" in window.optimizer.rate.text(), "the optimizer's first report")
    problems += look(window, out, "optimizer-running")
    window.optimizer.stop()
    window.findChild(QDockWidget, "dock-analysis").raise_()
    problems += look(window, out, "analysis")
    # Help ▸ Keyboard shortcuts lists some fifty rows: on this screen the list scrolls, its Close in reach.
    window.acts.shortcuts.trigger()
    shortcuts = QApplication.activeModalWidget()
    QTest.qWaitForWindowExposed(shortcuts)
    QTest.qWait(300)
    frames["shortcuts"] = shortcuts.frameGeometry()
    for button in shortcuts.findChildren(QPushButton):
        at = button.mapToGlobal(button.rect().bottomRight())
        if not (button.isVisible() and screen.contains(at)):
            problems.append(f"shortcuts: {button.text()!r} is out of reach at {at.toTuple()}")
    shortcuts.grab().save(str(out / "shortcuts.png"))
    shortcuts.reject()
    # Help > User guide: with a window manager's title bar on top, it must still end above the screen's edge.
    from linjat_editor.gui.dialogs.user_guide import UserGuide
    from linjat_editor.gui.screen_room import TITLE_BAR_ALLOWANCE

    window.acts.guide.trigger()
    guide = window.findChild(UserGuide)
    QTest.qWaitForWindowExposed(guide)
    frames["guide"] = guide.frameGeometry()
    if guide.frameGeometry().height() + TITLE_BAR_ALLOWANCE > screen.height():
        problems.append(f"guide: {guide.frameGeometry().height()} px tall, no room for a title bar above it")
    guide.close()
    # The side docks dragged as narrow as they go: the panels reflow rather than cut their buttons.
    left, right = (window.findChild(QDockWidget, name) for name in ("dock-level-set", "dock-optimizer"))
    window.resizeDocks([left, right], [1, 1], Qt.Orientation.Horizontal)
    left.raise_()
    right.raise_()
    window.optimizer.start()
    wait_for(lambda: "it/s" in window.optimizer.rate.text(), "the optimizer's first report")
    problems += look(window, out, "narrow-docks")
    window.optimizer.stop()
    print(json.dumps({"screen": screen.getRect(), "frames": {k: f.getRect() for k, f in frames.items()},
                      "problems": problems}))
    window.document.undo_stack.setClean()
    window.set_panel.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

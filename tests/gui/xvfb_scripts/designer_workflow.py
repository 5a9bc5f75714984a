"""A designer's first hour, scripted, on a real X server.

``designer_workflow.py WIDTHxHEIGHT OUT_DIR``: new 9x6 level, numbers typed on
the board, Fill, the verdict, steps, the optimizer (preview, adopt, undo),
playtest to solved with mouse drags, add to a set, export puzzles.json and
PDF, save the set and the level, start the optimizer again and quit (discarding its proposals when asked). Screenshots go to OUT_DIR; the
last stdout line is a JSON summary the test checks (files, problems found).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QApplication, QComboBox, QDockWidget,
                               QFileDialog)

NUMBERS = [(0, 5, 5), (2, 0, 2), (2, 1, 5), (3, 0, 2), (3, 3, 4), (4, 4, 3), (5, 0, 5)]  # published easy #2
TIMEOUT = 600.0  # on a first start the engine runs as Python while it compiles; shared CI machines are slow


def wait_for(condition, what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        QTest.qWait(20)


def hidden_controls(window) -> list[str]:
    """Controls of the raised docks that are cut off or outside the window (a designer cannot reach them)."""
    problems = []
    frame = window.rect()
    for dock in window.findChildren(QDockWidget):
        if not dock.isVisible() or dock.visibleRegion().isEmpty():
            continue  # a tab behind another: checked when it is raised
        controls = [c for kind in (QAbstractButton, QComboBox, QAbstractSpinBox) for c in dock.widget().findChildren(kind)]
        for control in controls:
            if not control.isVisibleTo(dock) or not control.isVisible():
                continue
            box = QRect(control.mapTo(window, QPoint(0, 0)), control.size())
            shown = control.visibleRegion().boundingRect()
            name = f"{dock.windowTitle()}: {control.text() if hasattr(control, 'text') else type(control).__name__}"
            if not frame.contains(box):
                problems.append(f"{name} lies outside the window {box}")
            elif shown.width() < control.width() - 1 or shown.height() < control.height() - 1:
                problems.append(f"{name} is cut off (shows {shown.width()}x{shown.height()} of "
                                f"{control.width()}x{control.height()})")
    return problems


def main() -> int:
    from linjat_editor.core.ready import background_compile
    from linjat_editor.gui.shell import launch as editor_app
    from linjat_editor.gui.shell.main_window import MainWindow

    background_compile.start = lambda: False  # never a detached compile from a test: a first start compiles here

    size, out = sys.argv[1], Path(sys.argv[2])
    width, height = (int(x) for x in size.split("x"))
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication([sys.argv[0]])
    summary: dict = {"problems": [], "shots": []}
    window = MainWindow()
    window.show_info = lambda title, text: summary.setdefault("infos", []).append([title, text])
    window.resize(width, height)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.warm_up_engine()  # nothing waits for it: a designer starts at once

    def shot(name: str, raise_dock: str | None = None) -> None:
        if raise_dock:
            window.findChild(QDockWidget, raise_dock).raise_()
        QTest.qWait(60)
        path = out / f"{size}-{name}.png"
        window.grab().save(str(path))
        summary["shots"].append(str(path))
        summary["problems"] += [f"[{name}] {p}" for p in hidden_controls(window)]

    # A new 9x6 level, numbers typed on the board.
    assert window.files.new_level((9, 6))
    board = window.board
    board.setFocus()
    for r, c, v in NUMBERS:
        QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_center(r, c).toPoint())
        QTest.keyClick(board, str(v))
    window.generator.seed = 1
    window.acts.fill.trigger()
    wait_for(lambda: bool(window.document.level.dots) and not window.generator.busy, "Fill dots")
    wait_for(window.analysis.is_current, "the analysis")
    summary["verdict"] = window.analysis.verdict.text()
    summary["facts"] = window.analysis.facts.text()
    shot("1-filled-analysis", "dock-analysis")

    # Step through the solver's rounds.
    for _ in range(3):
        window.acts.next_step.trigger()
    shot("2-steps", "dock-steps")

    # The optimizer: a short run, preview a pool level, adopt, undo.
    opt = window.optimizer
    window.findChild(QDockWidget, "dock-optimizer").raise_()
    opt.settings.iterations.setValue(300)
    opt.buttons["start"].click()
    wait_for(lambda: opt.runner.state in ("finished", "stopped") and opt.pool, "the optimizer")
    opt.pool_view.setCurrentRow(min(1, len(opt.pool) - 1))
    summary["previewing"] = board.previewing
    shot("3-optimizer-preview", "dock-optimizer")
    before = window.document.level
    opt.buttons["adopt"].click()
    summary["adopted"] = window.document.level != before and not board.previewing
    window.document.undo_stack.undo()
    summary["undone"] = window.document.level == before and not board.previewing

    # Playtest to solved, with the mouse, like a player.
    window.acts.playtest.trigger()
    QTest.qWait(60)
    play = window.play
    wait_for(window.analysis.is_current, "the analysis of the level to play")
    solution = window.analysis.result.lines  # the solved lines of the analysis report
    pboard = play.board
    g = pboard.geometry_()
    for n in window.document.level.numbers:
        line = next(ln for ln in solution if min(ln[0], ln[2]) <= n.row <= max(ln[0], ln[2])
                    and min(ln[1], ln[3]) <= n.col <= max(ln[1], ln[3]))
        for end in ((line[2], line[3]), (line[0], line[1])):  # one drag to each end
            if end == (n.row, n.col):
                continue
            start = g.center(n.row, n.col).toPoint()
            QTest.mousePress(pboard, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
            QTest.mouseMove(pboard, g.center(*end).toPoint())
            QTest.mouseRelease(pboard, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                               g.center(*end).toPoint())
    play.done_button.click()
    summary["play_status"] = play.status.text()
    shot("4-playtest-solved", "dock-play")

    # Add to a set; export puzzles.json and PDF through the export dialog's path; save the level.
    sets = window.set_panel
    sets.add_current()
    wait_for(lambda: not sets.checker.busy, "the set checks")
    shot("5-set", "dock-level-set")
    from linjat_editor.gui.dialogs.sheet_options import SheetOptionsDialog

    SheetOptionsDialog.exec = lambda self: 1  # OK on the sheet options as they open
    for name, chosen in (("puzzles", "puzzles.json (*.json)"), ("sheets", "PDF sheets (*.pdf)")):
        QFileDialog.getSaveFileName = staticmethod(lambda *a, _n=name, _c=chosen, **k: (str(out / _n), _c))
        sets.export_dialog()
    summary["exports"] = [str(out / "puzzles.json"), str(out / "sheets.pdf")]
    wait_for(lambda: all(Path(p).exists() for p in summary["exports"]), "the exports (written on workers)")
    QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: (str(out / "levels.json"), ""))
    summary["set_saved"] = sets.save_dialog()  # Quit would otherwise ask about the set's unsaved change
    level_path = out / "level.json"
    summary["saved"] = window.files.save_as(level_path)
    summary["level"] = str(level_path)

    # Quit with the optimizer running. The first run's pool is still there: Start asks before a new run
    # discards it, in the real question; the designer discards it.
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    def answer(key: str) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            summary[key] = box.text()
            box.grab().save(str(out / f"{key.replace('_', '-')}.png"))  # the question as the designer sees it
            box.button(QMessageBox.StandardButton.Discard).click()
        else:
            QTimer.singleShot(50, lambda: answer(key))

    window.findChild(QDockWidget, "dock-optimizer").raise_()
    opt.settings.iterations.setValue(opt.settings.iterations.maximum())
    QTimer.singleShot(50, lambda: answer("start_asked"))
    opt.buttons["start"].click()
    wait_for(lambda: opt.runner.done > 0 and opt.pool, "the second optimizer run's first proposals")
    shot("6-optimizer-running", "dock-optimizer")
    # Quit: the real question about the pool's proposals opens inside close; read it and discard them.
    QTimer.singleShot(50, lambda: answer("quit_asked"))
    summary["closed"] = window.close()
    print(json.dumps(summary), flush=True)
    return editor_app.finish(app.exec() if window.isVisible() else 0)


if __name__ == "__main__":
    sys.exit(main())

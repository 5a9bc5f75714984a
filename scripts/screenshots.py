"""The user guide's screenshots, made by a scripted designer session: ``make screenshots``.

``python scripts/screenshots.py OUT_DIR [--size 1280x860]`` runs the editor
(offscreen, or on the X display of $DISPLAY when QT_QPA_PLATFORM=xcb), does
each task of docs/user-guide.md in turn and writes one PNG per task into
OUT_DIR, plus ``editor.png`` (the whole window, for the README). Dialogs are
drawn over the window where they would open. Settings and autosaves go to a
temporary folder, never the user's. Re-run it whenever the window changes.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = [(0, 5, 5), (2, 0, 2), (2, 1, 5), (3, 0, 2), (3, 3, 4), (4, 4, 3), (5, 0, 5)]  # published easy #2
TIMEOUT = 900.0  # an empty kernel cache compiles the engine first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1280x860")
    args = parser.parse_args()
    faulthandler.dump_traceback_later(300, repeat=True)  # a stuck session says where, every five minutes
    scratch = Path(tempfile.mkdtemp(prefix="linjat-shots-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["LINJAT_EDITOR_CONFIG_DIR"] = str(scratch / "config")
    os.environ["LINJAT_EDITOR_DATA_DIR"] = str(scratch / "data")
    sys.path.insert(0, str(ROOT))
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    return Session(args.out, width, height, scratch).run()


class Session:
    def __init__(self, out: Path, width: int, height: int, scratch: Path) -> None:
        from PySide6.QtWidgets import QApplication

        self.app = QApplication([sys.argv[0]])
        self.out, self.size, self.scratch = out, (width, height), scratch
        self.window = self.new_window()

    # -- helpers ---------------------------------------------------------------------

    def new_window(self):  # noqa: ANN201
        from PySide6.QtTest import QTest

        from linjat_editor.gui.shell.main_window import MainWindow

        window = MainWindow()
        window.show_info = lambda title, text: window.statusBar().showMessage(f"{title}: {text}", 8000)
        window.resize(*self.size)
        window.show()
        QTest.qWaitForWindowExposed(window)
        return window

    def wait(self, condition: Callable[[], bool], what: str) -> None:
        from PySide6.QtTest import QTest

        print(f"waiting for {what}", file=sys.stderr, flush=True)
        deadline = time.monotonic() + TIMEOUT
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit(f"screenshots: timed out waiting for {what}")
            QTest.qWait(20)

    def analysed(self) -> None:
        w = self.window
        self.wait(lambda: w.analysis.is_current() and not w.generator.busy, "the analysis")

    def raise_dock(self, name: str) -> None:
        from PySide6.QtWidgets import QDockWidget

        dock = self.window.findChild(QDockWidget, name)
        dock.show()
        dock.raise_()

    def shot(self, name: str, dialog=None) -> None:  # noqa: ANN001
        """The window as it looks now; with ``dialog``, that dialog drawn centred over it."""
        from PySide6.QtGui import QColor, QPainter, QPen
        from PySide6.QtTest import QTest

        QTest.qWait(120)
        picture = self.window.grab()
        if dialog is not None:
            face = dialog.grab()
            p = QPainter(picture)
            x = (picture.width() - face.width()) // 2
            y = max(40, (picture.height() - face.height()) // 3)
            p.drawPixmap(x, y, face)
            p.setPen(QPen(QColor("#555555"), 1))
            p.drawRect(x - 1, y - 1, face.width() + 1, face.height() + 1)
            p.end()
        path = self.out / f"{name}.png"
        picture.save(str(path))
        print(path, flush=True)

    def with_modal(self, name: str, open_it: Callable[[], object], answer: Callable[[object], None]) -> None:
        """Open a modal box, photograph it over the window, then answer it."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        def grab() -> None:
            box = QApplication.activeModalWidget()
            if box is None:
                QTimer.singleShot(50, grab)
                return
            self.shot(name, box)
            answer(box)

        QTimer.singleShot(200, grab)
        open_it()

    # -- the session, one task a picture ---------------------------------------------

    def run(self) -> int:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        w = self.window
        w.warm_up_engine()
        self.wait(lambda: w.engine_ready, "the engine")

        # A new level.
        w.files.new_level((9, 6))
        self.analysed()
        self.raise_dock("dock-analysis")
        self.shot("01-new-level")

        # Numbers and dots, typed on the board.
        board = w.board
        board.setFocus()
        for r, c, v in NUMBERS:
            QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_center(r, c).toPoint())
            QTest.keyClick(board, str(v))
        QTest.mouseClick(board, Qt.MouseButton.RightButton, pos=board.cell_center(0, 0).toPoint())
        self.analysed()
        self.shot("02-numbers-and-dots")

        # Fill.
        w.generator.seed = 1
        w.acts.fill.trigger()
        self.wait(lambda: not w.generator.busy and len(w.document.level.dots) > 1, "Fill dots")
        self.analysed()
        self.shot("03-fill")
        filled = w.document.level

        # The verdict and leaks: a level with a uniqueness leak, the leak selected.
        from linjat_editor.io import read_level

        w.document.load(read_level(ROOT / "resources" / "screenshots" / "leaky.json"))
        self.analysed()
        w.analysis.leaks.setCurrentRow(0)
        self.shot("04-verdict-and-leaks")

        # Stepping through the solve.
        w.document.load(filled)
        self.analysed()
        for _ in range(3):
            w.acts.next_step.trigger()
        self.shot("05-steps")

        # The optimizer and its settings: a short run.
        opt = w.optimizer
        self.raise_dock("dock-optimizer")
        opt.settings.iterations.setValue(2000)
        opt.settings.seed.setValue(7)  # the same pool every time the pictures are made:
        opt.settings.cores.setValue(2)  # on two cores, as on the machine that made them (a seed's run is per core count)
        opt.buttons["start"].click()
        self.wait(lambda: opt.runner.state in ("finished", "stopped") and bool(opt.pool), "the optimizer")
        self.shot("06-optimizer")

        # Preview and Adopt.
        opt.pool_view.setCurrentRow(min(1, len(opt.pool) - 1))
        self.shot("07-preview")
        opt.buttons["adopt"].click()
        self.analysed()

        # Playtesting, to solved.
        self.playtest()
        self.shot("08-playtest")

        # Sets and the difficulty curve: the starter set, the adopted level added.
        from linjat_editor.gui.shell.first_start import starter_set_path
        from linjat_editor.io import read_set

        sets = w.set_panel
        starter = starter_set_path()
        if starter is not None:
            sets.set_level_set(read_set(starter), None)
        sets.add_current()
        self.wait(lambda: not sets.checker.busy, "the set checks")
        self.raise_dock("dock-level-set")
        self.raise_dock("dock-analysis")
        self.shot("09-sets")

        # Batch generation: the dialog, before Generate.
        sets.generate_dialog()
        QTest.qWait(100)
        self.shot("10-batch", sets._batch_dialog)
        sets._batch_dialog.reject()

        # Export: the set as printable PDF sheets; the sheet options photographed, solutions asked for.
        from PySide6.QtWidgets import QFileDialog

        target = self.scratch / "levels"
        QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: (str(target), "PDF sheets (*.pdf)"))
        chosen: dict = {}

        def answer(box) -> None:  # noqa: ANN001
            box.solutions.setChecked(True)
            chosen.update(box.options())
            box.accept()

        self.with_modal("11-export", sets.export_dialog, answer)
        sheet_pictures(sets.with_analysis(), self.out, chosen)

        # Shortcuts (F1).
        self.with_modal("13-shortcuts", w.acts.shortcuts.trigger, lambda box: box.accept())

        # The whole window, for the README: the filled level with its verdict, the set beside it.
        w.document.load(filled)
        self.analysed()
        w.steps.set_position(0)
        self.raise_dock("dock-analysis")
        self.shot("editor")

        # Autosave and recovery: an editor "crashes" with unsaved edits; the next start offers them back.
        self.recovery()
        return 0

    def playtest(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        w = self.window
        w.acts.playtest.trigger()
        self.analysed()
        play, lines = w.play, w.analysis.result.lines
        g = play.board.geometry_()
        for n in w.document.level.numbers:
            line = next(ln for ln in lines if min(ln[0], ln[2]) <= n.row <= max(ln[0], ln[2])
                        and min(ln[1], ln[3]) <= n.col <= max(ln[1], ln[3]))
            for end in ((line[2], line[3]), (line[0], line[1])):
                if end == (n.row, n.col):
                    continue
                start, stop = g.center(n.row, n.col).toPoint(), g.center(*end).toPoint()
                QTest.mousePress(play.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
                QTest.mouseMove(play.board, stop)
                QTest.mouseRelease(play.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, stop)
        play.done_button.click()

    def recovery(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from linjat_editor.gui.shell.launch import offer_recovery
        from linjat_editor.gui.commands import SetNumberCommand

        w = self.window
        w.document.push(SetNumberCommand(w.document, 8, 5, 3))
        assert w.autosaver is not None and w.autosaver.save_now()
        w.autosaver._lock.unlock()  # as if this editor had crashed: its autosave is free for the next one
        w.autosaver = None
        discard_on_close(w)
        w.close()
        self.window = self.new_window()
        self.with_modal("12-recovery", lambda: offer_recovery(self.window),
                        lambda box: box.button(QMessageBox.StandardButton.Yes).click())
        discard_on_close(self.window)
        self.window.close()


def discard_on_close(window) -> None:  # noqa: ANN001
    """Answer Discard for the level, the set and the optimizer's proposals when the window closes: no one is
    there to click."""
    from PySide6.QtWidgets import QMessageBox

    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_panel.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.optimizer.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard


def sheet_pictures(level_set, out: Path, options: dict) -> None:  # noqa: ANN001
    """The printed sheets as the PDF lays them out: its first page and its first solutions page."""
    from linjat_editor.render.sheets import png_bytes, render_images, sheet_pages

    pages = sheet_pages(level_set, **options)
    solutions = next((i for i, page in enumerate(pages) if page.boards and page.boards[0].solution), None)
    picked = [(0, "11-sheets-first-page")] + ([(solutions, "11-sheets-solutions")] if solutions is not None else [])
    images = render_images([pages[i] for i, _ in picked], dpi=96)
    for image, (_, name) in zip(images, picked):
        path = out / f"{name}.png"
        path.write_bytes(png_bytes(image))
        print(path, flush=True)


if __name__ == "__main__":
    sys.exit(main())

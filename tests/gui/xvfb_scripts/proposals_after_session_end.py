"""The optimizer's proposals across a session end, as a designer lives it, on a real X server.

``proposals_after_session_end.py first LEVEL``: the editor opens LEVEL, runs the
optimizer until its pool holds levels, prints them (``pool [...]``), then gets
SIGTERM as a session end sends it. ``proposals_after_session_end.py next``: the
next start; it answers the real recovery box Yes, previews the second proposal,
adopts it, and prints a JSON summary (the box's text, the pool, the board)
before it quits, discarding what it has.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel
    from linjat_editor.gui.shell import launch as editor_app
    from linjat_editor.gui.shell.main_window import MainWindow

    phase = sys.argv[1]
    qapp = QApplication([sys.argv[0]])
    state: dict = {"step": "start", "t": time.monotonic()}

    def rows(levels) -> list:
        return [[e.level.rows(), e.score] for e in levels]

    def tick() -> None:
        if time.monotonic() - state["t"] > 240:
            print(f"stuck at step {state['step']}", file=sys.stderr, flush=True)
            os._exit(3)
        box = QApplication.activeModalWidget()
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        if phase == "first":
            if not windows:
                return
            opt = windows[0].findChild(OptimizerPanel)
            if state["step"] == "start":
                opt.settings.iterations.setValue(opt.settings.iterations.maximum())
                opt.start()
                state["step"] = "running"
            elif state["step"] == "running" and len(opt.pool) >= 3 and opt.runner.done > 1000:
                keep = windows[0].autosaver.keep

                def kept() -> None:  # the pool as the session's end writes it
                    print("pool " + json.dumps(rows(opt.pool)), flush=True)
                    keep()

                windows[0].autosaver.keep = kept
                state["step"] = "ended"
                os.kill(os.getpid(), signal.SIGTERM)
            return
        if state["step"] == "start" and isinstance(box, QMessageBox):
            state["asked"] = box.text()
            box.button(QMessageBox.StandardButton.Yes).click()  # the real box, its own event loop
            state["step"] = "answered"
        elif state["step"] == "answered" and windows and box is None:
            w = windows[0]
            opt = w.findChild(OptimizerPanel)
            opt.pool_view.setCurrentRow(1)
            summary = {"asked": state.get("asked"), "pool": rows(opt.pool), "info": opt.info.text(),
                       "previewing": w.board.previewing and w.board.level.same_board(opt.pool[1].level),
                       "adopt_enabled": opt.buttons["adopt"].isEnabled(), "path": str(w.document.path or ""),
                       "modified": w.document.modified}
            opt.buttons["adopt"].click()
            summary["adopted"] = w.document.level.same_board(opt.pool[1].level)
            print(json.dumps(summary), flush=True)
            state["step"] = "quitting"
            w.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
            opt.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
            QTimer.singleShot(0, w.close)

    QTimer(qapp, interval=50, timeout=tick).start()
    return editor_app.main(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())

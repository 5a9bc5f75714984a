"""Run the editor as a designer starts it (``app.main``), on a real X server, and quit it while the optimizer runs.

``quit_while_optimizing.py LEVEL ANSWER``: edits the level, starts a long optimizer
run, closes the window once answering "Cancel" (everything must keep running),
then again answering ANSWER (Save or Discard) in the real modal box, and Discard
to the optimizer's proposals if it asks about them. Prints
``closing-at <time>`` just before the final close; the test checks the exit.
"""

from __future__ import annotations

import os
import sys
import time


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from linjat_editor.gui.shell import launch as editor_app
    from linjat_editor.gui.commands import SetNumberCommand
    from linjat_editor.gui.shell.main_window import MainWindow
    from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel

    level_file, answer = sys.argv[1], sys.argv[2]
    qapp = QApplication([sys.argv[0]])
    state = {"step": "start", "t": time.monotonic()}

    def window() -> MainWindow | None:
        found = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        return found[0] if found else None

    def press(name: str) -> bool:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            return False
        box.button(getattr(QMessageBox.StandardButton, name)).click()
        return True

    def tick() -> None:
        w, step = window(), state["step"]
        if time.monotonic() - state["t"] > (20 if step == "answered" else 240):
            shown = [f"{type(t).__name__}:{t.windowTitle()}" for t in QApplication.topLevelWidgets() if t.isVisible()]
            print(f"stuck at step {step}; windows still shown: {shown}", file=sys.stderr, flush=True)
            os._exit(3)
        if w is None or not w.isVisible():
            return
        opt = w.findChild(OptimizerPanel)
        if step == "start":
            w.document.push(SetNumberCommand(w.document, 0, 0, 2))  # now there is something to lose
            opt.settings.iterations.setValue(opt.settings.iterations.maximum())
            opt.start()
            state["step"] = "running"
        elif step == "running" and opt.runner.done > 0:
            state["step"] = "cancel"
            QTimer.singleShot(0, w.close)  # the real question box opens inside close
        elif step == "cancel" and press("Cancel"):
            state["step"] = "check-cancel"
        elif step == "check-cancel":
            if not (w.isVisible() and opt.runner.state == "running"):
                print("Cancel did not keep the editor and the optimizer running", file=sys.stderr, flush=True)
                os._exit(4)
            state["step"] = "answer"
            print(f"closing-at {time.time()}", flush=True)
            QTimer.singleShot(0, w.close)
        elif step == "answer" and press(answer):
            state["step"] = "answered"
            state["t"] = time.monotonic()
        elif step == "answered":
            press("Discard")  # the pool's proposals, if the run had made some: asked about after the level

    timer = QTimer(qapp, interval=50, timeout=tick)
    timer.start()
    return editor_app.main([level_file])


if __name__ == "__main__":
    sys.exit(main())

"""Item: quitting with the optimizer running must end the process cleanly, on a real X server.

Under Xvfb the real "Unsaved changes" box runs its own event loop; the editor
used to abort there (``QThread: Destroyed while thread still running``).
"""

from __future__ import annotations

import time

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import read_level, write_level


@pytest.mark.parametrize("answer", ["Discard", "Save"])
def test_quit_with_the_optimizer_running_exits_0_within_a_second(run_on_x, tmp_path, answer):
    path = tmp_path / "level.json"
    write_level(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]), path)
    done = run_on_x("quit_while_optimizing.py", str(path), answer, timeout=300)
    ended = time.time()
    assert done.returncode == 0, done.stderr[-2000:]
    assert "QThread" not in done.stderr
    closing = [float(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("closing-at")]
    assert closing, done.stdout + done.stderr[-2000:]
    # From the final close to the process gone, interpreter teardown included.
    assert ended - closing[0] < 3.0
    assert read_level(path).number_at(0, 0).value == (2 if answer == "Save" else 3)


def test_closing_the_window_stops_every_worker_at_once(window, qtbot):
    """The close itself stops the optimizer and the rest (not a timer after it)."""
    from linjat_editor.gui import workers

    opt = window.optimizer
    opt.settings.iterations.setValue(opt.settings.iterations.maximum())
    opt.start()
    qtbot.waitUntil(lambda: opt.runner.done > 0, timeout=120_000)
    assert window.close()
    assert window.work_stopped and opt.runner not in workers.running()
    assert not opt.runner.is_busy()
    qtbot.waitUntil(lambda: opt.runner.state == "stopped", timeout=1000)  # the ended run's report arrives


def test_cancel_at_the_save_question_keeps_everything_running(window, qtbot):
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.gui.commands import SetNumberCommand

    opt = window.optimizer
    opt.settings.iterations.setValue(opt.settings.iterations.maximum())
    opt.start()
    qtbot.waitUntil(lambda: opt.runner.done > 0, timeout=120_000)
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Cancel
    assert not window.close()
    assert opt.runner.state == "running" and opt.runner.is_busy()
    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    assert window.close()
    assert not opt.runner.is_busy()

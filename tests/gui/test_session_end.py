"""The session ends (SIGTERM, logout): the editor writes its autosave now and quits cleanly.

A real editor process (``app.main``, offscreen) with an unsaved edit and the
optimizer running gets SIGTERM: it must exit 0 within seconds, its workers
stopped, and leave an autosave of the edit, and of the optimizer's pool as it
was, that the next start offers. Once with the "Unsaved changes" question open:
nobody is there to answer it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import write_level

#: The child: edit the level, start a long optimizer run, say "ready" once it has a pool; report the workers left
#: at quit, and the pool as the session's end autosaved it.
SCRIPT = r"""
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from linjat_editor.gui import workers
from linjat_editor.gui.shell import launch as editor_app
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.shell.main_window import MainWindow
from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel

qapp = QApplication([sys.argv[0]])
state = {"step": "start"}

def tick():
    found = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
    if not found or state["step"] == "ready":
        return
    w = found[0]
    opt = w.findChild(OptimizerPanel)
    if state["step"] == "start":
        w.document.push(SetNumberCommand(w.document, 0, 0, 2))
        opt.settings.iterations.setValue(opt.settings.iterations.maximum())
        opt.start()
        state["step"] = "optimizing"
    elif state["step"] == "optimizing" and opt.runner.done > 0 and opt.pool:
        keep = w.autosaver.keep
        def kept():
            print("pool", json.dumps([[e.level.rows(), e.score] for e in opt.pool]), flush=True)
            keep()
        w.autosaver.keep = kept
        if sys.argv[2] == "asking":
            QTimer.singleShot(0, w.close)  # the real "Unsaved changes" question opens inside close
        state["step"] = "ready"
        QTimer.singleShot(300, lambda: print("ready", flush=True))

# The close asked every worker to stop; a kernel chunk in flight may take a moment on a loaded machine.
qapp.aboutToQuit.connect(lambda: print("workers-stopped", workers.stop_all(30_000), flush=True))
QTimer(qapp, interval=50, timeout=tick).start()
sys.exit(editor_app.main([sys.argv[1]]))
"""


@pytest.mark.parametrize("when", ["editing", "asking"])
def test_sigterm_writes_the_autosave_and_exits_0(tmp_path: Path, when: str) -> None:
    from linjat_editor.gui.shell.recovery import scan_recovery

    path = tmp_path / "level.json"
    write_level(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]), path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LINJAT_EDITOR_DATA_DIR": str(tmp_path / "data"),
           "LINJAT_EDITOR_CONFIG_DIR": str(tmp_path / "config")}
    child = subprocess.Popen([sys.executable, "-c", SCRIPT, str(path), when], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()  # the engine may compile first: no timeout on this wait but the child's
        assert line.strip() == "ready", line + child.stderr.read() if child.stderr else line
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, err[-2000:]
    assert "workers-stopped True" in out, out + err[-2000:]
    assert "QThread" not in err and "Traceback" not in err, err[-2000:]
    scan = scan_recovery(tmp_path / "data" / "recovery")
    assert len(scan.found) == 1 and not scan.notices, (scan.found, scan.notices)
    found = scan.found[0]
    assert found.original == path and found.level.number_at(0, 0).value == 2  # the edit, not the file
    pool = json.loads(next(line for line in out.splitlines() if line.startswith("pool "))[5:])
    assert found.proposals is not None and found.proposals_file == path
    assert found.proposals.run.same_board(found.level)  # the run was started on the edited level
    assert [[p.level.rows(), p.score] for p in found.proposals.proposals] == pool and pool
    found.release()


def test_proposals_come_back_after_a_session_end_on_a_real_x_server(run_on_x, tmp_path: Path) -> None:
    """Two editor processes as a designer has them: the first ends with the session during a run; the next start
    asks in the real box, puts the pool back on the level's file, and a proposal previews and adopts."""
    path = tmp_path / "level.json"
    write_level(Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]), path)
    first = run_on_x("proposals_after_session_end.py", "first", str(path), timeout=300)
    assert first.returncode == 0, first.stderr[-2000:]
    pool = json.loads(next(line for line in first.stdout.splitlines() if line.startswith("pool "))[5:])
    following = run_on_x("proposals_after_session_end.py", "next", timeout=300)
    assert following.returncode == 0, following.stderr[-2000:]
    summary = json.loads(following.stdout.strip().splitlines()[-1])
    assert summary["asked"].startswith(f"An editor closed with {len(pool)} optimizer proposals for level.json ")
    assert summary["pool"] == pool and len(pool) >= 3
    assert summary["path"] == str(path) and not summary["modified"]  # the file itself: it still holds the run's level
    assert summary["previewing"] and summary["adopt_enabled"] and summary["adopted"]
    assert summary["info"].startswith(f"{len(pool)} proposals recovered from an editor that closed")

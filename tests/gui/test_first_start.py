"""A first start as a designer meets it: an editor in a fresh process with an empty kernel cache.

Each test runs the editor in a child process (offscreen), because in this
process earlier tests have loaded the compiled kernels, and a loaded kernel
never runs as Python. The child prints what the window showed as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The editor on a first start: records every compile numba starts and every kernel run as Python.
SCRIPT = textwrap.dedent("""
    import json, sys, threading
    from numba.core.dispatcher import Dispatcher
    from linjat_editor.core.ready import background_compile
    from linjat_editor.core.jit import tier

    said = {"compiled_in": [], "as_python": []}
    compile_for_args, entry = Dispatcher._compile_for_args, tier.entry

    def compiling(self, *args, **kws):
        said["compiled_in"].append(threading.current_thread().name)
        return compile_for_args(self, *args, **kws)

    def as_python(dispatcher):
        said["as_python"].append(dispatcher.py_func.__name__)
        return entry(dispatcher)

    Dispatcher._compile_for_args, tier.entry = compiling, as_python
    if sys.argv[1] == "fake":  # a background compile that runs and never finishes; nothing is spawned
        background_compile.start = lambda: True
        background_compile.running = lambda: True

    from PySide6.QtWidgets import QApplication
    from linjat_editor.core.level import Level
    from linjat_editor.gui import workers
    from linjat_editor.gui.shell.launch import _wait_for
    from linjat_editor.gui.shell.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    window = MainWindow(Level.from_rows(["    ", "    ", ".3. ", "    "]), autosave=False)
    window.show()
    window.warm_up_engine()
    a = window.acts
    engine_actions = [a.fill, a.fill_again, a.polish, a.fix_leaks, *a.random, window.optimizer.buttons["start"]]
    said.update(enabled=all(act.isEnabled() for act in engine_actions), status=window.statusBar().currentMessage(),
                bar=window.busy_bar.isVisible())
    said["analysed"] = _wait_for(window.analysis.is_current, 120)
    said.update(verdict=window.analysis.verdict.text(), tier_on=tier.interpreting(), engine_ready=window.engine_ready)
    window.close()
    said.update(stopped=window.work_stopped, running=workers.running(), tier_after=tier.interpreting())
    print(json.dumps(said), flush=True)
""")


def _run_editor(tmp_path: Path, mode: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    cache = tmp_path / "cache"  # empty: a first start
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(cache),
               LINJAT_EDITOR_CONFIG_DIR=str(tmp_path / "config"), LINJAT_EDITOR_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    return done, cache


def test_a_first_start_analyses_at_once_as_python_and_compiles_nothing_in_the_editor(tmp_path):
    done, cache = _run_editor(tmp_path, "fake")
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["enabled"] and said["bar"]
    assert said["status"] == "First start: compiling the engine in the background; everything works meanwhile, slower"
    assert said["analysed"] and "unique" in said["verdict"] and not said["engine_ready"]
    assert said["tier_on"] and said["as_python"]  # the analysis ran the kernels' Python...
    assert said["compiled_in"] == []  # ...and compiled none of them, in any thread
    assert not [p for p in cache.rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert said["stopped"] and not said["running"] and not said["tier_after"]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_first_start_leaves_the_background_compile_running_when_the_editor_closes(tmp_path, background_compile_in):
    """The real background compile: the editor exits 0 at once; the compile goes on for the next start."""
    done, cache = _run_editor(tmp_path, "real")
    pid = background_compile_in(cache)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["enabled"] and said["analysed"] and "unique" in said["verdict"]
    assert said["compiled_in"] == [] and said["stopped"] and not said["running"]
    assert pid is not None and _alive(pid)

"""The editor never refuses to start and never loses edits.

Damaged settings and autosaves are set aside and reported once; a level the
file format cannot hold is refused at open, and a save that fails keeps the
window and the edits; two editors never touch each other's autosaves; an
unusable data folder costs the autosave, not the editor.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from linjat_editor import io as lio
from linjat_editor.core.level import Level
from linjat_editor.gui.shell import launch as app_module
from linjat_editor.gui.commands import SetNumberCommand
from linjat_editor.gui.shell.main_window import MainWindow
from linjat_editor.gui.shell.recovery import LEVEL_FILE, META_FILE, find_recovery, scan_recovery
from linjat_editor.gui.shell.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
ROWS = ["    ", "    ", ".3. ", "    "]


def _broken(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".broken-" in p.name)


def _quiet(window: MainWindow) -> MainWindow:
    """Record messages instead of opening modal boxes (as the ``window`` fixture does)."""
    window.errors, window.infos = [], []
    window.show_error = lambda title, text: window.errors.append((title, text))
    window.show_info = lambda title, text: window.infos.append((title, text))
    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    return window


# -- damaged settings ----------------------------------------------------------------


@pytest.mark.parametrize("text", [
    '{"geometry": 5}', '{"colours": [1, 2]}', '{"recent": "a.json"}', '{"show_solution": "yes"}',
    "[]", "null", "{not json", "[" * 100_000, b"\xff\xfe{}",
])
def test_damaged_settings_are_set_aside_and_told_once(qtbot, tmp_path, text):
    config = tmp_path / "config"
    config.mkdir()
    path = config / "settings.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    settings = Settings()
    assert settings.notice and "set aside" in settings.notice
    assert not path.exists() and len(_broken(config)) == 1
    assert settings.to_json() == Settings.DEFAULTS
    window = _quiet(MainWindow(settings=settings))  # starts on the defaults
    qtbot.addWidget(window)
    window.close()
    assert path.exists() and Settings().notice is None  # told once: the next start is clean
    assert len(_broken(config)) == 1


def test_settings_of_a_newer_version_are_kept(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"preset": "hard", "future": [1]}))
    settings = Settings()
    assert settings.notice is None and settings.preset == "hard" and settings.unknown == {"future": [1]}


def test_unreadable_settings_folder_is_reported_not_fatal(qtbot, tmp_path):
    (tmp_path / "config" / "settings.json").mkdir(parents=True)  # a folder where the file should be
    settings = Settings()
    assert settings.notice and "Cannot read" in settings.notice
    window = _quiet(MainWindow(settings=settings, autosave=False))
    qtbot.addWidget(window)
    window.close()  # saving the settings fails quietly into the status bar, no traceback


# -- damaged autosaves ---------------------------------------------------------------

BAD_META = ['{"path": null, "time": "abc"}', '{"path": 5, "time": 1}', "[]", '{"path": null}',
            '{"path": null, "time": NaN}', "{not json", ""]


@pytest.mark.parametrize("meta", BAD_META)
@pytest.mark.parametrize("layout", ["shared", "per-editor"])
def test_damaged_autosave_is_set_aside_and_told_once(qtbot, tmp_path, meta, layout):
    recovery = tmp_path / "data" / "recovery"
    folder = recovery if layout == "shared" else recovery / "editor-1-abcdef"
    folder.mkdir(parents=True)
    lio.write_level(Level.from_rows(ROWS), folder / LEVEL_FILE)
    (folder / META_FILE).write_text(meta)
    scan = scan_recovery()
    assert scan.found == [] and len(scan.notices) == 1 and "set aside" in scan.notices[0]
    assert META_FILE in scan.notices[0]
    assert _broken(recovery)  # renamed, not deleted: the level in it is still there to look at
    assert scan_recovery().notices == []  # told once
    window = _quiet(MainWindow(Level(4, 4)))
    qtbot.addWidget(window)
    assert app_module.offer_recovery(window) == []


def test_damaged_autosave_level_is_set_aside(tmp_path):
    folder = tmp_path / "data" / "recovery" / "editor-1-abcdef"
    folder.mkdir(parents=True)
    (folder / LEVEL_FILE).write_text('{"format": "linjat-level", "version": 1, "rows": [" 3", 7]}')
    (folder / META_FILE).write_text('{"path": null, "time": 1}')
    scan = scan_recovery()
    assert scan.found == [] and "set aside" in scan.notices[0] and not folder.exists()


def test_editor_starts_and_closes_past_damaged_files(tmp_path):
    """The real start, in its own process: broken settings and autosave, told once, exit 0, no traceback."""
    config, recovery = tmp_path / "c", tmp_path / "d" / "recovery"
    config.mkdir()
    recovery.mkdir(parents=True)
    (config / "settings.json").write_text('{"geometry": 5}')
    (recovery / META_FILE).write_text('{"path": 5, "time": 1}')
    proc = _run_editor(tmp_path, config, tmp_path / "d")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    told = json.loads(proc.stdout.splitlines()[-1])["told"]
    assert len(told) == 1 and "settings.json" in told[0] and META_FILE in told[0]
    assert _broken(config) and _broken(recovery)
    again = _run_editor(tmp_path, config, tmp_path / "d")
    assert again.returncode == 0 and json.loads(again.stdout.splitlines()[-1])["told"] == []


def _run_editor(tmp_path: Path, config: Path, data: Path) -> subprocess.CompletedProcess[str]:
    """Start ``linjat-editor`` as a user would, close its window once it shows, print what it said.

    The window is closed as soon as it is on screen, with the start's problems
    told: while the engine still warms up on its worker, however loaded the
    machine (no fixed delay). What it said is printed before the close, because
    ``finish()`` ends the process with ``os._exit`` when the warm-up is still
    busy. The status bar is recorded from the moment the window is shown, so a
    message the warm-up's progress replaces is still seen.
    """
    script = textwrap.dedent("""
        import json, sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from linjat_editor.core.ready import background_compile
        from linjat_editor.gui import workers
        from linjat_editor.gui.shell import launch as app
        background_compile.start = lambda: False  # a test never leaves a detached compile behind
        from linjat_editor.gui.shell.main_window import MainWindow
        said = {"told": [], "status": [], "warming_up": None}
        MainWindow.show_info = lambda self, title, text: said["told"].append(text)
        show = MainWindow.show
        def show_and_listen(self):
            said["status"].append(self.statusBar().currentMessage())
            self.statusBar().messageChanged.connect(said["status"].append)
            show(self)
        MainWindow.show = show_and_listen
        def close_once_shown():
            for w in QApplication.topLevelWidgets():
                if isinstance(w, MainWindow) and w.isVisible():
                    poll.stop()
                    said["warming_up"] = bool(workers.running())
                    print(json.dumps(said), flush=True)  # before the close: finish() may os._exit
                    w.close()
        qapp = QApplication(sys.argv[:1])  # main() uses this one, so the timer below can fire
        poll = QTimer()
        poll.timeout.connect(close_once_shown)
        poll.start(20)
        sys.exit(app.main([]))
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               LINJAT_EDITOR_CONFIG_DIR=str(config), LINJAT_EDITOR_DATA_DIR=str(data))
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)


# -- levels the file format cannot hold ----------------------------------------------


def _nested(depth: int) -> dict:
    extra: dict = {}
    for _ in range(depth):
        extra = {"a": extra}
    return extra


UNSAVEABLE = {"nested 600 deep": _nested(600), "NaN": {"score": math.nan}, "infinity": {"score": math.inf}}


@pytest.mark.parametrize("kind", ["nested", "NaN"])
def test_level_that_cannot_be_saved_again_is_refused_at_open(window, tmp_path, kind):
    path = tmp_path / "odd.json"
    extra = '{"a": ' * 600 + "{}" + "}" * 600 if kind == "nested" else '{"score": NaN}'
    path.write_text('{"format": "linjat-level", "version": 1, "rows": ["    ", "    ", ".3. ", "    "], '
                    f'"extra": {extra}}}')
    before = window.document.level
    assert not window.files.open_file(path)
    assert len(window.errors) == 1 and "odd.json" in window.errors[0][1]
    assert window.document.level is before and window.document.path is None


@pytest.mark.parametrize("extra", UNSAVEABLE.values(), ids=UNSAVEABLE.keys())
def test_failed_save_keeps_the_window_and_the_edits(window, qtbot, tmp_path, extra):
    """Such a level may still reach the board (from a set, a paste...): saving it must fail safely."""
    target = tmp_path / "keep.json"
    target.write_text("old")
    window.document.load(Level.from_rows(ROWS, extra=extra), target)
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    edited = window.document.level
    assert not window.files.save()
    assert len(window.errors) == 1 and "keep.json" in window.errors[0][1]
    assert target.read_text() == "old" and window.document.modified
    # closing and answering Save: the save fails, so the window stays open with the edits
    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Save
    window.show()
    assert not window.close()
    assert window.isVisible() and window.document.level is edited and len(window.errors) == 2
    # the autosave says so in the status bar instead of failing silently
    assert not window.autosaver.save_now()
    assert window.statusBar().currentMessage().startswith("Autosave failed")
    window.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard


def test_import_rows_nested_too_deeply_is_a_dialog(window):
    assert not window.files.import_rows("[" * 100_000)
    assert len(window.errors) == 1


# -- two editors ---------------------------------------------------------------------


def test_second_editor_never_offers_or_deletes_a_running_editors_autosave(qtbot, monkeypatch):
    first = _quiet(MainWindow(Level.from_rows(ROWS)))
    qtbot.addWidget(first)
    first.document.push(SetNumberCommand(first.document, 0, 0, 2))
    assert first.autosaver.save_now()
    second = _quiet(MainWindow(Level(4, 4)))
    qtbot.addWidget(second)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.No)
    assert app_module.offer_recovery(second) == []
    assert asked == [] and (first.autosaver.folder / LEVEL_FILE).exists()
    assert first.autosaver.folder != second.autosaver.folder
    # each editor's clean close removes its own autosave only
    second.document.push(SetNumberCommand(second.document, 1, 1, 1))
    assert second.autosaver.save_now()
    second.close()
    assert not second.autosaver.folder and (first.autosaver.folder / LEVEL_FILE).exists()


CHILD = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QCoreApplication
    from linjat_editor.core.level import Level
    from linjat_editor.gui.commands import SetNumberCommand
    from linjat_editor.gui.board.document import Document
    from linjat_editor.gui.shell.recovery import Autosaver
    app = QCoreApplication([])
    doc = Document(Level.from_rows(["    ", "    ", ".3. ", "    "]))
    saver = Autosaver(doc)
    doc.push(SetNumberCommand(doc, 0, 0, 2))
    assert saver.save_now()
    print(saver.folder, flush=True)
    sys.stdin.read()  # runs until the test kills it
""")


def test_autosave_of_a_live_editor_process_is_offered_only_after_it_dies(tmp_path, monkeypatch):
    """Editor A in its own process; this process plays editor B, answering No while A lives."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD], env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        folder = Path(child.stdout.readline().strip())
        assert (folder / LEVEL_FILE).exists()
        scan = scan_recovery()
        assert scan.found == [] and scan.notices == []  # A is alive: B neither offers nor deletes it
        assert (folder / LEVEL_FILE).exists() and (folder / META_FILE).exists()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        child.stdin.close()
        child.stdout.close()
    found = find_recovery()  # A was killed: its work is offered
    assert found is not None and found.folder == folder and found.level.rows()[0].strip() == "2"
    assert find_recovery() is None  # while one editor offers it, another does not
    found.discard()
    assert not folder.exists() and find_recovery() is None


# -- an unusable data folder ---------------------------------------------------------


@pytest.mark.parametrize("case", ["data folder is a file", "recovery folder is a file"])
def test_unusable_data_folder_costs_the_autosave_not_the_editor(qtbot, tmp_path, case):
    blocker = tmp_path / "data" if case == "data folder is a file" else tmp_path / "data" / "recovery"
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a folder")
    window = _quiet(MainWindow(Level.from_rows(ROWS)))
    qtbot.addWidget(window)
    assert window.statusBar().currentMessage().startswith("Autosave is off")
    scan = scan_recovery()
    assert scan.found == [] and len(scan.notices) <= 1
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    assert not window.autosaver.save_now()
    assert window.statusBar().currentMessage().startswith("Autosave is off")
    window.close()  # no traceback on close (pytest-qt fails the test on one)
    assert blocker.read_text() == "not a folder"


def test_autosave_file_that_is_a_folder(qtbot, tmp_path):
    recovery = tmp_path / "data" / "recovery"
    (recovery / LEVEL_FILE).mkdir(parents=True)  # the old shared autosave file is a folder
    (recovery / META_FILE).write_text('{"path": null, "time": 1}')
    window = _quiet(MainWindow(Level.from_rows(ROWS)))
    qtbot.addWidget(window)
    notices = app_module.offer_recovery(window)
    assert len(notices) == 1
    window.document.push(SetNumberCommand(window.document, 0, 0, 2))
    assert window.autosaver.save_now()  # this editor's own folder still works
    window.close()


def test_unusable_data_folder_in_a_real_start_and_close(tmp_path):
    (tmp_path / "d").write_text("not a folder")
    proc = _run_editor(tmp_path, tmp_path / "c", tmp_path / "d")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    said = json.loads(proc.stdout.splitlines()[-1])
    assert said["status"][0].startswith("Autosave is off")


def test_screenshot_writes_no_settings(qapp, tmp_path, monkeypatch):
    """Screenshots used to "save" their throwaway settings over os.devnull (as root: /dev/null became a file)."""
    replaced, saved = [], []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst, **kw: replaced.append(str(dst)) or real_replace(src, dst, **kw))
    monkeypatch.setattr(Settings, "save", lambda self: saved.append(self.path))
    level = tmp_path / "level.json"
    level.write_text(json.dumps(ROWS))
    assert app_module.main([str(level), "--screenshot", str(tmp_path / "shot.png")]) == 0
    assert saved == [] and os.devnull not in replaced
    assert not (tmp_path / "config").exists()

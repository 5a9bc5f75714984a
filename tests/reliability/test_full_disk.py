"""Saving onto a full disk: every export format (and a level save) fails with one line naming the
target, exit status 2, and the old file kept; in the CLI and in the editor.

"Full" is the file size limit (``ulimit -f``: RLIMIT_FSIZE, with SIGXFSZ ignored
as Python does), which makes a write past it fail with EFBIG just as a full disk
fails with ENOSPC. A PDF once reported success with a truncated file.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, write_set

from ..command_line import run_linjat

resource = pytest.importorskip("resource", reason="no file size limit on this platform (needs resource)")

#: Bytes a file may grow to: less than any export of a level set.
LIMIT = 64
OLD = b"the old file, which must survive\n"


def _small_files() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


def _a_set(tmp_path: Path) -> Path:
    path = tmp_path / "set.json"
    level = Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]).with_meta(name="one")
    write_set(LevelSet(name="s").add(level, tier="easy"), path)
    return path


@pytest.mark.parametrize("ext", ["pdf", "png", "svg", "csv", "json"])
def test_cli_export_onto_a_full_disk_fails_and_keeps_the_old_file(tmp_path: Path, ext: str) -> None:
    source = _a_set(tmp_path)
    out = tmp_path / f"old.{ext}"
    out.write_bytes(OLD)
    run = run_linjat("export", str(source), "-o", str(out), text=True, timeout=300, preexec_fn=_small_files,
                     env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 2, (run.returncode, run.stderr)
    last = run.stderr.splitlines()[-1]  # (after "preparing the engine" when the kernels are not yet compiled)
    assert last.startswith(f"linjat: error: {out}: cannot write: ") and "Traceback" not in run.stderr, run.stderr
    assert ".tmp" not in run.stderr and "Errno" not in run.stderr, run.stderr
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["set.json", out.name])  # no temp file left


def test_a_level_save_onto_a_full_disk_names_the_target(tmp_path: Path) -> None:
    source = _a_set(tmp_path)
    out = tmp_path / "old.json"
    out.write_bytes(OLD)
    run = subprocess.run([sys.executable, "-c", "import sys; from linjat_editor.io import read_set, write_level; "
                          "write_level(read_set(sys.argv[1]).levels[0], sys.argv[2])", str(source), str(out)],
                         capture_output=True, text=True, timeout=120, preexec_fn=_small_files)
    assert run.returncode != 0 and f"{out}: cannot save: File too large" in run.stderr, run.stderr
    assert out.read_bytes() == OLD


def test_editor_export_onto_a_full_disk_says_so_and_keeps_the_old_file(qtbot, tmp_path: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.sets.set_worker import SetChecker
    from linjat_editor.io import read_set

    panel = SetPanel(checker=SetChecker(lambda level: None))
    qtbot.addWidget(panel)
    panel.set_level_set(read_set(_a_set(tmp_path)))
    out = tmp_path / "old.pdf"
    out.write_bytes(OLD)
    shown: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "PDF sheets (*.pdf)"))
    from linjat_editor.gui.dialogs.sheet_options import SheetOptionsDialog

    monkeypatch.setattr(SheetOptionsDialog, "exec", lambda self: 1)  # OK on the sheet options as they open
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    before = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, limits[1]))
    try:
        panel.export_dialog()
        qtbot.waitUntil(lambda: bool(shown), timeout=60_000)  # the export runs on a worker
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, before)
    assert shown == [f"{out}: cannot write: File too large"]
    assert out.read_bytes() == OLD and not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_calibrate_onto_a_full_disk_names_the_target_not_an_errno(tmp_path: Path) -> None:
    source = _a_set(tmp_path)
    out = tmp_path / "old.cal.json"
    out.write_bytes(OLD)
    run = run_linjat("calibrate", str(source), "-o", str(out), text=True, timeout=300, preexec_fn=_small_files)
    assert run.returncode == 2 and run.stderr.splitlines()[-1] == f"linjat: error: {out}: File too large", run.stderr
    assert out.read_bytes() == OLD

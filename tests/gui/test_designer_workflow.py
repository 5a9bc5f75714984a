"""A designer's whole workflow on a real X server (Xvfb), at a laptop and a desktop size.

New 9x6 level, numbers, Fill, verdict, steps, optimizer preview/adopt/undo,
playtest to solved, add to a set, export puzzles.json and PDF, save, quit with
the optimizer running. Screenshots are kept in the test's temporary folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from linjat_editor import core
from linjat_editor.io import read_level


@pytest.mark.parametrize("size", ["1280x800", "1920x1080"])
def test_designer_workflow_under_x(run_on_x, tmp_path, size):
    out = tmp_path / "out"
    done = run_on_x("designer_workflow.py", size, str(out), timeout=1500)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "QThread" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["problems"] == []  # every raised dock's controls inside the window and not cut off
    assert summary["verdict"].startswith("\u2714"), summary["verdict"]
    assert summary["facts"].startswith("unique · solved by deduction")
    assert summary["previewing"] and summary["adopted"] and summary["undone"]
    assert summary["play_status"].startswith("\u2714 Solved in"), summary["play_status"]
    puzzles, pdf = (Path(p) for p in summary["exports"])
    assert json.loads(puzzles.read_text())
    assert pdf.read_bytes().startswith(b"%PDF")
    assert summary["saved"] and summary["set_saved"]
    # A second Start asked before its new run discarded the first run's pool.
    assert summary["start_asked"].startswith("The optimizer's pool holds ")
    assert "a new run discards them" in summary["start_asked"]
    # Quit asked about the running optimizer's proposals (the only unsaved thing left), and closed on Discard.
    assert "proposal" in summary["quit_asked"] and "quitting discards them" in summary["quit_asked"]
    assert summary["closed"]
    level = read_level(summary["level"])
    assert core.count_solutions(level, limit=2).count == 1 and core.solve(level).solved
    width, height = (int(x) for x in size.split("x"))
    assert len(summary["shots"]) == 6
    for shot in summary["shots"]:
        image = QImage(shot)
        assert (image.width(), image.height()) == (width, height), shot

"""The event-loop stall benchmark sees a stall when there is one (speed itself is linjat bench's job)."""

from __future__ import annotations

import time

from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel
from benchmarks.stall_bench import measure_event_loop_stall

STALL_S = 0.25


def test_a_blocked_event_loop_shows_as_a_long_gap(qapp, monkeypatch):
    """Block the GUI thread for 250 ms while the benchmark measures: its longest gap must show it."""
    from PySide6.QtCore import QTimer

    start = OptimizerPanel.start

    def start_then_block_soon(self):
        start(self)
        QTimer.singleShot(300, lambda: time.sleep(STALL_S))

    monkeypatch.setattr(OptimizerPanel, "start", start_then_block_soon)
    report = measure_event_loop_stall(preset="easy", seconds=1.5, interval_ms=10)
    assert report.max_gap_ms >= STALL_S * 1000 * 0.95
    assert report.p99_gap_ms <= report.max_gap_ms and report.mean_gap_ms >= report.interval_ms * 0.9
    assert report.iterations > 0 and report.rate > 0  # the optimizer really ran meanwhile
    assert "max gap" in str(report) and report.to_json()["ticks"] == report.ticks


def test_linjat_bench_runs_the_stall_bench_in_a_process_of_its_own(monkeypatch):
    """The command line never loads the editor: bench_runs starts ``python -m benchmarks.stall_bench``
    and reads its one JSON line; a failed run is said in one line, not a traceback."""
    import subprocess

    from benchmarks import bench_runs

    ran = []

    def fake_run(argv, **kwargs):
        ran.append(argv)
        if len(ran) == 1:
            return subprocess.CompletedProcess(argv, 0, '{"max_gap_ms": 12.5, "p99_gap_ms": 11.0}\n', "")
        return subprocess.CompletedProcess(argv, 1, "", "Traceback...\nImportError: no Qt here\n")

    monkeypatch.setattr(bench_runs.subprocess, "run", fake_run)
    assert bench_runs.event_loop_stall(quick=True) == {"max_gap_ms": 12.5, "p99_gap_ms": 11.0}
    assert ran[0][1:] == ["-m", "benchmarks.stall_bench", "--seconds", "2"]
    assert bench_runs.event_loop_stall(quick=False) == {"error": "the stall bench failed: ImportError: no Qt here"}

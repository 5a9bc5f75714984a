"""The event-loop stall benchmark runs and reports its figures (speed itself is linjat bench's job)."""

from __future__ import annotations



from linjat_editor.gui.optimizer.stall_bench import measure_event_loop_stall  # noqa: E402


def test_stall_benchmark(qapp):
    report = measure_event_loop_stall(preset="easy", seconds=1.5, interval_ms=10)
    assert report.ticks > 40  # the loop kept ticking at all
    assert report.iterations > 0 and report.rate > 0
    assert report.max_gap_ms >= report.interval_ms > 0  # measured, not asserted: see linjat bench
    assert "max gap" in str(report) and report.to_json()["ticks"] == report.ticks

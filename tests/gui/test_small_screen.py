"""The editor fits a laptop's screen: the window is clamped to the screen on start, and the docks
reflow instead of cutting their buttons or scrolling sideways (issue 42). On a real X server."""

from __future__ import annotations

import json


def fit_on(run, out) -> dict:
    result = run("window_fit.py", str(out), timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_at_1366x768_the_window_fits_and_no_control_is_cut(run_on_laptop_x, tmp_path):
    summary = fit_on(run_on_laptop_x, tmp_path)
    assert summary["screen"][2:] == [1366, 768]
    for name, (x, y, w, h) in summary["frames"].items():
        assert 0 <= x and 0 <= y and x + w <= 1366 and y + h <= 768, name  # status bar and tabs on screen
    assert summary["problems"] == []
    for shot in ("first-start", "restored", "level-set", "optimizer-running", "analysis", "narrow-docks"):
        assert (tmp_path / f"{shot}.png").stat().st_size > 10_000, shot


def test_at_1920x1080_the_window_keeps_its_size_and_no_control_is_cut(run_on_x, tmp_path):
    summary = fit_on(run_on_x, tmp_path)
    assert summary["frames"]["first start"][2:] == [1280, 860]  # room enough: nothing clamped
    assert summary["problems"] == []

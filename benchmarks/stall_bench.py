"""How smooth the editor stays while the optimizer runs: the longest gap between timer ticks.

A QTimer fires every ``interval_ms`` in the GUI thread while the optimizer
dock runs for real (plot, progress, pool thumbnails and all). Any gap much
longer than the interval is time the event loop could not run: a stall the
user would feel. The issue asks for no stall over 50 ms. ``linjat bench``
runs it as ``python -m benchmarks.stall_bench`` in a process of its own (the
command line never loads the editor); the first-run numba compile is done before measuring
(``warmup``) because it happens once per installation, not per run.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

from linjat_editor.core.level import Level


@dataclass(frozen=True)
class StallReport:
    max_gap_ms: float
    p99_gap_ms: float
    mean_gap_ms: float
    ticks: int
    interval_ms: float
    seconds: float
    iterations: int
    rate: float  # optimizer iterations per second while measured

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        return (f"event loop while optimizing: max gap {self.max_gap_ms:.1f} ms, p99 {self.p99_gap_ms:.1f} ms, "
                f"mean {self.mean_gap_ms:.1f} ms over {self.ticks} ticks of {self.interval_ms:g} ms "
                f"({self.iterations:,} iterations at {self.rate:,.0f}/s)")


def _bench_level(preset: str, seed: int) -> tuple[Level, Any]:
    from linjat_editor.core import TIERS, first_level

    tier = TIERS[preset]
    return first_level(tier.height, tier.width, tier.max_numbers, tier.weights, seed), tier.weights


def measure_event_loop_stall(level: Level | None = None, preset: str = "expert", seconds: float = 3.0,
                             interval_ms: int = 10, seed: int = 1, warmup: bool = True) -> StallReport:
    """Run the optimizer dock for ``seconds`` and measure gaps between ``interval_ms`` timer ticks."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

    from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel
    from linjat_editor.gui.shell.qt_app import application

    application(headless=True)  # the panel is widgets: a full QApplication, offscreen without a display
    weights = None
    if level is None:
        level, weights = _bench_level(preset, seed)
    if weights is None:
        from linjat_editor.core import PRESETS

        weights = PRESETS[preset]
    if warmup:
        from linjat_editor.core import Optimizer

        Optimizer(level, weights, seed=seed).run(20)  # compile the kernels outside the measurement
    panel = OptimizerPanel(level)
    panel.settings.preset.setCurrentText(preset)
    panel.settings.iterations.setValue(5_000_000)
    panel.settings.seed.setValue(seed)
    panel.resize(500, 800)
    panel.show()
    gaps: list[float] = []
    clock = QElapsedTimer()
    last = [0.0]

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(interval_ms)
    timer.timeout.connect(tick)
    panel.start()
    started = time.perf_counter()
    clock.start()
    timer.start()
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    timer.stop()
    elapsed = time.perf_counter() - started
    done = panel.runner.done
    panel.shutdown()
    panel.close()
    panel.deleteLater()
    gaps = gaps[1:] or [0.0]  # the first tick measures from start(), not a gap
    ordered = sorted(gaps)
    return StallReport(
        max_gap_ms=round(max(gaps), 2),
        p99_gap_ms=round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
        mean_gap_ms=round(statistics.fmean(gaps), 2),
        ticks=len(gaps),
        interval_ms=float(interval_ms),
        seconds=round(elapsed, 2),
        iterations=int(done),
        rate=round(done / elapsed, 1) if elapsed > 0 else 0.0,
    )


if __name__ == "__main__":  # ``python -m benchmarks.stall_bench``: the measurement alone, as one JSON line
    import argparse
    import json

    parser = argparse.ArgumentParser(description="event-loop stall while the optimizer dock runs")
    parser.add_argument("--seconds", type=float, default=3.0)
    print(json.dumps(measure_event_loop_stall(seconds=parser.parse_args().seconds).to_json()))

"""Live plot of the optimizer: best score (line) and pool scores (dots) over iterations.

Like the progress picture in the article. Samples are thinned as they pile
up, so a 50,000-iteration run costs the same to draw as a short one.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from linjat_editor.render.chart import PlotArea, paint_frame

MAX_SAMPLES = 400


class ScorePlot(QWidget):
    """Call :meth:`add` with each progress report; :meth:`clear` for a new session."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.samples: list[tuple[int, float, tuple[float, ...]]] = []
        self.total = 0
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Optimizer scores")
        self.setToolTip("Best score (line) and the pool's scores (dots) over iterations")

    def sizeHint(self) -> QSize:
        return QSize(300, 130)

    def clear(self, total: int = 0) -> None:
        self.samples, self.total = [], total
        self.update()

    def add(self, iteration: int, best: float, pool: tuple[float, ...]) -> None:
        if math.isnan(best):
            return
        self.samples.append((iteration, best, tuple(s for s in pool if not math.isnan(s))))
        if len(self.samples) > MAX_SAMPLES:
            # Keep every other old sample, the newest half untouched.
            half = len(self.samples) // 2
            self.samples = self.samples[:half:2] + self.samples[half:]
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        w, h = self.width(), self.height()
        if not self.samples:
            area = PlotArea.fit(w, h, self.fontMetrics(), 1, 0, 1, values=False)
            paint_frame(p, w, h, area, "")
            p.setPen(QColor("#666666"))
            p.drawText(area.rect, Qt.AlignmentFlag.AlignCenter, "Scores appear here while the optimizer runs")
            p.end()
            return
        values = [s for _, b, pool in self.samples for s in (b, *pool)]
        x_max = max(self.total, self.samples[-1][0], 1)
        area = PlotArea.fit(w, h, self.fontMetrics(), x_max, min(values), max(values))
        paint_frame(p, w, h, area, f"iterations (0–{x_max:,}) · best now {self.samples[-1][1]:g}")
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(86, 180, 233, 110))  # sky blue, translucent: dense pools read as clouds
        for it, _, pool in self.samples:
            for s in pool:
                p.drawEllipse(area.pos(it, s), 1.8, 1.8)
        p.setPen(QPen(QColor("#d55e00"), 2))
        p.drawPolyline(QPolygonF([area.pos(it, b) for it, b, _ in self.samples]))
        p.end()

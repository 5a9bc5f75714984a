"""The difficulty curve: each level's score in set order, on the shared chart frame (render/chart.py).

Tiers differ by marker shape as well as colour (circle easy, square medium,
triangle hard, diamond expert, ring tutorial); levels with warnings get a
cross. A dashed line shows the rising ramp the scores would make if sorted,
so a designer sees at a glance where the curve dips. Levels made to a
target (a ramp or a campaign) show it as a hollow blue bar, joined by a
dotted line: where the actual score sits beside its target. Where playtests exist,
grey bars show the median solving time (own scale, right), so predicted
difficulty can be set against how long players really took; given each level's
times (the set panel does), ``time_series.py`` draws them with the testers' spread
and the predicted time beside.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from linjat_editor.gui.sets import time_series
from linjat_editor.gui.sets.time_series import LevelTimes
from linjat_editor.render.chart import HALO, PlotArea, paint_frame

#: The targets' colour (Okabe-Ito blue): apart from every tier's.
TARGET = "#56b4e9"

TIER_STYLE = {  # Okabe-Ito colours, one shape each
    "tutorial": ("#999999", "ring"),
    "easy": ("#009e73", "circle"),
    "medium": ("#0072b2", "square"),
    "hard": ("#e69f00", "triangle"),
    "expert": ("#cc79a7", "diamond"),
}


@dataclass(frozen=True)
class CurvePoint:
    score: float | None  # None: not analysed yet
    tier: str | None
    warning: bool = False
    seconds: float | None = None  # median solving time of solved playtests, if any
    target: float | None = None  # the selection score the level was made to come close to, if any
    times: LevelTimes | None = None  # predicted and measured times (time_series.py draws them instead of the bars)


class DifficultyCurve(QWidget):
    """Line chart of scores in set order; click a point to select that level."""

    clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[CurvePoint] = []
        self.selected = -1
        self.setMinimumHeight(130)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Difficulty curve")
        self.setToolTip("Score of each level in set order. Dashed: the same scores as a rising ramp.")

    def sizeHint(self) -> QSize:
        return QSize(300, 140)

    def set_points(self, points: list[CurvePoint], selected: int = -1) -> None:
        self.points, self.selected = list(points), selected
        self.update()

    HALO = HALO  # tests measure the labels' distance from the plot with it

    def _area(self) -> PlotArea:
        vals = [p.score for p in self.points if p.score is not None] + [p.target for p in self.points if p.target is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        n = max(1, len(self.points) - 1)
        return PlotArea.fit(self.width(), self.height(), self.fontMetrics(), n, min(lo, 0.0), hi)

    def _plot_rect(self) -> QRectF:
        return self._area().rect

    def _caption(self) -> str:
        return f"{len(self.points)} level{'s' if len(self.points) != 1 else ''}, in set order"

    def _series(self) -> list[LevelTimes] | None:
        """The predicted and measured times, when the set panel gave them."""
        if not any(pt.times for pt in self.points):
            return None
        return [pt.times or LevelTimes() for pt in self.points]

    def _legend(self) -> str:
        times = [pt.seconds for pt in self.points if pt.seconds]
        targets = "blue: targets" if any(pt.target is not None for pt in self.points) else ""
        series = self._series()
        if series is not None and not all(pt.score is None for pt in self.points):
            text = time_series.legend(series)
            return f"{targets} · {text}" if targets and text else targets or text
        if not times or all(pt.score is None for pt in self.points):
            return targets
        top = max(times)
        bars = f"bars: time, max {int(top) // 60}:{int(top) % 60:02d}"
        return f"{targets} · {bars}" if targets else bars

    def labels(self) -> list[tuple[QRectF, str]]:
        """Every text the chart draws, with its box (tests check none of them covers the plot)."""
        return self._area().labels(self._caption(), self._legend())

    def _x(self, i: int) -> float:
        """Level ``i``'s place on the x axis (a lone level sits in the middle)."""
        return i if len(self.points) > 1 else 0.5

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.points:
            return
        x = self._area().x_at(event.position().x())
        self.clicked.emit(min(len(self.points) - 1, max(0, round(x))))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        area = self._area()
        paint_frame(p, self.width(), self.height(), area, self._caption(), self._legend())
        self._targets(p, area)
        scored = [(i, pt.score) for i, pt in enumerate(self.points) if pt.score is not None]
        if not scored:
            p.end()
            return
        series = self._series()
        if series is None:
            self._time_bars(p, area)
        else:
            time_series.paint_times(p, area, [self._x(i) for i in range(len(self.points))], series)
        ramp = sorted(s for _, s in scored)
        pen = QPen(QColor("#aaaaaa"), 1.5, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawPolyline(QPolygonF([area.pos(self._x(i), s) for (i, _), s in zip(scored, ramp)]))
        p.setPen(QPen(QColor("#333333"), 2))
        p.drawPolyline(QPolygonF([area.pos(self._x(i), s) for i, s in scored]))
        for i, s in scored:
            self._marker(p, area.pos(self._x(i), s), self.points[i], i == self.selected)
        if series is not None:
            time_series.paint_predicted(p, area, [self._x(i) for i in range(len(self.points))], series)
        p.end()

    def target_point(self, i: int) -> QPointF | None:
        """Where level ``i``'s target is drawn (None: it has none)."""
        t = self.points[i].target
        return None if t is None else self._area().pos(self._x(i), t)

    def _targets(self, p: QPainter, area: PlotArea) -> None:
        """Each target as a short thick bar, joined by a dotted line: the ramp the set was made to climb."""
        marks = [c for c in (self.target_point(i) for i in range(len(self.points))) if c is not None]
        if not marks:
            return
        p.setPen(QPen(QColor(TARGET), 1.5, Qt.PenStyle.DotLine))
        p.drawPolyline(QPolygonF(marks))
        p.setPen(QPen(QColor(TARGET), 4))
        for c in marks:
            p.drawLine(QPointF(c.x() - 7, c.y()), QPointF(c.x() + 7, c.y()))

    def _time_bars(self, p: QPainter, area: PlotArea) -> None:
        times = [(i, pt.seconds) for i, pt in enumerate(self.points) if pt.seconds]
        if not times:
            return
        rect = area.rect
        top = max(t for _, t in times)
        half = max(2.0, min(8.0, rect.width() / (2 * area.x_max + 2)))
        p.setPen(QPen(QColor("#9a9a9a"), 1))
        p.setBrush(QColor(150, 150, 150, 70))
        for i, t in times:
            x = area.pos(self._x(i), area.lo).x()
            h = rect.height() * t / top
            p.drawRect(QRectF(x - half, rect.bottom() - h, 2 * half, h))

    def _marker(self, p: QPainter, c: QPointF, pt: CurvePoint, selected: bool) -> None:
        color, shape = TIER_STYLE.get((pt.tier or "").lower(), ("#555555", "circle"))
        r = 6.0 if selected else 4.5
        p.setPen(QPen(QColor("#000000") if selected else QColor(color).darker(140), 2 if selected else 1))
        p.setBrush(Qt.BrushStyle.NoBrush if shape == "ring" else QColor(color))
        if shape in ("circle", "ring"):
            p.drawEllipse(c, r, r)
        elif shape == "square":
            p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        elif shape == "triangle":
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() + r)]))
        else:
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                     QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))
        if pt.warning:
            p.setPen(QPen(QColor("#d55e00"), 2))
            d = r + 3
            p.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d))
            p.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d))

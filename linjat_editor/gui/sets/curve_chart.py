"""The difficulty curve: each level's score in set order, drawn with QPainter.

Tiers differ by marker shape as well as colour (circle easy, square medium,
triangle hard, diamond expert, ring tutorial); levels with warnings get a
cross. A dashed line shows the rising ramp the scores would make if sorted,
so a designer sees at a glance where the curve dips. Where playtests exist,
grey bars show the median solving time (own scale, right), so predicted
difficulty can be set against how long players really took.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

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

    #: Room around the plot for a marker drawn on its edge (the selected one is 6 px, plus its outline).
    HALO = 8.0

    def _plot_rect(self) -> QRectF:
        """The plot, with a line of text above it (the time legend), below it (the caption) and
        the score labels to its left: no label ever sits where a point can be drawn."""
        line = self.fontMetrics().height()
        top = line + self.HALO + 2
        left = self._label_width() + self.HALO + 2
        return QRectF(left, top, max(10.0, self.width() - left - self.HALO - 2),
                      max(10.0, self.height() - top - line - self.HALO - 4))

    def _label_width(self) -> float:
        lo, hi = self._range()
        return float(max(self.fontMetrics().horizontalAdvance(f"{v:g}") for v in (lo, hi)) + 4)

    def labels(self) -> list[tuple[QRectF, str]]:
        """Every text the chart draws, with its box (tests check none of them covers the plot)."""
        rect, line = self._plot_rect(), float(self.fontMetrics().height())
        lo, hi = self._range()
        width = self._label_width()
        out = [(QRectF(0, rect.top() - line / 2, width, line), f"{hi:g}"),
               (QRectF(0, rect.bottom() - line / 2, width, line), f"{lo:g}"),
               (QRectF(rect.left(), rect.bottom() + self.HALO, rect.width(), line),
                f"{len(self.points)} level{'s' if len(self.points) != 1 else ''}, in set order")]
        times = [pt.seconds for pt in self.points if pt.seconds]
        if times and any(pt.score is not None for pt in self.points):
            top = max(times)
            out.append((QRectF(rect.left(), 1, rect.width(), line),
                        f"bars: time, max {int(top) // 60}:{int(top) % 60:02d}"))
        return out

    def _range(self) -> tuple[float, float]:
        vals = [p.score for p in self.points if p.score is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        lo = min(lo, 0.0)
        return lo, hi if hi > lo else lo + 1.0

    def _pos(self, i: int, score: float, rect: QRectF, lo: float, hi: float) -> QPointF:
        n = max(1, len(self.points) - 1)
        x = rect.left() + rect.width() * (i / n if len(self.points) > 1 else 0.5)
        y = rect.bottom() - rect.height() * (score - lo) / (hi - lo)
        return QPointF(x, y)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.points:
            return
        rect = self._plot_rect()
        n = max(1, len(self.points) - 1)
        frac = (event.position().x() - rect.left()) / rect.width()
        self.clicked.emit(min(len(self.points) - 1, max(0, round(frac * n))))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#ffffff"))
        rect = self._plot_rect()
        lo, hi = self._range()
        p.setPen(QPen(QColor("#888888"), 1))
        p.drawLine(rect.bottomLeft(), rect.bottomRight())
        p.drawLine(rect.bottomLeft(), rect.topLeft())
        p.setPen(QColor("#444444"))
        for box, text in self.labels():
            align = Qt.AlignmentFlag.AlignRight if box.left() == 0 or text.startswith("bars") else Qt.AlignmentFlag.AlignCenter
            p.drawText(box, int(align | Qt.AlignmentFlag.AlignVCenter), text)
        scored = [(i, pt.score) for i, pt in enumerate(self.points) if pt.score is not None]
        if not scored:
            p.end()
            return
        self._time_bars(p, rect)
        ramp = sorted(s for _, s in scored)
        pen = QPen(QColor("#aaaaaa"), 1.5, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawPolyline(QPolygonF([self._pos(i, s, rect, lo, hi) for (i, _), s in zip(scored, ramp)]))
        p.setPen(QPen(QColor("#333333"), 2))
        p.drawPolyline(QPolygonF([self._pos(i, s, rect, lo, hi) for i, s in scored]))
        for i, s in scored:
            self._marker(p, self._pos(i, s, rect, lo, hi), self.points[i], i == self.selected)
        p.end()

    def _time_bars(self, p: QPainter, rect: QRectF) -> None:
        times = [(i, pt.seconds) for i, pt in enumerate(self.points) if pt.seconds]
        if not times:
            return
        top = max(t for _, t in times)
        n = max(1, len(self.points) - 1)
        half = max(2.0, min(8.0, rect.width() / (2 * n + 2)))
        p.setPen(QPen(QColor("#9a9a9a"), 1))
        p.setBrush(QColor(150, 150, 150, 70))
        for i, t in times:
            x = rect.left() + rect.width() * (i / n if len(self.points) > 1 else 0.5)
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

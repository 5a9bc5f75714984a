"""The small line charts' shared frame: plot area, value-to-pixel mapping, axes and labels.

The optimizer's score plot and the set's difficulty curve are both "values
over a 0..N axis" in a few hundred pixels; each draws only its own marks
(dots, polylines, bars) through :class:`PlotArea`. Hand-painted rather than
QtCharts: QtCharts ships in PySide6-Addons, a 59 MB download (161 MB
installed) on top of PySide6-Essentials, for two charts of this size.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

TOP, RIGHT, BOTTOM = 8.0, 10.0, 28.0  # margins around the plot area, in pixels
AXIS = "#888888"
LABEL = "#444444"


@dataclass(frozen=True)
class PlotArea:
    """Where values land: x from 0 to ``x_max``, y from ``lo`` to ``hi``, inside ``rect``."""

    rect: QRectF
    x_max: float
    lo: float
    hi: float

    @classmethod
    def fit(cls, width: float, height: float, left: float, x_max: float, lo: float, hi: float) -> PlotArea:
        """A plot area filling a ``width`` x ``height`` widget, ``left`` pixels kept for the value labels."""
        rect = QRectF(left, TOP, max(10.0, width - left - RIGHT), max(10.0, height - TOP - BOTTOM))
        return cls(rect, max(x_max, 1e-9), lo, hi if hi > lo else lo + 1.0)

    def pos(self, x: float, y: float) -> QPointF:
        r = self.rect
        return QPointF(r.left() + r.width() * x / self.x_max, r.bottom() - r.height() * (y - self.lo) / (self.hi - self.lo))

    def x_at(self, px: float) -> float:
        """The x value under pixel column ``px`` (for clicks)."""
        return (px - self.rect.left()) / self.rect.width() * self.x_max


def paint_frame(p: QPainter, width: float, height: float, area: PlotArea, caption: str, values: bool = True) -> None:
    """White background, the two axes, the low and high value at the left (when ``values``), the caption below."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(QRectF(0, 0, width, height), QColor("#ffffff"))
    r = area.rect
    p.setPen(QPen(QColor(AXIS), 1))
    p.drawLine(r.bottomLeft(), r.bottomRight())
    p.drawLine(r.bottomLeft(), r.topLeft())
    p.setPen(QColor(LABEL))
    if values:
        label_w = r.left() - 4
        p.drawText(QRectF(0, r.top() - 6, label_w, 14), Qt.AlignmentFlag.AlignRight, f"{area.hi:g}")
        p.drawText(QRectF(0, r.bottom() - 8, label_w, 14), Qt.AlignmentFlag.AlignRight, f"{area.lo:g}")
    p.drawText(QRectF(r.left(), r.bottom() + 3, r.width(), 16), Qt.AlignmentFlag.AlignCenter, caption)

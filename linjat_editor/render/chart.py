"""The small line charts' shared frame: plot area, value-to-pixel mapping, axes and labels.

The optimizer's score plot and the set's difficulty curve are both "values
over a 0..N axis" in a few hundred pixels; each draws only its own marks
(dots, polylines, bars) through :class:`PlotArea`. Every text sits in a strip
of its own (values left, legend above, caption below), a :data:`HALO` away
from the plot, so no label ever covers a point drawn on the plot's edge.
Hand-painted rather than QtCharts: QtCharts ships in PySide6-Addons, a 59 MB
download (161 MB installed) on top of PySide6-Essentials, for two charts of
this size.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen

#: Room around the plot for a marker drawn on its edge (the largest is 6 px, plus its outline).
HALO = 8.0
AXIS = "#888888"
LABEL = "#444444"


@dataclass(frozen=True)
class PlotArea:
    """Where values land: x from 0 to ``x_max``, y from ``lo`` to ``hi``, inside ``rect``."""

    rect: QRectF
    x_max: float
    lo: float
    hi: float
    label_width: float  # the strip left of the plot for the value labels (0: none)
    line: float  # one line of text

    @classmethod
    def fit(cls, width: float, height: float, metrics: QFontMetrics, x_max: float, lo: float, hi: float,
            values: bool = True, legend_lines: int = 1) -> PlotArea:
        """A plot area filling a ``width`` x ``height`` widget, with strips for the labels around it
        (``legend_lines`` lines of legend above)."""
        hi = hi if hi > lo else lo + 1.0
        line = float(metrics.height())
        label_w = float(max(metrics.horizontalAdvance(f"{v:g}") for v in (lo, hi)) + 4) if values else 0.0
        top, left = max(1, legend_lines) * line + HALO + 2, label_w + HALO + 2
        rect = QRectF(left, top, max(10.0, width - left - HALO - 2), max(10.0, height - top - line - HALO - 4))
        return cls(rect, max(x_max, 1e-9), lo, hi, label_w, line)

    def pos(self, x: float, y: float) -> QPointF:
        r = self.rect
        return QPointF(r.left() + r.width() * x / self.x_max, r.bottom() - r.height() * (y - self.lo) / (self.hi - self.lo))

    def x_at(self, px: float) -> float:
        """The x value under pixel column ``px`` (for clicks)."""
        return (px - self.rect.left()) / self.rect.width() * self.x_max

    def labels(self, caption: str, legend: str = "") -> list[tuple[QRectF, str]]:
        """Every text of the frame with its box: the high and low value, the caption, the legend."""
        r, line = self.rect, self.line
        out = []
        if self.label_width:
            out += [(QRectF(0, r.top() - line / 2, self.label_width, line), f"{self.hi:g}"),
                    (QRectF(0, r.bottom() - line / 2, self.label_width, line), f"{self.lo:g}")]
        if caption:
            out.append((QRectF(r.left(), r.bottom() + HALO, r.width(), line), caption))
        if legend:
            out.append((QRectF(r.left(), 1, r.width(), line), legend))
        return out


def paint_frame(p: QPainter, width: float, height: float, area: PlotArea, caption: str, legend: str = "") -> None:
    """White background, the two axes and the frame's labels (values right-aligned, the rest centred)."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(QRectF(0, 0, width, height), QColor("#ffffff"))
    r = area.rect
    p.setPen(QPen(QColor(AXIS), 1))
    p.drawLine(r.bottomLeft(), r.bottomRight())
    p.drawLine(r.bottomLeft(), r.topLeft())
    p.setPen(QColor(LABEL))
    for box, text in area.labels(caption, legend):
        align = Qt.AlignmentFlag.AlignRight if box.left() == 0 else Qt.AlignmentFlag.AlignCenter
        p.drawText(box, int(align | Qt.AlignmentFlag.AlignVCenter), text)

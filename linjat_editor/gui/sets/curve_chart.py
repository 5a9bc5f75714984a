"""The difficulty curve: each shown level's score in the list's order, on the shared chart frame (render/chart.py).

Tiers differ by marker shape as well as colour (circle easy, square medium,
triangle hard, diamond expert, ring tutorial); levels with warnings get a
cross. A dashed line shows the rising ramp the scores would make if sorted,
so a designer sees at a glance where the curve dips. Levels made to a
target (a ramp or a campaign) show it as a short blue bar, joined by a
dotted line: where the actual score sits beside its target. Each level's times
(``CurvePoint.times``) are drawn by ``time_series.py`` on their own scale: grey
bars for the testers' median solving time with its spread, and the predicted
time beside, so predicted difficulty can be set against how long players
really took.

The legend names every mark drawn, wrapped over as many lines as the width
needs. At hundreds of levels the markers shrink to the room each has, and the
wheel (or the view's buttons) zooms in on a stretch that the scroll bar
moves along. A click selects and opens the level under it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF, QWheelEvent
from PySide6.QtWidgets import QHBoxLayout, QScrollBar, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from linjat_editor.core.analysis.solve_time import clock
from linjat_editor.gui.sets import time_series
from linjat_editor.gui.sets.time_series import PREDICTED, LevelTimes
from linjat_editor.render.chart import HALO, PlotArea, paint_frame

#: The targets' colour (Okabe-Ito blue): apart from every tier's.
TARGET = "#56b4e9"
WARNING = "#d55e00"
RAMP = "#aaaaaa"

TIER_STYLE = {  # Okabe-Ito colours, one shape each
    "tutorial": ("#999999", "ring"),
    "easy": ("#009e73", "circle"),
    "medium": ("#0072b2", "square"),
    "hard": ("#e69f00", "triangle"),
    "expert": ("#cc79a7", "diamond"),
}
NO_TIER = ("#555555", "circle")
MIN_SPAN = 5  # zoomed in as far as this many levels


@dataclass(frozen=True)
class CurvePoint:
    score: float | None  # None: not analysed yet
    tier: str | None
    warning: bool = False
    target: float | None = None  # the selection score the level was made to come close to, if any
    times: LevelTimes | None = None  # predicted and measured times (drawn by time_series.py instead of the bars)


@dataclass(frozen=True)
class LegendEntry:
    """One mark the chart draws and its name: ``swatch`` is a tier, "cross", "dash", "target", "bar" or "predicted"."""

    swatch: str
    text: str


class DifficultyCurve(QWidget):
    """Line chart of scores in the shown order; click a point to open that level."""

    #: The level under a click, by its position in the set.
    clicked = Signal(int)
    #: The visible stretch changed (zoom or scroll): the view's scroll bar follows.
    rangeChanged = Signal()

    #: The series, back to front: each is drawn by ``_paint_<name>`` and named in the legend by
    #: ``_legend_<name>`` (a new series is one name here and those two methods).
    SERIES = ("targets", "times", "ramp", "scores", "predicted")

    HALO = HALO  # tests measure the labels' distance from the plot with it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[CurvePoint] = []
        self.indices: list[int] = []  # each point's position in the set
        self.selected = -1  # a position in the set
        self.order = "in set order"
        self.total = 0  # levels in the set, shown or not
        self.first = 0  # the first point in view
        self.span = 0  # points in view; 0: all
        # Short enough that the set panel fits a laptop's dock with its buttons one to a row; ⤢ enlarges it.
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Difficulty curve")
        self.setToolTip("Score of each level in the list's order; click one to open it.\n"
                        "Wheel: zoom in on a stretch of the set. Dashed: the same scores as a rising ramp.")

    def sizeHint(self) -> QSize:
        return QSize(300, 180)

    def set_points(self, points: list[CurvePoint], selected: int = -1, indices: list[int] | None = None,
                   order: str = "in set order", total: int | None = None) -> None:
        """Show ``points`` (of the set's levels at ``indices``, by default 0..n-1); ``selected`` is a set position."""
        same = len(points) == len(self.points)
        self.points, self.selected = list(points), selected
        self.indices = list(indices) if indices is not None else list(range(len(points)))
        self.order = order
        self.total = len(points) if total is None else total
        if not same:
            self.first, self.span = 0, 0
        self._clamp()
        self.update()
        self.rangeChanged.emit()

    # -- the visible stretch ----------------------------------------------------

    def visible(self) -> int:
        """How many points are in view."""
        return self.span or len(self.points)

    def _clamp(self) -> None:
        n = len(self.points)
        if self.span >= n:
            self.span = 0
        self.first = max(0, min(self.first, n - self.visible()))

    def zoom(self, factor: float, about: float | None = None) -> None:
        """Show ``factor`` times fewer levels (more when below 1), keeping the point at ``about`` in place."""
        n = len(self.points)
        if n <= MIN_SPAN:
            return
        old = self.visible()
        span = max(MIN_SPAN, min(n, round(old / factor)))
        centre = self.first + (old - 1) / 2 if about is None else about
        share = (centre - self.first) / max(1, old - 1)
        self.span = 0 if span >= n else span
        self.first = round(centre - share * (self.visible() - 1))
        self._clamp()
        self.update()
        self.rangeChanged.emit()

    def show_all(self) -> None:
        self.first, self.span = 0, 0
        self.update()
        self.rangeChanged.emit()

    def scroll_to(self, first: int) -> None:
        self.first = first
        self._clamp()
        self.update()
        self.rangeChanged.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if not steps or not self.points:
            return
        about = self.first + self._area().x_at(event.position().x())
        self.zoom(1.25 ** steps, about)
        event.accept()

    # -- geometry ---------------------------------------------------------------

    def legend(self) -> list[LegendEntry]:
        """Every mark the chart draws, named."""
        return [entry for name in self.SERIES for entry in getattr(self, f"_legend_{name}")()]

    def _legend_rows(self) -> list[list[tuple[QRectF, QRectF, LegendEntry]]]:
        """The legend laid out in lines across the width: (swatch box, text box, entry) each."""
        fm = self.fontMetrics()
        line = float(fm.height())
        rows: list[list[tuple[QRectF, QRectF, LegendEntry]]] = [[]]
        x, y = 4.0, 1.0
        for entry in self.legend():
            w = 14 + 4 + fm.horizontalAdvance(entry.text) + 2
            if rows[-1] and x + w > self.width() - 4:
                rows.append([])
                x, y = 4.0, y + line
            rows[-1].append((QRectF(x, y + line / 2 - 6, 14, 12), QRectF(x + 18, y, w - 18, line), entry))
            x += w + 12
        return rows if rows[0] else []

    def _area(self) -> PlotArea:
        vals = [p.score for p in self.points if p.score is not None] + [p.target for p in self.points if p.target is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        n = max(1, self.visible() - 1)
        return PlotArea.fit(self.width(), self.height(), self.fontMetrics(), n, min(lo, 0.0), hi,
                            legend_lines=len(self._legend_rows()))

    def _plot_rect(self) -> QRectF:
        return self._area().rect

    def _caption(self) -> str:
        """What is shown, as much as fits under the plot: the view in words is dropped first."""
        n = len(self.points)
        shown = f"{n} level{'s' if n != 1 else ''}" if n == self.total else f"{n} of {self.total} levels"
        stretch = f" (in view {self.first + 1}–{self.first + self.visible()})" if self.span else ""
        room = self._area().rect.width()
        for text in (f"{shown}{stretch}, {self.order}", f"{shown}, {self.order}", f"{shown}{stretch}", shown):
            if self.fontMetrics().horizontalAdvance(text) <= room:
                return text
        return f"{n}/{self.total}"

    def labels(self) -> list[tuple[QRectF, str]]:
        """Every text the chart draws, with its box (tests check none of them covers the plot or is cut)."""
        legend = [(box, entry.text) for row in self._legend_rows() for _, box, entry in row]
        return self._area().labels(self._caption()) + legend

    def _x(self, k: int) -> float:
        """Point ``k``'s place on the x axis (a lone point sits in the middle)."""
        return k - self.first if self.visible() > 1 else 0.5

    def _in_view(self, k: int) -> bool:
        return self.first <= k < self.first + self.visible()

    def _radius(self, area: PlotArea) -> float:
        """Markers as big as the room each level has: 4.5 px at a few dozen levels, 1.5 px at hundreds."""
        room = area.rect.width() / max(1, self.visible())
        return max(1.5, min(4.5, room * 0.42))

    def point_at(self, k: int) -> QPointF | None:
        """Where point ``k`` is drawn (None: not scored or out of view)."""
        pt = self.points[k]
        if pt.score is None or not self._in_view(k):
            return None
        return self._area().pos(self._x(k), pt.score)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.points:
            return
        x = self.first + self._area().x_at(event.position().x())
        k = min(self.first + self.visible() - 1, max(self.first, round(x)))
        self.clicked.emit(self.indices[k])

    # -- painting -----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        area = self._area()
        paint_frame(p, self.width(), self.height(), area, self._caption())
        self._paint_legend(p)
        p.save()
        p.setClipRect(area.rect.adjusted(-HALO, -HALO, HALO, HALO))
        for name in self.SERIES:
            getattr(self, f"_paint_{name}")(p, area)
        p.restore()
        p.end()

    def _paint_legend(self, p: QPainter) -> None:
        for row in self._legend_rows():
            for swatch, box, entry in row:
                self._swatch(p, swatch, entry.swatch)
                p.setPen(QColor("#444444"))
                p.drawText(box, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), entry.text)

    def _swatch(self, p: QPainter, box: QRectF, kind: str) -> None:
        c = box.center()
        if kind in TIER_STYLE or kind == "tier?":
            self._marker(p, c, CurvePoint(1.0, None if kind == "tier?" else kind), False, 4.5)
        elif kind == "cross":
            self._cross(p, c, 4.5)
        elif kind == "dash":
            p.setPen(QPen(QColor(RAMP), 1.5, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(box.left(), c.y()), QPointF(box.right(), c.y()))
        elif kind == "target":
            p.setPen(QPen(QColor(TARGET), 4))
            p.drawLine(QPointF(box.left() + 1, c.y()), QPointF(box.right() - 1, c.y()))
        elif kind == "predicted":
            r = 4.0
            p.setPen(QPen(QColor(PREDICTED), 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                     QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))
        elif kind == "bar":
            p.setPen(QPen(QColor("#9a9a9a"), 1))
            p.setBrush(QColor(150, 150, 150, 70))
            p.drawRect(box.adjusted(3, 0, -3, 0))

    def _scored(self) -> list[tuple[int, float]]:
        return [(k, pt.score) for k, pt in enumerate(self.points) if pt.score is not None]

    # The series: each a legend and a painting.

    def _legend_targets(self) -> list[LegendEntry]:
        return [LegendEntry("target", "target")] if any(pt.target is not None for pt in self.points) else []

    def _paint_targets(self, p: QPainter, area: PlotArea) -> None:
        """Each target as a short thick bar, joined by a dotted line: the ramp the set was made to climb."""
        marks = [area.pos(self._x(k), pt.target) for k, pt in enumerate(self.points)
                 if pt.target is not None and self._in_view(k)]
        if not marks:
            return
        p.setPen(QPen(QColor(TARGET), 1.5, Qt.PenStyle.DotLine))
        p.drawPolyline(QPolygonF(marks))
        half = min(7.0, max(2.0, self._radius(area) * 1.5))
        p.setPen(QPen(QColor(TARGET), 4 if half > 3 else 2))
        for c in marks:
            p.drawLine(QPointF(c.x() - half, c.y()), QPointF(c.x() + half, c.y()))

    def target_point(self, k: int) -> QPointF | None:
        """Where point ``k``'s target is drawn (None: it has none, or it is out of view)."""
        t = self.points[k].target
        return None if t is None or not self._in_view(k) else self._area().pos(self._x(k), t)

    def _series(self) -> list[LevelTimes] | None:
        """The predicted and measured times, when the set panel gave them (and some level is scored)."""
        if not any(pt.times for pt in self.points) or all(pt.score is None for pt in self.points):
            return None
        return [pt.times or LevelTimes() for pt in self.points]

    def _xs(self) -> list[float]:
        return [self._x(k) for k in range(len(self.points))]

    def _legend_times(self) -> list[LegendEntry]:
        series = self._series()
        top = time_series.top_of(series) if series else 0.0
        if not series or not top:
            return []
        out = []
        if any(t.median for t in series):
            out.append(LegendEntry("bar", f"median time, whisker: middle half (scale to {clock(top)})"))
        if any(t.predicted for t in series):
            out.append(LegendEntry("predicted", "predicted time"))
        return out

    def _paint_times(self, p: QPainter, area: PlotArea) -> None:
        series = self._series()
        if series:
            time_series.paint_times(p, area, self._xs(), series)

    def _legend_predicted(self) -> list[LegendEntry]:
        return []  # named with the measured times, on the same scale

    def _paint_predicted(self, p: QPainter, area: PlotArea) -> None:
        series = self._series()
        if series:
            time_series.paint_predicted(p, area, self._xs(), series)

    def _legend_ramp(self) -> list[LegendEntry]:
        return [LegendEntry("dash", "sorted")] if len(self._scored()) > 1 else []

    def _paint_ramp(self, p: QPainter, area: PlotArea) -> None:
        scored = self._scored()
        ramp = sorted(s for _, s in scored)
        line = [area.pos(self._x(k), s) for (k, _), s in zip(scored, ramp) if self._in_view(k)]
        if line:
            p.setPen(QPen(QColor(RAMP), 1.5, Qt.PenStyle.DashLine))
            p.drawPolyline(QPolygonF(line))

    def _legend_scores(self) -> list[LegendEntry]:
        tiers = {(pt.tier or "").lower() for pt in self.points}
        out = [LegendEntry(t, t) for t in TIER_STYLE if t in tiers]
        if tiers - set(TIER_STYLE):
            out.append(LegendEntry("tier?", "no tier"))
        if any(pt.warning for pt in self.points):
            out.append(LegendEntry("cross", "flagged"))
        return out

    def _paint_scores(self, p: QPainter, area: PlotArea) -> None:
        scored = [(k, s) for k, s in self._scored() if self._in_view(k)]
        if not scored:
            return
        r = self._radius(area)
        p.setPen(QPen(QColor("#333333"), 2 if r > 3 else 1))
        p.drawPolyline(QPolygonF([area.pos(self._x(k), s) for k, s in scored]))
        for k, s in scored:
            selected = self.indices[k] == self.selected
            self._marker(p, area.pos(self._x(k), s), self.points[k], selected, r + 1.5 if selected else r)

    def _marker(self, p: QPainter, c: QPointF, pt: CurvePoint, selected: bool, r: float) -> None:
        color, shape = TIER_STYLE.get((pt.tier or "").lower(), NO_TIER)
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
            self._cross(p, c, r)

    def _cross(self, p: QPainter, c: QPointF, r: float) -> None:
        p.setPen(QPen(QColor(WARNING), 2 if r > 3 else 1))
        d = r + (3 if r > 3 else 1.5)
        p.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d))
        p.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d))


class CurveView(QWidget):
    """The curve with its scroll bar and zoom buttons; ``enlarge`` (when given) opens it in a window of its own."""

    def __init__(self, parent: QWidget | None = None, enlarge: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        self.chart = DifficultyCurve(self)
        self.bar = QScrollBar(Qt.Orientation.Horizontal, self)
        self.bar.setAccessibleName("Scroll the curve")
        self.bar.valueChanged.connect(self.chart.scroll_to)
        self.chart.rangeChanged.connect(self._sync)
        self.buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.bar, 1)
        specs = [("zoom_in", "+", "Zoom in: fewer levels, bigger marks (or the wheel)", lambda: self.chart.zoom(2.0)),
                 ("zoom_out", "−", "Zoom out", lambda: self.chart.zoom(0.5)),
                 ("fit", "All", "Show every level", self.chart.show_all)]
        if enlarge is not None:
            specs.append(("enlarge", "⤢", "Open the curve in a window of its own", enlarge))
        for key, text, tip, slot in specs:
            b = QToolButton(self)
            b.setText(text)
            b.setToolTip(tip)
            b.setAccessibleName(tip.split(":")[0])
            b.clicked.connect(slot)
            self.buttons[key] = b
            row.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.chart, 1)
        layout.addLayout(row)
        self._sync()

    def _sync(self) -> None:
        c = self.chart
        n, span = len(c.points), c.visible()
        self.bar.blockSignals(True)
        self.bar.setRange(0, max(0, n - span))
        self.bar.setPageStep(max(1, span))
        self.bar.setValue(c.first)
        self.bar.blockSignals(False)
        self.bar.setEnabled(n > span)
        self.buttons["zoom_out"].setEnabled(bool(c.span))
        self.buttons["fit"].setEnabled(bool(c.span))
        self.buttons["zoom_in"].setEnabled(span > MIN_SPAN)

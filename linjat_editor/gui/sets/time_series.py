"""The curve's time series: per level the predicted time beside the measured one (median and spread over testers).

Kept apart from the score curve (``curve_chart.py``) so the chart can change its
own drawing without touching this: the chart hands over its plot area and
where each level sits, this draws on the time scale (right, its own).

Measured: the solved playtests' times (median, and the middle half as a whisker
from the first to the third quartile). Predicted: the time model over the
level's solve (the set's adopted model, else the shipped one).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from linjat_editor.core.analysis.solve_time import clock
from linjat_editor.gui.sets.set_checks import EntryCheck
from linjat_editor.gui.sets.set_model import predicted_seconds
from linjat_editor.io.level_set import LevelSet, SetEntry, median_seconds, playtests_of, solved_seconds
from linjat_editor.render.chart import PlotArea

#: The predicted times' colour (Okabe-Ito vermilion), apart from every tier's and the targets'.
PREDICTED = "#d55e00"


@dataclass(frozen=True)
class LevelTimes:
    """One level's times in seconds: predicted, and the testers' median with its middle half (None: none)."""

    predicted: float | None = None
    median: float | None = None
    low: float | None = None
    high: float | None = None
    solved: int = 0  # how many solved playtests the median is over


def measured(tests: list[dict], predicted: float | None = None) -> LevelTimes:
    """The median (io's, as the list and the CSV say it) and the quartiles of the solved playtests' times.

    >>> measured([{"seconds": s, "solved": True} for s in (10, 20, 30, 40, 50)], 25.0)
    LevelTimes(predicted=25.0, median=30.0, low=20.0, high=40.0, solved=5)
    """
    seconds = solved_seconds(tests)
    if not seconds:
        return LevelTimes(predicted)
    q1, q3 = (float(x) for x in np.percentile(seconds, [25, 75]))
    return LevelTimes(predicted, median_seconds(tests), q1, q3, len(seconds))


def level_times(entry: SetEntry, check: EntryCheck | None, level_set: LevelSet) -> LevelTimes:
    """A set entry's times: its solved playtests and the prediction for its checked solve."""
    return measured(playtests_of(entry), predicted_seconds(check, level_set))


def top_of(times: list[LevelTimes]) -> float:
    """The time scale's top: the longest time drawn (0 when none)."""
    return max((t for lt in times for t in (lt.predicted, lt.median, lt.high) if t), default=0.0)


def paint_times(p: QPainter, area: PlotArea, xs: list[float], times: list[LevelTimes]) -> None:
    """Measured bars with whiskers, level by level, on the time scale (under the score curve)."""
    top = top_of(times)
    if not top:
        return
    rect = area.rect
    half = max(2.0, min(8.0, rect.width() / (2 * area.x_max + 2)))

    def y(t: float) -> float:
        return rect.bottom() - rect.height() * t / top

    for x_value, lt in zip(xs, times):
        x = area.pos(x_value, area.lo).x()
        if lt.median:
            p.setPen(QPen(QColor("#9a9a9a"), 1))
            p.setBrush(QColor(150, 150, 150, 70))
            p.drawRect(QRectF(x - half, y(lt.median), 2 * half, rect.bottom() - y(lt.median)))
            if lt.low is not None and lt.high is not None and lt.high > lt.low:
                p.setPen(QPen(QColor("#555555"), 1.5))
                p.drawLine(QPointF(x, y(lt.low)), QPointF(x, y(lt.high)))
                for t in (lt.low, lt.high):
                    p.drawLine(QPointF(x - half / 2, y(t)), QPointF(x + half / 2, y(t)))


def paint_predicted(p: QPainter, area: PlotArea, xs: list[float], times: list[LevelTimes]) -> None:
    """Each predicted time as a hollow diamond on the time scale (over the score curve, so none is hidden)."""
    for i, x_value in enumerate(xs):
        c = predicted_point(area, x_value, times, i)
        if c is not None:
            r = 4.0
            p.setPen(QPen(QColor(PREDICTED), 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                     QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))


def predicted_point(area: PlotArea, x_value: float, times: list[LevelTimes], i: int) -> QPointF | None:
    """Where level ``i``'s predicted time is drawn (None: it has none), for tests and tooltips."""
    top, t = top_of(times), times[i].predicted
    if not top or not t:
        return None
    rect = area.rect
    return QPointF(area.pos(x_value, area.lo).x(), rect.bottom() - rect.height() * t / top)

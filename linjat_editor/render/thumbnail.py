"""Small pictures of levels for lists (set panel, optimizer pool), drawn by the one board painter."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap

from linjat_editor.core.level import Level, Line
from linjat_editor.render.board import THUMBNAIL, BoardGeometry, paint_board
from linjat_editor.render.marks import Overlay
from linjat_editor.render.theme import Theme


def level_thumbnail(level: Level, size: int = 72, theme: Theme | None = None,
                    lines: Sequence[Line] | None = None, badge: str = "") -> QPixmap:
    """A ``size``×``size`` picture of the board (numbers as discs, dots, optional solution lines).

    ``badge`` (e.g. "!") is drawn in the corner to flag a level with warnings.
    """
    t = theme or Theme()
    pix = QPixmap(size, size)
    pix.fill(QColor(t.background))
    p = QPainter(pix)
    cell = (size - 4) / max(level.height, level.width)
    geometry = BoardGeometry((size - cell * level.width) / 2, (size - cell * level.height) / 2, cell,
                             level.height, level.width)
    paint_board(p, geometry, level, Overlay(solution=tuple(lines or ())), t, look=THUMBNAIL)
    if badge:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.leak))
        p.drawEllipse(QPointF(size - 9, 9), 8, 8)
        p.setPen(QColor("#ffffff"))
        f = QFont()
        f.setPixelSize(12)
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(size - 17, 1, 16, 16), Qt.AlignmentFlag.AlignCenter, badge)
    p.end()
    return pix

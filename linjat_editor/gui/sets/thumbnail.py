"""Small pictures of levels for lists (set panel, optimizer pool)."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

from linjat_editor.core.level import Level, Line
from linjat_editor.gui.theme import Theme


def level_thumbnail(level: Level, size: int = 72, theme: Theme | None = None,
                    lines: Sequence[Line] | None = None, badge: str = "") -> QPixmap:
    """A ``size``×``size`` picture of the board (numbers as discs, dots, optional solution lines).

    ``badge`` (e.g. "!") is drawn in the corner to flag a level with warnings.
    """
    t = theme or Theme()
    pix = QPixmap(size, size)
    pix.fill(QColor(t.background))
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    cell = (size - 4) / max(level.height, level.width)
    left = (size - cell * level.width) / 2
    top = (size - cell * level.height) / 2
    p.setPen(QPen(QColor(t.grid), 0.5))
    p.setBrush(QColor(t.cell))
    p.drawRect(QRectF(left, top, cell * level.width, cell * level.height))

    def center(r: int, c: int) -> QPointF:
        return QPointF(left + (c + 0.5) * cell, top + (r + 0.5) * cell)

    if lines:
        pen = QPen(QColor(t.solution), cell * 0.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        for r1, c1, r2, c2 in lines:
            p.drawLine(center(r1, c1), center(r2, c2))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(t.dot))
    for r, c in level.dots:
        p.drawEllipse(center(r, c), cell * 0.14, cell * 0.14)
    font = QFont()
    font.setPixelSize(max(5, int(cell * 0.7)))
    font.setBold(True)
    p.setFont(font)
    for n in level.numbers:
        c = center(n.row, n.col)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.number_fill))
        p.drawEllipse(c, cell * 0.45, cell * 0.45)
        if cell >= 7:  # digits only when they can be read
            p.setPen(QColor(t.number_text))
            p.drawText(QRectF(c.x() - cell / 2, c.y() - cell / 2, cell, cell), Qt.AlignmentFlag.AlignCenter, str(n.value))
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

"""Drawing a level and its overlay with QPainter. No input handling, no state.

Every signal has a shape as well as a colour: pinned dots have a ring, stuck
cells are hatched, leak cells are cross-hatched with a thick outline, complete
step lines are thick and solid, short ones thin with end ticks, lines grown in
the step are dashed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from linjat_editor.core.level import Cell, Level, Line
from linjat_editor.gui.overlay import Overlay
from linjat_editor.gui.theme import Theme


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid sits in the widget: square cells, centred, with a margin."""

    left: float
    top: float
    cell: float
    rows: int
    cols: int

    @classmethod
    def fit(cls, width: float, height: float, rows: int, cols: int, margin: float = 8.0) -> BoardGeometry:
        cell = max(4.0, min((width - 2 * margin) / cols, (height - 2 * margin) / rows))
        left = (width - cell * cols) / 2
        top = (height - cell * rows) / 2
        return cls(left, top, cell, rows, cols)

    def cell_rect(self, row: int, col: int) -> QRectF:
        return QRectF(self.left + col * self.cell, self.top + row * self.cell, self.cell, self.cell)

    def center(self, row: int, col: int) -> QPointF:
        return self.cell_rect(row, col).center()

    def cell_at(self, x: float, y: float) -> Cell | None:
        col = int((x - self.left) // self.cell)
        row = int((y - self.top) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols and x >= self.left and y >= self.top:
            return (row, col)
        return None

    def line_rect(self, line: Line, inset: float) -> QRectF:
        r1, c1, r2, c2 = line
        return self.cell_rect(r1, c1).united(self.cell_rect(r2, c2)).adjusted(inset, inset, -inset, -inset)


def paint_board(p: QPainter, g: BoardGeometry, level: Level, overlay: Overlay, theme: Theme,
                selection: Cell | None, drag: tuple[Cell, Cell] | None = None) -> None:
    """Paint everything, back to front."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _cells(p, g, level, overlay, theme)
    _solution(p, g, overlay, theme)
    _step_lines(p, g, overlay, theme)
    _dots(p, g, level, theme)
    _numbers(p, g, level, overlay, theme, drag)
    if selection is not None:
        pen = QPen(theme.color("selection"), min(5.0, max(2.0, g.cell * 0.06)))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2
        p.drawRect(g.cell_rect(*selection).adjusted(inset, inset, -inset, -inset))


def _cells(p: QPainter, g: BoardGeometry, level: Level, ov: Overlay, theme: Theme) -> None:
    p.setPen(QPen(theme.color("grid"), 1.0))
    p.setBrush(theme.color("cell"))
    for r in range(level.height):
        for c in range(level.width):
            p.drawRect(g.cell_rect(r, c))
    _hatch(p, g, ov.stuck_cells, theme.color("stuck"), Qt.BrushStyle.BDiagPattern, outline=False)
    _hatch(p, g, ov.leak_cells - ov.selected_leak_cells, theme.color("leak"), Qt.BrushStyle.DiagCrossPattern, outline=False)
    _hatch(p, g, ov.selected_leak_cells, theme.color("leak"), Qt.BrushStyle.DiagCrossPattern, outline=True)
    if ov.step_cells:
        faint = theme.color("step_done")
        faint.setAlpha(50)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(faint)
        for cell in ov.step_cells:
            p.drawRect(g.cell_rect(*cell))


def _hatch(p: QPainter, g: BoardGeometry, cells: frozenset[Cell], color: QColor, style: Qt.BrushStyle, outline: bool) -> None:
    if not cells:
        return
    tint = QColor(color)
    tint.setAlpha(60)
    for cell in cells:
        rect = g.cell_rect(*cell)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(tint)
        p.drawRect(rect)
        p.setBrush(QBrush(color, style))
        p.drawRect(rect)
        if outline:
            w = max(2.0, g.cell * 0.1)
            p.setPen(QPen(color, w))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(w / 2, w / 2, -w / 2, -w / 2))


def _solution(p: QPainter, g: BoardGeometry, ov: Overlay, theme: Theme) -> None:
    color = theme.color("solution")
    color.setAlpha(170)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    inset = g.cell * 0.22
    for line in ov.solution:
        p.drawRoundedRect(g.line_rect(line, inset), g.cell * 0.28, g.cell * 0.28)


def _step_lines(p: QPainter, g: BoardGeometry, ov: Overlay, theme: Theme) -> None:
    for sl in ov.step_lines:
        r1, c1, r2, c2 = sl.line
        a, b = g.center(r1, c1), g.center(r2, c2)
        if sl.complete:
            pen = QPen(theme.color("step_done"), g.cell * 0.22)
        else:
            pen = QPen(theme.color("step_short"), g.cell * 0.12)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if sl.extended:
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        if a == b:
            if sl.complete:  # a 1: a ring around it
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(a, g.cell * 0.42, g.cell * 0.42)
            continue
        p.drawLine(a, b)
        if not sl.complete:  # open ends: short perpendicular ticks say "may still grow"
            tick = QPen(theme.color("step_short"), max(1.5, g.cell * 0.05))
            p.setPen(tick)
            half = g.cell * 0.25
            for pt in (a, b):
                if r1 == r2:
                    p.drawLine(QPointF(pt.x(), pt.y() - half), QPointF(pt.x(), pt.y() + half))
                else:
                    p.drawLine(QPointF(pt.x() - half, pt.y()), QPointF(pt.x() + half, pt.y()))


def _dots(p: QPainter, g: BoardGeometry, level: Level, theme: Theme) -> None:
    radius = g.cell * 0.12
    for cell in level.dots:
        center = g.center(*cell)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(theme.color("dot"))
        p.drawEllipse(center, radius, radius)
        if cell in level.pinned:  # a ring: the generator keeps this dot
            p.setPen(QPen(theme.color("pin_ring"), max(1.5, g.cell * 0.06)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(center, radius * 2.4, radius * 2.4)


def _numbers(p: QPainter, g: BoardGeometry, level: Level, ov: Overlay, theme: Theme,
             drag: tuple[Cell, Cell] | None) -> None:
    font = QFont()
    font.setPixelSize(max(6, int(g.cell * 0.5)))
    font.setBold(True)
    p.setFont(font)
    radius = g.cell * 0.38
    for n in level.numbers:
        cell = n.cell
        ghost = drag is not None and drag[0] == cell and drag[1] != cell
        center = g.center(*(drag[1] if ghost and drag else cell))
        fill = theme.color("number_fill")
        if ghost:
            fill.setAlpha(140)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawEllipse(center, radius, radius)
        if cell in ov.stuck_numbers:  # a dashed orange ring: this number's line is not settled
            pen = QPen(theme.color("stuck"), max(2.0, g.cell * 0.07))
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(center, radius * 1.12, radius * 1.12)
        p.setPen(theme.color("number_text"))
        box = QRectF(center.x() - radius, center.y() - radius, 2 * radius, 2 * radius)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(n.value))

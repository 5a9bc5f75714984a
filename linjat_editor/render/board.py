"""The one board painter: a level, its solution and its marks, on any QPainter.

The editor's board, the set thumbnails and the printed sheets (PNG, SVG, PDF)
all draw through :func:`paint_board`; they differ only in colours (a
:class:`Theme`) and in a :class:`Look` (line widths and shapes relative to
the cell). No input handling, no state.

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
from linjat_editor.render.marks import Overlay
from linjat_editor.render.theme import Theme


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid sits on the device: square cells from a top-left corner."""

    left: float
    top: float
    cell: float
    rows: int
    cols: int

    @classmethod
    def fit(cls, width: float, height: float, rows: int, cols: int, margin: float = 8.0) -> BoardGeometry:
        """The largest square cells that fit ``width`` x ``height`` with ``margin``, centred."""
        cell = max(4.0, min((width - 2 * margin) / cols, (height - 2 * margin) / rows))
        left = (width - cell * cols) / 2
        top = (height - cell * rows) / 2
        return cls(left, top, cell, rows, cols)

    def board_rect(self) -> QRectF:
        return QRectF(self.left, self.top, self.cell * self.cols, self.cell * self.rows)

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


@dataclass(frozen=True)
class Look:
    """Widths and shapes, as fractions of a cell unless named in device units.

    The default is the editor's look; :data:`PRINT` and :data:`THUMBNAIL` are
    the sheets' and the lists'.
    """

    grid_width: float = 1.0  # device units; the inner grid lines
    inner_grid: bool = True  # False: only the frame (thumbnails)
    frame: str | None = None  # colour of the board's frame; None: the grid colour
    frame_width: float = 1.0  # device units
    number_shape: str = "disc"  # "disc" or "box"
    number_size: float = 0.38  # radius of the disc, half-side of the box
    number_outline: str | None = None  # a box's outline colour
    text_size: float = 0.5  # digit height (font pixel size) per cell
    min_digit_cell: float = 0.0  # no digits on cells smaller than this (unreadable)
    font_family: str = ""  # "" for the application's font
    dot_size: float = 0.12  # radius
    solution_width: float = 0.56  # a round-capped bar between the end cells' centres
    solution_alpha: int = 170
    pins: bool = True  # ring the pinned dots


#: Printed sheets: thin grey grid, black frame, boxed digits, solid blue solution strokes.
PRINT = Look(grid_width=0.5, frame="#000000", frame_width=1.5, number_shape="box", number_size=0.34,
             number_outline="#000000", text_size=0.55, font_family="DejaVu Sans", solution_width=0.42,
             solution_alpha=255, pins=False)
PRINT_THEME = Theme(background="#ffffff", cell="#ffffff", grid="#9a9a9a", number_fill="#ffffff",
                    number_text="#000000", dot="#000000", solution="#4a7fb5")

#: Thumbnails in lists: a frame only, big discs, digits only when they can be read.
THUMBNAIL = Look(grid_width=0.5, inner_grid=False, frame_width=0.5, number_size=0.45, text_size=0.7,
                 min_digit_cell=7.0, dot_size=0.14, solution_width=0.5, solution_alpha=255, pins=False)


def paint_board(p: QPainter, g: BoardGeometry, level: Level, overlay: Overlay = Overlay(),
                theme: Theme = Theme(), selection: Cell | None = None, drag: tuple[Cell, Cell] | None = None,
                look: Look = Look()) -> None:
    """Paint everything, back to front. ``drag`` is (from, to) of a number being moved."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_grid(p, g, theme, look)
    _marked_cells(p, g, overlay, theme)
    _solution(p, g, overlay.solution, theme, look)
    _step_lines(p, g, overlay, theme)
    paint_dots(p, g, level, theme, look)
    paint_numbers(p, g, level, theme, look, overlay.stuck_numbers, drag)
    if selection is not None:
        pen = QPen(theme.color("selection"), min(5.0, max(2.0, g.cell * 0.06)))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2
        p.drawRect(g.cell_rect(*selection).adjusted(inset, inset, -inset, -inset))


def paint_grid(p: QPainter, g: BoardGeometry, theme: Theme, look: Look = Look()) -> None:
    """The cells' background, the grid lines between them and the board's frame."""
    board = g.board_rect()
    p.fillRect(board, theme.color("cell"))
    if look.inner_grid:
        p.setPen(QPen(theme.color("grid"), look.grid_width))
        for r in range(1, g.rows):
            y = g.top + r * g.cell
            p.drawLine(QPointF(board.left(), y), QPointF(board.right(), y))
        for c in range(1, g.cols):
            x = g.left + c * g.cell
            p.drawLine(QPointF(x, board.top()), QPointF(x, board.bottom()))
    p.setPen(QPen(QColor(look.frame) if look.frame else theme.color("grid"), look.frame_width))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(board)


def _marked_cells(p: QPainter, g: BoardGeometry, ov: Overlay, theme: Theme) -> None:
    _hatch(p, g, ov.stuck_cells, theme.color("stuck"), Qt.BrushStyle.BDiagPattern, outline=False)
    _hatch(p, g, ov.leak_cells - ov.selected_leak_cells, theme.color("leak"), Qt.BrushStyle.DiagCrossPattern, outline=False)
    _hatch(p, g, ov.selected_leak_cells, theme.color("leak"), Qt.BrushStyle.DiagCrossPattern, outline=True)
    _hatch(p, g, ov.culprits, theme.color("culprit"), Qt.BrushStyle.DiagCrossPattern, outline=True)
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


def _solution(p: QPainter, g: BoardGeometry, lines: tuple[Line, ...], theme: Theme, look: Look) -> None:
    if not lines:
        return
    color = theme.color("solution")
    color.setAlpha(look.solution_alpha)
    pen = QPen(color, g.cell * look.solution_width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    for r1, c1, r2, c2 in lines:
        p.drawLine(g.center(r1, c1), g.center(r2, c2))


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


def paint_dots(p: QPainter, g: BoardGeometry, level: Level, theme: Theme, look: Look = Look()) -> None:
    radius = g.cell * look.dot_size
    for cell in sorted(level.dots):
        center = g.center(*cell)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(theme.color("dot"))
        p.drawEllipse(center, radius, radius)
        if look.pins and cell in level.pinned:  # a ring: the generator keeps this dot
            p.setPen(QPen(theme.color("pin_ring"), max(1.5, g.cell * 0.06)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(center, radius * 2.4, radius * 2.4)


def digit_font(p: QPainter, pixels: float, family: str = "", bold: bool = True) -> QFont:
    """A font ``pixels`` painter units tall, on any device (screen, image, PDF, SVG)."""
    font = QFont(family) if family else QFont()
    # Points are what every device honours; undo the device's own point-to-pixel factor.
    font.setPointSizeF(max(pixels, 0.5) * 72.0 / p.device().logicalDpiY())
    font.setBold(bold)
    return font


def paint_numbers(p: QPainter, g: BoardGeometry, level: Level, theme: Theme, look: Look = Look(),
                  stuck: frozenset[Cell] = frozenset(), drag: tuple[Cell, Cell] | None = None) -> None:
    """Each number as a disc or a box with its digit; ``stuck`` numbers get a dashed ring."""
    p.setFont(digit_font(p, max(5.0, g.cell * look.text_size), look.font_family))
    size = g.cell * look.number_size
    for n in level.numbers:
        cell = n.cell
        ghost = drag is not None and drag[0] == cell and drag[1] != cell
        center = g.center(*(drag[1] if ghost and drag else cell))
        fill = theme.color("number_fill")
        if ghost:
            fill.setAlpha(140)
        box = QRectF(center.x() - size, center.y() - size, 2 * size, 2 * size)
        if look.number_shape == "box":
            p.setPen(QPen(QColor(look.number_outline), 1.0) if look.number_outline else Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawRect(box)
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawEllipse(center, size, size)
        if cell in stuck:  # a dashed orange ring: this number's line is not settled
            pen = QPen(theme.color("stuck"), max(2.0, g.cell * 0.07))
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(center, size * 1.12, size * 1.12)
        if g.cell >= look.min_digit_cell:
            p.setPen(theme.color("number_text"))
            p.drawText(QRectF(center.x() - g.cell / 2, center.y() - g.cell / 2, g.cell, g.cell),
                       Qt.AlignmentFlag.AlignCenter, str(n.value))

"""The board: draws the document's level and turns mouse and keys into undoable commands.

Input map: click selects; 1-9 places a number; `.` or right-click toggles a
dot; Shift-click (or P) pins/unpins a dot; Delete/Backspace/0/Space clears;
arrows move the selection; dragging a number moves it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from linjat_editor.core.level import Cell, Level, Number
from linjat_editor.render.board import BoardGeometry, paint_board
from linjat_editor.gui.commands import (
    ClearCellCommand,
    MoveNumberCommand,
    PinDotCommand,
    SetNumberCommand,
    ToggleDotCommand,
)
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.board.fit import numbers_that_cannot_fit
from linjat_editor.render.marks import Overlay
from linjat_editor.render.theme import Theme

_ARROWS = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}
_CLEAR_KEYS = {Qt.Key.Key_Delete, Qt.Key.Key_Backspace, Qt.Key.Key_0, Qt.Key.Key_Space}


class BoardView(QWidget):
    """Editable view of a :class:`Document`. Overlays come from the panels via :meth:`set_overlay`."""

    #: The selected cell changed; carries (row, col) or None.
    selectionChanged = Signal(object)  # Signal(object): a cell or None (Qt has no optional type)
    #: A preview started (True) or ended (False).
    previewChanged = Signal(bool)
    #: An edit the board will not make, with the sentence saying why (e.g. a 9 on a 4×4 board).
    refused = Signal(str)

    PREVIEW_BANNER = "PREVIEW (read-only) — Adopt keeps it; Esc or a click on the board returns to your level"

    def __init__(self, document: Document, theme: Theme | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.theme = theme or Theme()
        self.overlay = Overlay()
        self.show_solution = False
        self.puzzle_only = False  # while the level is played: no solution, steps or analysis marks
        self._selection: Cell | None = (0, 0)
        self._press: Cell | None = None  # cell a left-drag started on (a number)
        self._hover: Cell | None = None
        self._preview: Level | None = None  # a level shown instead of the document's, read-only
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Level board")
        self.setAccessibleDescription("Grid of numbers and dots. Type 1-9, '.', Delete; arrows move.")
        self.setToolTip("Click: select · 1–9: number · . or right-click: dot · Shift-click or P: pin dot\n"
                        "Delete: clear · arrows: move selection · drag a number to move it")
        document.levelChanged.connect(self._on_level)

    # -- state -----------------------------------------------------------------

    @property
    def level(self) -> Level:
        return self._preview or self.document.level

    @property
    def previewing(self) -> bool:
        return self._preview is not None

    def set_preview(self, level: Level | None) -> None:
        """Show ``level`` instead of the document's (e.g. an optimizer candidate), read-only.

        Only the designer ends it: a click or key on the board (which then does
        what it always does), Esc, an edit, undo or adopt (the document changes),
        or ``set_preview(None)`` from the panel's "Back to my level".
        """
        was = self._preview is not None
        self._preview = level
        if (level is not None) != was:
            self.previewChanged.emit(level is not None)
        self.update()

    @property
    def selection(self) -> Cell | None:
        return self._selection

    def set_selection(self, cell: Cell | None) -> None:
        if cell is not None:
            r, c = cell
            cell = (min(max(r, 0), self.level.height - 1), min(max(c, 0), self.level.width - 1))
        if cell != self._selection:
            self._selection = cell
            self.selectionChanged.emit(cell)
            self.update()

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.update()

    def set_show_solution(self, show: bool) -> None:
        self.show_solution = show
        self.update()

    def set_puzzle_only(self, on: bool) -> None:
        """Draw the level alone, none of the overlay (while it is played, so nothing gives the answer away)."""
        self.puzzle_only = on
        self.update()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.update()

    def label_room(self) -> int:
        """Pixels left of the grid and above it for the row and column numbers."""
        return self.fontMetrics().height() + 6

    def geometry_for_size(self) -> BoardGeometry:
        room = self.label_room()
        fit = BoardGeometry.fit(self.width() - room, self.height() - room, self.level.height, self.level.width)
        return replace(fit, left=fit.left + room, top=fit.top + room)

    def cell_center(self, row: int, col: int) -> QPointF:
        """Widget coordinates of a cell's centre (tests click here)."""
        return self.geometry_for_size().center(row, col)

    def _on_level(self, level: Level) -> None:
        self.set_preview(None)
        if self._selection is not None:
            self.set_selection(self._selection)  # clamp after a resize
        self.update()

    # -- painting --------------------------------------------------------------

    def sizeHint(self) -> QSize:
        room = self.label_room()
        return QSize(48 * self.level.width + 16 + room, 48 * self.level.height + 16 + room)

    def minimumSizeHint(self) -> QSize:
        room = self.label_room()
        return QSize(12 * self.level.width + 16 + room, 12 * self.level.height + 16 + room)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), self.theme.color("background"))
        overlay = Overlay() if self.puzzle_only else self.overlay
        if not self.show_solution and overlay.solution:
            overlay = replace(overlay, solution=())
        drag = (self._press, self._hover) if self._press is not None and self._hover is not None else None
        if self._preview is not None:
            self._paint_preview(p)
            p.end()
            return
        geometry = self.geometry_for_size()
        paint_board(p, geometry, self.level, overlay, self.theme, self._selection, drag)
        self._paint_labels(p, geometry)
        p.end()

    def _paint_labels(self, p: QPainter, g: BoardGeometry) -> None:
        """Row numbers left of the grid, column numbers above it: every message says "row 7, column 6"."""
        font = QFont(self.font())
        font.setPixelSize(max(7, min(self.fontMetrics().height() - 2, int(g.cell * 0.45))))
        p.setFont(font)
        p.setPen(QColor(self.theme.color("grid")).darker(170))
        room = self.label_room()
        for r in range(g.rows):
            box = g.cell_rect(r, 0).translated(-room, 0)
            box.setWidth(room - 4)
            p.drawText(box, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), str(r + 1))
        for c in range(g.cols):
            box = g.cell_rect(0, c).translated(0, -room)
            box.setHeight(room - 2)
            p.drawText(box, int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom), str(c + 1))

    def _paint_preview(self, p: QPainter) -> None:
        """A read-only look that cannot be mistaken for the editable board: washed out, framed, a banner
        (above the grid, never over its top row)."""
        font = QFont(self.font())
        font.setBold(True)
        p.setFont(font)
        strip = QRect(0, 0, self.width(), p.fontMetrics().height() + 12)
        below = BoardGeometry.fit(self.width(), self.height() - strip.height(), self._preview.height,  # type: ignore[union-attr]
                                  self._preview.width)  # type: ignore[union-attr]
        p.save()
        p.translate(0, strip.height())
        # The overlays describe the document's level, not this one.
        paint_board(p, below, self._preview, Overlay(), self.theme, None, None)  # type: ignore[arg-type]
        p.restore()
        wash = QColor(self.theme.color("background"))
        wash.setAlpha(90)
        p.fillRect(self.rect(), wash)
        accent = QColor(self.theme.color("selection"))
        accent.setAlpha(255)
        p.setPen(QPen(accent, 6, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)  # a frame only: the board painter leaves its last brush set
        p.drawRect(self.rect().adjusted(3, 3, -4, -4))
        p.fillRect(strip, accent)
        p.setPen(QColor("black") if accent.lightness() > 140 else QColor("white"))
        text = p.fontMetrics().elidedText(self.PREVIEW_BANNER, Qt.TextElideMode.ElideRight, self.width() - 12)
        p.drawText(strip, int(Qt.AlignmentFlag.AlignCenter), text)

    # -- mouse -----------------------------------------------------------------

    def _cell_at(self, pos: QPointF) -> Cell | None:
        return self.geometry_for_size().cell_at(pos.x(), pos.y())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.set_preview(None)  # back to the designer's level, and the click counts there
        cell = self._cell_at(event.position())
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if cell is None:
            return
        self.set_selection(cell)
        if event.button() == Qt.MouseButton.RightButton:
            self.document.push(ToggleDotCommand(self.document, *cell))
        elif event.button() == Qt.MouseButton.LeftButton:
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.document.push(PinDotCommand(self.document, *cell))
            elif self.level.number_at(*cell) is not None:
                self._press, self._hover = cell, cell

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        cell = self._cell_at(event.position())
        if cell is not None and cell != self._hover:
            self._hover = cell
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        source, self._press, self._hover = self._press, None, None
        target = self._cell_at(event.position())
        if target is not None and target != source:
            if self.document.push(MoveNumberCommand(self.document, source, target)):
                self.set_selection(target)
        self.update()

    # -- keyboard --------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if self._preview is not None:
            self.set_preview(None)  # the key then acts on the designer's level as usual
            if key == Qt.Key.Key_Escape:
                return
        sel = self._selection
        if key in _ARROWS:
            dr, dc = _ARROWS[key]
            base = sel or (0, 0)
            self.set_selection((base[0] + dr, base[1] + dc))
            return
        if sel is None:
            super().keyPressEvent(event)
            return
        text = event.text()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier & ~Qt.KeyboardModifier.ShiftModifier
        if mods:  # leave Ctrl/Alt combinations to the window's shortcuts
            super().keyPressEvent(event)
        elif text in tuple("123456789"):
            why = numbers_that_cannot_fit(replace(self.level, numbers=(Number(*sel, int(text)),)))
            if why:
                self.refused.emit(why)  # said at once, not later as a puzzling fill failure
            else:
                self.document.push(SetNumberCommand(self.document, *sel, int(text)))
        elif text == ".":
            self.document.push(ToggleDotCommand(self.document, *sel))
        elif text.lower() == "p":
            self.document.push(PinDotCommand(self.document, *sel))
        elif key in _CLEAR_KEYS:
            self.document.push(ClearCellCommand(self.document, *sel))
        else:
            super().keyPressEvent(event)

"""The board a player draws on: drag from a number (or its line) to draw the line.

Lines of the right length are solid and filled; short lines are hollow with a
dashed outline; long lines are hollow with a hatched fill — so the three states
differ by shape, not by colour alone. A refused move flashes the blocking cell
and emits :attr:`PlayBoard.refused` with a sentence for the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from linjat_editor.core.level import Cell
from linjat_editor.gui.play.play_state import Drag, PlayState, Reach
from linjat_editor.render.theme import Theme
from linjat_editor.render.board import BoardGeometry, Look, paint_dots, paint_grid, paint_numbers

#: The editor's board look, with slightly smaller discs so the drawn lines show around them.
_LOOK = Look(number_size=0.36, pins=False)


class PlayBoard(QWidget):
    """Shows a :class:`PlayState` and turns mouse drags into moves."""

    #: A drag began (the status line can be cleared).
    dragStarted = Signal()
    #: A move was made (after the state changed).
    moved = Signal()
    #: A drag was stopped by a number or another line; carries a sentence.
    refused = Signal(str)

    def __init__(self, state: PlayState, theme: Theme | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.theme = theme or Theme()
        self.locked = False  # after a solve, until reset
        self._drag: Drag | None = None
        self._preview: Reach | None = None
        self._flash: Cell | None = None
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.setInterval(600)
        self._flash_timer.timeout.connect(self._clear_flash)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.cursor_cell: Cell = (0, 0)  # the keyboard's cell (drawn while the board has focus)
        self._pointer: Cell | None = None  # where a keyboard drag's "pointer" is
        self.setAccessibleName("Play board")
        self.setToolTip("Drag from a number to draw its line; drag again the other way to extend it.\n"
                        "Click a number to remove its line.\n"
                        "Keyboard: arrows move; Space picks up a number's line, arrows draw it, Space puts it down;\n"
                        "Esc cancels; Delete removes the line.")

    def sizeHint(self) -> QSize:
        return QSize(48 * self.state.level.width + 16, 48 * self.state.level.height + 16)

    def set_state(self, state: PlayState) -> None:
        self.state = state
        self._drag = self._preview = self._pointer = None
        r, c = self.cursor_cell
        self.cursor_cell = (min(r, state.level.height - 1), min(c, state.level.width - 1))
        self.updateGeometry()
        self.update()

    def geometry_(self) -> BoardGeometry:
        lvl = self.state.level
        return BoardGeometry.fit(self.width(), self.height(), lvl.height, lvl.width)

    # -- input ---------------------------------------------------------------

    def _offset(self, drag: Drag, pos: QPointF) -> tuple[int, int]:
        """Pointer position in whole cells from the dragged number (outside the grid is clamped)."""
        g = self.geometry_()
        n = self.state.level.numbers[drag.i]
        col = min(max(int((pos.x() - g.left) // g.cell), 0), g.cols - 1)
        row = min(max(int((pos.y() - g.top) // g.cell), 0), g.rows - 1)
        return row - n.row, col - n.col

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.locked:
            return
        cell = self.geometry_().cell_at(event.position().x(), event.position().y())
        i = self.state.number_for(cell) if cell else -1
        if i < 0:
            return
        self._drag = Drag(self.state, i)
        self._preview = self.state.reaches[i]
        self._press_on_number = cell == self.state.level.numbers[i].cell
        self._last_block: Cell | None = None
        self.dragStarted.emit()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is None:
            return
        reach, blocker = self._drag.update(*self._offset(self._drag, event.position()))
        if blocker is not None and blocker != self._last_block:
            self._refuse(blocker)  # once per obstacle per drag, not on every pixel
        self._last_block = blocker
        self._preview = reach
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        drag, self._drag = self._drag, None
        reach, _ = drag.update(*self._offset(drag, event.position()))
        if not drag.side and self._press_on_number:
            reach = Reach()  # a click on a number takes its line away
        self._preview = None
        if self.state.commit(drag.i, reach):
            self.moved.emit()
        self.update()

    # -- keyboard: the same drag, with a cell cursor for a pointer ----------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        step = {Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0), Qt.Key.Key_Left: (0, -1),
                Qt.Key.Key_Right: (0, 1)}.get(Qt.Key(key))
        lvl = self.state.level
        if step is not None:
            if self._pointer is not None and self._drag is not None:
                r, c = self._pointer
                self._pointer = (min(max(r + step[0], 0), lvl.height - 1), min(max(c + step[1], 0), lvl.width - 1))
                n = lvl.numbers[self._drag.i]
                reach, blocker = self._drag.update(self._pointer[0] - n.row, self._pointer[1] - n.col)
                if blocker is not None:
                    self._refuse(blocker)
                self._preview = reach
            else:
                r, c = self.cursor_cell
                self.cursor_cell = (min(max(r + step[0], 0), lvl.height - 1), min(max(c + step[1], 0), lvl.width - 1))
            self.update()
        elif key == Qt.Key.Key_Space and not self.locked:
            if self._pointer is None:
                self._key_pick()
            else:
                self._key_drop()
        elif key == Qt.Key.Key_Escape and self._pointer is not None:
            self._drag = self._preview = self._pointer = None
            self.update()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and not self.locked:
            i = self.state.number_for(self.cursor_cell)
            if i >= 0 and self.state.commit(i, Reach()):
                self.moved.emit()
                self.update()
        else:
            super().keyPressEvent(event)

    def _key_pick(self) -> None:
        i = self.state.number_for(self.cursor_cell)
        if i < 0:
            self.refused.emit("Space picks up a line on a number or on its line; move there with the arrows.")
            return
        self._drag = Drag(self.state, i)
        self._preview = self.state.reaches[i]
        self._pointer = self.cursor_cell
        self.dragStarted.emit()
        self.update()

    def _key_drop(self) -> None:
        drag, reach = self._drag, self._preview
        self._drag = self._preview = None
        self.cursor_cell, self._pointer = self._pointer or self.cursor_cell, None
        if drag is not None and reach is not None and self.state.commit(drag.i, reach):
            self.moved.emit()
        self.update()

    def _refuse(self, cell: Cell) -> None:
        lvl = self.state.level
        what = "a number" if lvl.number_at(*cell) else "another line"
        self._flash = cell
        self._flash_timer.start()
        self.refused.emit(f"Lines cannot cross or cover numbers: blocked by {what} at row {cell[0] + 1}, column {cell[1] + 1}.")

    def _clear_flash(self) -> None:
        self._flash = None
        self.update()

    # -- drawing -------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        g, t, lvl = self.geometry_(), self.theme, self.state.level
        p.fillRect(self.rect(), t.color("background"))
        paint_grid(p, g, t)
        for i, n in enumerate(lvl.numbers):
            reach = self.state.reaches[i]
            if self._drag is not None and self._drag.i == i and self._preview is not None:
                reach = self._preview
            self._paint_line(p, g, reach.line(n), reach.length, n.value)
        paint_dots(p, g, lvl, t, _LOOK)
        paint_numbers(p, g, lvl, t, _LOOK)
        if self._flash is not None:
            pen = QPen(QColor(t.leak), max(3.0, g.cell * 0.1))
            p.setPen(pen)
            p.setBrush(QBrush(QColor(t.leak), Qt.BrushStyle.DiagCrossPattern))
            p.drawRect(g.cell_rect(*self._flash).adjusted(2, 2, -2, -2))
        if self.hasFocus():
            cell = self._pointer or self.cursor_cell
            p.setPen(QPen(t.color("selection"), max(2.0, g.cell * 0.08)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(g.cell_rect(*cell).adjusted(1, 1, -1, -1))
        p.end()

    def _paint_line(self, p: QPainter, g: BoardGeometry, line: tuple[int, int, int, int], length: int, value: int) -> None:
        if length == 1 and value != 1:
            return
        t = self.theme
        rect = g.line_rect(line, g.cell * 0.16)
        radius = g.cell * 0.3
        if length == value:  # right: solid and filled
            color = t.color("step_done")
            p.setPen(QPen(color.darker(130), 2.0))
            p.setBrush(color)
        elif length < value:  # short: hollow, dashed outline
            pen = QPen(t.color("step_short"), max(2.0, g.cell * 0.07), Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
        else:  # long: hatched, solid outline
            color = t.color("step_short")
            p.setPen(QPen(color, max(2.0, g.cell * 0.07)))
            p.setBrush(QBrush(color, Qt.BrushStyle.BDiagPattern))
        p.drawRoundedRect(rect, radius, radius)

"""Combine the analysis result, the selected leak and the shown step into the board's overlay."""

from __future__ import annotations

from PySide6.QtCore import QObject

from linjat_editor.core.level import Level
from linjat_editor.core.analysis import Leak, Report, Step
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.step_lines import known_lines
from linjat_editor.render.marks import Overlay


class OverlayController(QObject):
    """Keeps the board's :class:`Overlay` in step with the panels.

    Overlays computed for an older level are dropped at once on an edit, so the
    board never shows highlights that no longer match its cells.
    """

    def __init__(self, board: BoardView) -> None:
        super().__init__(board)
        self.board = board
        self.result: Report | None = None
        self.leak: Leak | None = None
        self.step: Step | None = None
        board.document.levelChanged.connect(self._on_level)

    def set_result(self, result: Report | None) -> None:
        self.result, self.leak = result, None
        self._refresh()

    def set_leak(self, leak: Leak | None) -> None:
        self.leak = leak
        self._refresh()

    def set_step(self, step: Step | None) -> None:
        self.step = step
        self._refresh()

    def _on_level(self, level: Level) -> None:
        if self.result is not None and not self.result.level.same_board(level):
            self.result, self.leak, self.step = None, None, None
            self._refresh()

    def _refresh(self) -> None:
        r = self.result
        if r is None:
            self.board.set_overlay(Overlay())
            return
        leak_cells = frozenset().union(*(lk.cells for lk in r.leaks)) if r.leaks else frozenset()
        step_lines: tuple = ()
        step_cells: frozenset = frozenset()
        if self.step is not None:
            step_lines = known_lines(r.level.numbers, self.step.lines, self.step.grew)
            step_cells = frozenset(self.step.cells)
        stuck = r.stuck if self.step is None and r.stuck is not None else None
        self.board.set_overlay(Overlay(
            solution=r.lines or (),
            stuck_cells=frozenset(stuck.cells) if stuck else frozenset(),
            stuck_numbers=frozenset(stuck.numbers) if stuck else frozenset(),
            leak_cells=leak_cells,
            selected_leak_cells=frozenset(self.leak.cells) if self.leak is not None else frozenset(),
            step_lines=step_lines,
            step_cells=step_cells,
            culprits=frozenset(r.culprits.cells) if r.culprits else frozenset(),
        ))

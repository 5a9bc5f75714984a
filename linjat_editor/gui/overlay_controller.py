"""Combine the analysis result, the selected leak and the shown step into the board's overlay."""

from __future__ import annotations

from PySide6.QtCore import QObject

from linjat_editor.core.level import Level
from linjat_editor.gui.analysis_adapter import AnalysisResult, LeakInfo, StepInfo
from linjat_editor.gui.board_view import BoardView
from linjat_editor.gui.overlay import known_lines
from linjat_editor.render.marks import Overlay


class OverlayController(QObject):
    """Keeps the board's :class:`Overlay` in step with the panels.

    Overlays computed for an older level are dropped at once on an edit, so the
    board never shows highlights that no longer match its cells.
    """

    def __init__(self, board: BoardView) -> None:
        super().__init__(board)
        self.board = board
        self.result: AnalysisResult | None = None
        self.leak: LeakInfo | None = None
        self.step: StepInfo | None = None
        board.document.levelChanged.connect(self._on_level)

    def set_result(self, result: AnalysisResult | None) -> None:
        self.result, self.leak = result, None
        self._refresh()

    def set_leak(self, leak: LeakInfo | None) -> None:
        self.leak = leak
        self._refresh()

    def set_step(self, step: StepInfo | None) -> None:
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
            numbers = [(n.row, n.col, n.value) for n in r.level.numbers]
            step_lines = known_lines(numbers, self.step.owner, set(self.step.extended))
            step_cells = self.step.cells
        self.board.set_overlay(Overlay(
            solution=r.solution,
            stuck_cells=r.stuck_cells if self.step is None else frozenset(),
            stuck_numbers=r.stuck_numbers if self.step is None else frozenset(),
            leak_cells=leak_cells,
            selected_leak_cells=self.leak.cells if self.leak is not None else frozenset(),
            step_lines=step_lines,
            step_cells=step_cells,
        ))

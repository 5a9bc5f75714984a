"""Wire the optimizer dock into the editor window.

Adopting is one undoable step on the document; loading another level (or
closing the window) stops the worker cleanly, so no thread outlives its board.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel


def adopted(current: Level, found: Level) -> Level:
    """The optimizer's board with the designer's metadata (name, notes, playtests...) kept."""
    return found.with_meta(name=current.name, author=current.author, notes=current.notes,
                           message=current.message, extra=dict(current.extra))


class CloseWatcher(QObject):
    """Calls ``panel.shutdown()`` once the window has really closed (a close can be refused by the user)."""

    def __init__(self, window: Any, panel: Any) -> None:
        super().__init__(panel)
        self.window, self.panel = window, panel

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            QTimer.singleShot(0, self._after_close)
        return False

    def _after_close(self) -> None:
        if not self.window.isVisible():
            self.panel.shutdown()


def install_optimizer(window: Any, area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea) -> OptimizerPanel:
    """Add the optimizer dock over ``window.document``; returns the panel."""
    doc = window.document
    panel = OptimizerPanel(doc.level, window)
    doc.levelChanged.connect(panel.set_level)
    doc.reset.connect(panel.stop)  # another level opened: this session's board is gone
    panel.adoptRequested.connect(
        lambda level: doc.push(ReplaceLevelCommand(doc, adopted(doc.level, level), "Adopt optimizer level")))
    board = getattr(window, "board", None)
    if board is not None and hasattr(board, "set_preview"):
        panel.previewRequested.connect(board.set_preview)  # a clicked pool level shows on the board
    watcher = CloseWatcher(window, panel)
    window.installEventFilter(watcher)
    panel.close_watcher = watcher  # keep it alive as long as the panel
    window.add_dock(panel, area, "Optimizer")
    return panel

"""Wire the optimizer dock into the editor window.

Adopting is one undoable step on the document; loading another level (after
the designer agreed to drop the pool, see ``OptimizerPanel.confirm_drop``) stops
the session and forgets its pool (it belongs to the level it was run for). Closing the window stops its worker with every other one
(``workers.stop_all`` in the main window's close).
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.editor_window import EditorWindow
from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel


def adopted(current: Level, found: Level, goal: object = None) -> Level:
    """The optimizer's board with the designer's metadata (name, notes, playtests...) kept.

    A lesson search's level (``goal`` a lesson objective) also says what it
    teaches, for the essential-techniques line, and gets a drafted tutorial
    message when the designer has none yet.
    """
    level = found.with_meta(name=current.name, author=current.author, notes=current.notes, message=current.message,
                            extra=dict(current.extra))
    teach = getattr(goal, "teach", None)
    if teach is not None:
        from linjat_editor.core.analysis.tutorial import as_lesson

        level = as_lesson(level, teach, getattr(goal, "rules", ()))  # a lesson's board is small: milliseconds
    return level


def install_optimizer(window: EditorWindow, area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea) -> OptimizerPanel:
    """Add the optimizer dock over ``window.document``; returns the panel."""
    doc = window.document
    panel = OptimizerPanel(doc.level, window.widget())
    doc.levelChanged.connect(panel.set_level)
    doc.reset.connect(panel.forget)  # another level opened: this session's board is gone
    panel.adoptRequested.connect(
        lambda level: doc.push(ReplaceLevelCommand(doc, adopted(doc.level, level, panel.goal), "Adopt optimizer level")))
    board = window.board
    panel.previewRequested.connect(board.set_preview)  # a clicked pool level shows on the board
    board.previewChanged.connect(panel.preview_shown)
    doc.undo_stack.indexChanged.connect(lambda _: board.set_preview(None))  # Undo/Redo ends a preview
    doc.reset.connect(lambda: board.set_preview(None))  # so does another document
    window.add_dock(panel, area, "Optimizer")
    return panel

"""Wire play mode into the editor window: play the document's level, store playtests undoably."""

from __future__ import annotations

from PySide6.QtCore import Qt

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.editor_window import EditorWindow
from linjat_editor.gui.play.play_panel import PlayPanel, with_playtest


def install_play_mode(window: EditorWindow, area: Qt.DockWidgetArea = Qt.DockWidgetArea.BottomDockWidgetArea) -> PlayPanel:
    """Add a "Play" dock over ``window.document``.

    A board edit starts a fresh attempt; a finished attempt is stored in the
    level's ``extra["playtests"]`` as one undoable "Record playtest" step.
    """
    doc = window.document
    panel = PlayPanel(doc.level, window.widget())

    def level_changed(level: Level) -> None:
        if not level.same_board(panel.level):
            panel.set_level(level)
        else:  # metadata edits (like our own record) keep the attempt; an edited message shows at once
            panel.set_message(level.message)

    def record(result: dict) -> None:
        doc.push(ReplaceLevelCommand(doc, with_playtest(doc.level, result), "Record playtest"))

    doc.levelChanged.connect(level_changed)
    panel.playtestRecorded.connect(record)
    window.add_dock(panel, area, "Play")
    return panel

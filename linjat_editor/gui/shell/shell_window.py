"""What the shell's helpers use of the main window: the docks' view and the rest of the window.

The file workflow (``file_controller.py``) and the first start
(``first_start.py``) need more of the window than a dock does: the settings,
the panels, the status bar, the messages. They may not import
``main_window`` (it imports them), so they type their window with this
Protocol; ``MainWindow`` satisfies it by its shape. The menus
(``actions.py``) add the file workflow to it (``MenuWindow`` there), which is
why that one part is not named here.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QDockWidget, QMenu, QStatusBar

from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
from linjat_editor.gui.analysis.step_panel import StepPanel
from linjat_editor.gui.board.generator_controller import GeneratorController
from linjat_editor.gui.editor_window import EditorWindow
from linjat_editor.gui.sets.set_panel import SetPanel
from linjat_editor.gui.shell.settings import Settings
from linjat_editor.render.theme import Theme


class ShellWindow(EditorWindow, Protocol):
    # -- the preferences
    settings: Settings
    theme: Theme
    # -- the panels around the board, and their docks
    analysis: AnalysisPanel
    steps: StepPanel
    set_panel: SetPanel
    analysis_dock: QDockWidget
    steps_dock: QDockWidget
    history_dock: QDockWidget
    # -- Undo and Redo: the level's stack, or the set's while the focus is in the set panel
    undo_group: QUndoGroup
    # -- fill, polish, new level
    generator: GeneratorController
    # -- menus the menus fill in
    recent_menu: QMenu
    view_menu: QMenu | None

    def statusBar(self) -> QStatusBar: ...

    def show_error(self, title: str, text: str) -> None: ...

    def show_info(self, title: str, text: str) -> None: ...

    def set_theme(self, theme: Theme) -> None: ...

    def start_playtest(self) -> None: ...


__all__ = ["ShellWindow"]

"""What the docks, the menus and the file workflow use of the main window: one Protocol.

:class:`~linjat_editor.gui.shell.main_window.MainWindow` satisfies it by its
shape (no base class). It sits at the bottom of the editor's folders so that
every user may import it: the shell (``actions``, ``file_controller``,
``first_start``) and the docks (``optimizer``, ``play``, ``sets``), which may
not import the shell. The parts' types are named for the type checker only
(pyproject.toml's import contracts ignore exactly these imports): at run time
this module imports nothing of the editor, so no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QStatusBar, QWidget

if TYPE_CHECKING:
    from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
    from linjat_editor.gui.analysis.step_panel import StepPanel
    from linjat_editor.gui.board.board_view import BoardView
    from linjat_editor.gui.board.document import Document
    from linjat_editor.gui.board.generator_controller import GeneratorController
    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.shell.actions import Actions
    from linjat_editor.gui.shell.file_controller import FileController
    from linjat_editor.gui.shell.settings import Settings
    from linjat_editor.render.theme import Theme


class EditorWindow(Protocol):
    # -- the level and the preferences
    document: Document
    settings: Settings
    theme: Theme
    # -- the board and the panels around it
    board: BoardView
    analysis: AnalysisPanel
    steps: StepPanel
    set_panel: SetPanel
    analysis_dock: QDockWidget
    steps_dock: QDockWidget
    history_dock: QDockWidget
    # -- the workflows behind the menus
    files: FileController
    generator: GeneratorController
    # -- menus and actions (actions.py and set_dock.py fill in the menus)
    acts: Actions
    recent_menu: QMenu
    view_menu: QMenu | None
    set_menu: QMenu

    def widget(self) -> QMainWindow:
        """The window as a Qt widget: the parent of dialogs, menus and actions."""
        ...

    def statusBar(self) -> QStatusBar: ...

    def add_dock(self, widget: QWidget, area: Qt.DockWidgetArea = ...,
                 title: str | None = None) -> QDockWidget: ...

    def show_error(self, title: str, text: str) -> None: ...

    def show_info(self, title: str, text: str) -> None: ...

    def set_theme(self, theme: Theme) -> None: ...

    def engine_action_ready(self, act: object) -> bool: ...

    def start_playtest(self) -> None: ...


__all__ = ["EditorWindow"]

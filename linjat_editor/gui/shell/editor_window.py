"""What the menus and shortcuts (``actions``) use of the main window: its parts, by type.

A base class of :class:`~linjat_editor.gui.shell.main_window.MainWindow`, declared
below it so that ``actions`` can name its window's type without importing
``main_window`` (which installs the actions): no import cycle.
"""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtWidgets import QDockWidget, QMenu

from linjat_editor.gui.analysis.analysis_panel import AnalysisPanel
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.shell.file_controller import FileController
from linjat_editor.gui.board.generator_controller import GeneratorController
from linjat_editor.gui.analysis.step_panel import StepPanel
from linjat_editor.gui.shell.file_window import WindowBase
from linjat_editor.render.theme import Theme


class EditorWindow(WindowBase):
    theme: Theme
    board: BoardView
    analysis: AnalysisPanel
    steps: StepPanel
    files: FileController
    generator: GeneratorController
    acts: SimpleNamespace
    analysis_dock: QDockWidget
    steps_dock: QDockWidget
    history_dock: QDockWidget
    recent_menu: QMenu
    view_menu: QMenu | None
    engine_ready: bool  # False while the engine compiles on the first start

    def set_theme(self, theme: Theme) -> None:
        raise NotImplementedError

    def engine_action_ready(self, act: object) -> bool:
        raise NotImplementedError

    def start_playtest(self) -> None:
        raise NotImplementedError


__all__ = ["EditorWindow"]

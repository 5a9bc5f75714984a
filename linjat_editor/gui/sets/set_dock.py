"""Wire the set panel into the editor window (``window.document``, ``window.add_dock``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from linjat_editor.core.level import Level
from linjat_editor.gui.editor_window import EditorWindow
from linjat_editor.gui.sets.set_model import entry_name
from linjat_editor.gui.sets.set_panel import SetPanel


def install_set_panel(window: EditorWindow, area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea) -> SetPanel:
    """Add the set panel as a dock: "Add current" takes the document's level; a level opened
    from the set becomes a new untitled document (after the old level's unsaved changes are asked about)."""
    doc = window.document
    panel = SetPanel(current_level=lambda: doc.level, parent=window.widget())
    panel.setAccessibleName("Level set")

    def open_level(level: Level, index: int) -> None:
        name = entry_name(panel.level_set[index], index)  # the name the set's list shows, kept on the board
        doc.start_new(level if level.name else level.with_meta(name=name), f"opened {name} from the set")

    panel.openRequested.connect(open_level)
    dock = window.add_dock(panel, area, "Level set")

    def title() -> None:  # the set's name and unsaved mark, as a window title shows the level's
        name = panel.display_name()
        name = name if len(name) <= 24 else name[:23] + "…"
        dock.setWindowTitle(f"Level set: {name}{'*' if panel.modified else ''}")

    panel.documentChanged.connect(title)
    title()
    add_set_menu(window, panel)
    return panel


def add_set_menu(window: EditorWindow, panel: SetPanel) -> None:
    """The Level set menu (before Help): New campaign…"""
    bar = window.widget().menuBar()
    menu = QMenu("Level &set", window.widget())
    action = menu.addAction("New &campaign…")
    action.setToolTip("Lessons teaching each technique in turn, then easy to expert on a smooth ramp")
    action.triggered.connect(panel.campaign_dialog)
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is None:
        bar.addMenu(menu)
    else:
        bar.insertMenu(help_menu, menu)
    window.set_menu = menu  # reachable for tests

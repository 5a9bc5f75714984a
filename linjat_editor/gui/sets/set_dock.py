"""Wire the set panel into the editor window (``window.document``, ``window.add_dock``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from linjat_editor.core.level import Level
from linjat_editor.gui.editor_window import EditorWindow
from linjat_editor.gui.sets import set_playtests
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
    """The Level set menu (before Help): New campaign…, Import playtests…, Fit time model…; and File ▸ Export ▸ Playtest page…"""
    bar = window.widget().menuBar()
    menu = QMenu("Level &set", window.widget())
    action = menu.addAction("New &campaign…")
    action.setToolTip("Lessons teaching each technique in turn, then easy to expert on a smooth ramp")
    action.triggered.connect(panel.campaign_dialog)
    action = menu.addAction("Import &playtests…")
    action.setToolTip("Testers' results from the playtest page, put on their levels (one undo step)")
    action.triggered.connect(lambda: set_playtests.import_dialog(panel))
    action = menu.addAction("&Fit time model to playtests…")
    action.setToolTip("Fit the predicted time to the testers' times, and adopt it for this set if you like")
    action.triggered.connect(lambda: set_playtests.fit_dialog(panel))
    add_export_menu(window, panel)
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is None:
        bar.addMenu(menu)
    else:
        bar.insertMenu(help_menu, menu)
    window.set_menu = menu  # reachable for tests


def add_export_menu(window: EditorWindow, panel: SetPanel) -> None:
    """File ▸ Export ▸ Playtest page…: the set as one web page for testers (before the File menu's last group)."""
    bar = window.widget().menuBar()
    file_menu = next((a.menu() for a in bar.actions() if a.text().replace("&", "") == "File"), None)
    if not isinstance(file_menu, QMenu):
        return
    export = QMenu("&Export", file_menu)
    action = export.addAction("&Playtest page…")
    action.setToolTip("The level set as one web page testers play in a browser; it records their times and moves")
    action.triggered.connect(lambda: set_playtests.export_page_dialog(panel))
    separators = [a for a in file_menu.actions() if a.isSeparator()]
    if separators:
        file_menu.insertMenu(separators[-1], export)
    else:
        file_menu.addMenu(export)
    window.export_menu = export  # reachable for tests

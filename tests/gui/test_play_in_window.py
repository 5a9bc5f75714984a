

def test_a_layout_saved_by_the_old_version_does_not_put_play_back_in_the_strip(qtbot, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    from linjat_editor.gui.shell.main_window import MainWindow

    first = MainWindow(autosave=False)
    qtbot.addWidget(first)
    play = first.findChild(QDockWidget, "dock-play")
    first.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, play)  # where the old version had it
    old_state = bytes(first.saveState(1).toBase64().data()).decode()
    first.settings.state = old_state
    again = MainWindow(settings=first.settings, autosave=False)
    qtbot.addWidget(again)
    assert again.dockWidgetArea(again.findChild(QDockWidget, "dock-play")) == Qt.DockWidgetArea.RightDockWidgetArea

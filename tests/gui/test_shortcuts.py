"""Help ▸ Keyboard shortcuts (F1): every key the window answers, in a list that fits the screen and filters."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from linjat_editor.gui.dialogs.shortcuts import BOARD_KEYS, MOST_OF_THE_SCREEN, ShortcutsDialog
from linjat_editor.gui.screen_room import room_on_screen


def opened(window, qtbot) -> ShortcutsDialog:
    window.show()
    window.acts.shortcuts.trigger()
    dialog = window.findChild(ShortcutsDialog)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def test_f1_lists_the_board_keys_and_every_action_with_its_keys(window, qtbot):
    assert window.acts.shortcuts.shortcut() == QKeySequence("F1")
    dialog = opened(window, qtbot)
    rows = dialog.rows()
    assert rows[: len(BOARD_KEYS)] == list(BOARD_KEYS)
    listed = dict((does, keys) for keys, does in rows)
    bound = [act for act in window.actions() if act.shortcuts()]
    assert len(bound) > 40
    for act in bound:
        keys = listed[act.text().replace("&", "")]
        for seq in act.shortcuts():
            assert seq.toString(QKeySequence.SequenceFormat.NativeText) in keys.split(", "), act.text()
    assert listed["Fill dots"] == "Ctrl+D" and listed["Keyboard shortcuts"] == "F1"


def test_the_list_fits_the_screen_scrolls_and_close_is_in_reach(window, qtbot):
    dialog = opened(window, qtbot)
    room = room_on_screen(window)  # the screen's free area, less a title bar
    # Its size (where it lands on a real screen is window_fit's check, under X at 1366x768).
    assert dialog.height() <= room.height() * MOST_OF_THE_SCREEN and dialog.width() <= room.width()
    table = dialog.table
    assert table.verticalScrollBar().maximum() > 0  # more rows than room: the table scrolls, the dialog does not grow
    close = dialog.buttons.buttons()[0]
    assert close.isVisible() and close.text().replace("&", "") == "Close"
    assert dialog.rect().contains(close.geometry().translated(dialog.buttons.pos()))
    for column in range(2):  # no column squeezed out of sight
        assert table.columnWidth(column) > 60
    assert table.columnWidth(0) + table.columnWidth(1) <= table.viewport().width() + 1
    close.click()
    qtbot.waitUntil(lambda: window.findChild(ShortcutsDialog) is None)


def test_typing_in_the_filter_keeps_the_matching_rows(window, qtbot):
    dialog = opened(window, qtbot)
    everything = dialog.rows()
    assert dialog.focusWidget() is dialog.filter  # type at once, no click first
    qtbot.keyClicks(dialog.filter, "fill")
    assert {does for _, does in dialog.rows()} == {"Fill dots", "Fill again"}
    dialog.filter.setText("ctrl+d")
    assert dialog.rows() == [("Ctrl+D", "Fill dots")]
    dialog.filter.setText("no such key")
    assert dialog.rows() == []
    dialog.filter.clear()
    assert dialog.rows() == everything

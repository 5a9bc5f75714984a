"""Help ▸ Keyboard shortcuts: every key the editor answers, in a list that scrolls and filters.

The list is built from the window's own actions each time it opens, so it
never goes stale. It is a scrolling table, not a message box: some fifty
rows are taller than a 1366×768 screen, and a message box grows past the
screen's bottom edge, its OK button out of reach.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLineEdit, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from linjat_editor.gui.screen_room import room_on_screen

#: Keys typed on the board itself: not actions, so listed here.
BOARD_KEYS = (
    ("1–9", "Place a number (a 1's line is just its own cell: already done)"),
    (". / right-click", "Toggle a dot"),
    ("P / Shift-click", "Pin or unpin a dot"),
    ("Delete", "Clear the cell"),
    ("Arrows", "Move the selection"),
    ("Drag", "Move a number"),
)
#: The share of the screen's height the list may take before it scrolls.
MOST_OF_THE_SCREEN = 0.8


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what they do) for the board's keys, then every action of ``window`` that has a shortcut."""
    rows = list(BOARD_KEYS)
    for act in window.actions():
        keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in act.shortcuts())
        if keys:
            rows.append((keys, act.text().replace("&", "")))
    return rows


class ShortcutsDialog(QDialog):
    """The shortcut list of ``window``: a filter field over a two-column table, and Close."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Find a shortcut: type a key or a word, such as fill or Ctrl+D")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._show_matching)
        self._all = rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setHorizontalHeaderLabels(["Keys", "Does"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        for i, (keys, does) in enumerate(rows):
            key_item = QTableWidgetItem(keys)
            font = key_item.font()
            font.setBold(True)
            key_item.setFont(font)
            self.table.setItem(i, 0, key_item)
            self.table.setItem(i, 1, QTableWidgetItem(does))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.body = QVBoxLayout(self)
        self.body.addWidget(self.filter)
        self.body.addWidget(self.table)
        self.body.addWidget(self.buttons)
        self._fit(room_on_screen(window))
        self.filter.setFocus()

    def rows(self) -> list[tuple[str, str]]:
        """The rows shown now (the filter hides the others)."""
        return [row for i, row in enumerate(self._all) if not self.table.isRowHidden(i)]

    def _show_matching(self, text: str) -> None:
        words = text.casefold().split()
        for i, (keys, does) in enumerate(self._all):
            row = f"{keys} {does}".casefold()
            self.table.setRowHidden(i, not all(word in row for word in words))

    def _fit(self, room: QRect) -> None:
        """As tall as the list, up to most of ``room`` (the table scrolls past that); wide enough for both columns."""
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        frame = self.table.frameWidth() * 2
        width = sum(self.table.columnWidth(c) for c in range(2)) + frame + self.table.verticalScrollBar().sizeHint().width()
        height = self.table.horizontalHeader().height() + frame + sum(
            self.table.rowHeight(i) for i in range(self.table.rowCount()))
        chrome = self.sizeHint().height() - self.table.sizeHint().height()  # the filter, the button, the margins
        tall = min(height + chrome, int(room.height() * MOST_OF_THE_SCREEN))
        wide = min(width + self.body.contentsMargins().left() * 2, int(room.width() * MOST_OF_THE_SCREEN))
        self.resize(max(wide, 420), tall)  # 420: the search field's hint stays whole


def show_shortcuts(window: QWidget) -> ShortcutsDialog:
    """Open the list over ``window`` (window-modal, not blocking); closing it deletes it."""
    dialog = ShortcutsDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog

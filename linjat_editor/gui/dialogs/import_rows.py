"""Import a level from the original game's text form: paste rows, one per line or as a JSON list."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget


class ImportRowsDialog(QDialog):
    """A plain text box; the window parses the text with ``linjat_editor.io.levels_from_text``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import rows")
        self.edit = QPlainTextEdit()
        self.edit.setAccessibleName("Level rows")
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.edit.setFont(font)
        self.edit.setPlaceholderText('["    ", "    ", ".3. ", "    "]')
        self.edit.setToolTip("A digit is a number, '.' a dot, a space an empty cell")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Paste the level's rows (the original game's text form):"))
        layout.addWidget(self.edit)
        layout.addWidget(buttons)
        self.resize(420, 320)

    def text(self) -> str:
        return self.edit.toPlainText()

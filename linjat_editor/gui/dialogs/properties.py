"""Level properties: name, author, notes for designers, and the message players see."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from linjat_editor.core.level import Level


class PropertiesDialog(QDialog):
    """Edit a level's metadata; :meth:`fields` gives what to pass to ``SetMetaCommand``."""

    def __init__(self, level: Level, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Level properties")
        self.name = QLineEdit(level.name)
        self.author = QLineEdit(level.author)
        # Several lines tall, wrapped: a lesson's drafted message is a few sentences long.
        self.message = QPlainTextEdit(level.message)
        self.message.setTabChangesFocus(True)
        self.message.setFixedHeight(self.message.fontMetrics().lineSpacing() * 4 + 12)
        self.message.setToolTip("Shown to the player with the level (the original game's tutorial text);\n"
                                "a generated lesson's is drafted from its key step")
        self.notes = QPlainTextEdit(level.notes)
        self.notes.setToolTip("For designers only")
        for widget, name in ((self.name, "Name"), (self.author, "Author"), (self.message, "Message"),
                             (self.notes, "Notes")):
            widget.setAccessibleName(name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Name:", self.name)
        form.addRow("Author:", self.author)
        form.addRow("Message:", self.message)
        form.addRow("Notes:", self.notes)
        form.addRow(buttons)

    def fields(self) -> dict[str, str]:
        # The game shows a message as one paragraph: line breaks typed here become spaces.
        message = " ".join(line.strip() for line in self.message.toPlainText().splitlines() if line.strip())
        return {"name": self.name.text(), "author": self.author.text(), "message": message,
                "notes": self.notes.toPlainText()}

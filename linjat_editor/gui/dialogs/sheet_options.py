"""Export ▸ sheets: what the printed pages hold (the options of ``linjat export`` for PDF, SVG and PNG)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QWidget

from linjat_editor.render.sheet_layout import PAPER, PER_PAGE

PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


class SheetOptionsDialog(QDialog):
    """Heading, puzzles per page, paper, solution pages, and the designer's labels."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sheets for players")
        self.title = QLineEdit(title)
        self.title.setAccessibleName("Heading")
        self.title.setToolTip("Printed at the top of the first page, above the rules")
        self.per_page = QComboBox()
        self.per_page.addItems([str(n) for n in PER_PAGE])
        self.per_page.setCurrentIndex(PER_PAGE.index(6))
        self.per_page.setAccessibleName("Puzzles per page")
        self.paper = QComboBox()
        self.paper.addItems([PAPER_NAMES.get(k, k) for k in PAPER])
        self.paper.setAccessibleName("Paper")
        self.solutions = QCheckBox("Solution pages at the back, lines drawn")
        self.labels = QCheckBox("Level names and tiers in the captions (for you, not for players)")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Heading:", self.title)
        form.addRow("Puzzles per page:", self.per_page)
        form.addRow("Paper:", self.paper)
        form.addRow(self.solutions)
        form.addRow(self.labels)
        form.addRow(buttons)

    def options(self) -> dict[str, Any]:
        """The chosen options, as ``export_set`` takes them for svg, png and pdf."""
        return {
            "title": self.title.text().strip(),
            "per_page": PER_PAGE[self.per_page.currentIndex()],
            "paper": list(PAPER)[self.paper.currentIndex()],
            "solutions": self.solutions.isChecked(),
            "labels": self.labels.isChecked(),
        }

    @classmethod
    def ask(cls, title: str = "", parent: QWidget | None = None) -> dict[str, Any] | None:
        """Show the dialog; the options, or None when cancelled."""
        dialog = cls(title, parent)
        return dialog.options() if dialog.exec() == QDialog.DialogCode.Accepted.value else None

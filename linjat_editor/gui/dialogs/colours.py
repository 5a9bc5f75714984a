"""Board colours: one button per theme colour, plus a reset to the colour-blind-safe defaults."""

from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QPushButton,
    QWidget,
)

from linjat_editor.render.theme import Theme

LABELS = {
    "background": "Window background",
    "cell": "Cells",
    "grid": "Grid lines",
    "number_fill": "Number discs",
    "number_text": "Number digits",
    "dot": "Dots",
    "pin_ring": "Pinned-dot ring",
    "selection": "Selection",
    "solution": "Solution lines",
    "step_done": "Step: right length",
    "step_short": "Step: still short",
    "stuck": "Stuck cells",
    "leak": "Leak cells",
    "culprit": "No solution: culprits",
}


class ColoursDialog(QDialog):
    """Edit a :class:`Theme`; :attr:`theme` holds the result."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Board colours")
        self.theme = theme
        self.buttons: dict[str, QPushButton] = {}
        form = QFormLayout(self)
        for f in fields(Theme):
            button = QPushButton()
            button.setAccessibleName(LABELS.get(f.name, f.name))
            button.setToolTip(f"Pick the colour for {LABELS.get(f.name, f.name).lower()}")
            button.clicked.connect(lambda _=False, name=f.name: self._pick(name))
            self.buttons[f.name] = button
            form.addRow(LABELS.get(f.name, f.name) + ":", button)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.RestoreDefaults)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        box.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(lambda: self.set_theme(Theme()))
        form.addRow(box)
        self.set_theme(theme)

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        for name, button in self.buttons.items():
            value = getattr(theme, name)
            button.setText(value)
            text = "#000000" if QColor(value).lightness() > 128 else "#ffffff"
            button.setStyleSheet(f"QPushButton {{ background: {value}; color: {text}; }}")

    def set_colour(self, name: str, value: str) -> None:
        self.set_theme(replace(self.theme, **{name: QColor(value).name()}))

    def _pick(self, name: str) -> None:
        colour = QColorDialog.getColor(QColor(getattr(self.theme, name)), self, LABELS.get(name, name))
        if colour.isValid():
            self.set_colour(name, colour.name())

"""New level and Resize grid: pick a size, from the tier presets or custom up to 20×20."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from linjat_editor.core.scoring import TIERS

#: (label, rows, cols): the original game's tier sizes (from the engine's tier table) and the tutorial size.
SIZE_PRESETS: list[tuple[str, int, int]] = [
    *((f"{t.name.capitalize()} {t.height}×{t.width}", t.height, t.width) for t in TIERS.values()),
    ("Tutorial 4×4", 4, 4),
]
MAX_SIZE = 20


class SizeDialog(QDialog):
    """A preset combo plus rows/columns spin boxes; picking a preset fills the spin boxes."""

    def __init__(self, title: str, rows: int = 9, cols: int = 6, note: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.preset = QComboBox()
        self.preset.addItems([label for label, _, _ in SIZE_PRESETS] + ["Custom"])
        self.preset.setAccessibleName("Size preset")
        self.preset.setToolTip("The original game's tier sizes (rows × columns), the tutorial size, or custom")
        self.rows = QSpinBox()
        self.cols = QSpinBox()
        for box, name in ((self.rows, "Rows"), (self.cols, "Columns")):
            box.setRange(1, MAX_SIZE)
            box.setAccessibleName(name)
        self.rows.setValue(rows)
        self.cols.setValue(cols)
        self._sync_combo()
        self.preset.currentIndexChanged.connect(self._preset_picked)
        self.rows.valueChanged.connect(self._sync_combo)
        self.cols.valueChanged.connect(self._sync_combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Size:", self.preset)
        form.addRow("Rows:", self.rows)
        form.addRow("Columns:", self.cols)
        if note:
            form.addRow(QLabel(note))
        form.addRow(buttons)

    def _preset_picked(self, index: int) -> None:
        if 0 <= index < len(SIZE_PRESETS):
            _, r, c = SIZE_PRESETS[index]
            self.rows.blockSignals(True)
            self.cols.blockSignals(True)
            self.rows.setValue(r)
            self.cols.setValue(c)
            self.rows.blockSignals(False)
            self.cols.blockSignals(False)

    def _sync_combo(self) -> None:
        size = (self.rows.value(), self.cols.value())
        index = next((i for i, (_, r, c) in enumerate(SIZE_PRESETS) if (r, c) == size), len(SIZE_PRESETS))
        self.preset.blockSignals(True)
        self.preset.setCurrentIndex(index)
        self.preset.blockSignals(False)

    def size(self) -> tuple[int, int]:  # type: ignore[override]
        """The chosen (rows, cols)."""
        return (self.rows.value(), self.cols.value())

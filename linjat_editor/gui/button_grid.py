"""A block of buttons that reflows: as many columns as its width holds, never a button cut short.

A dock can be dragged narrow, and a laptop screen leaves the side docks little
room; a fixed grid then clips its labels ("Update from ed"). This one puts the
buttons in rows of as many columns as fit (at most ``columns``), down to one,
and is never narrower than its widest button. Beside ``workers.py``: docks of
every feature use it.
"""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QWidget


class ButtonGrid(QWidget):
    """``widgets`` in reading order, in up to ``columns`` columns; reflowed on every resize."""

    def __init__(self, widgets: list[QWidget], columns: int = 2, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widgets = list(widgets)
        self.max_columns = columns
        self.columns = 0
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._place(columns)

    def fitting_columns(self, width: int) -> int:
        """How many columns of the widest widget fit in ``width`` (at least one), rows kept even:
        four buttons go 4, 2 and 1 to a row, never 3 and a lone one."""
        widest = max((w.sizeHint().width() for w in self.widgets), default=1)
        spacing = max(0, self._grid.horizontalSpacing())
        fit = max(1, min(self.max_columns, (width + spacing) // (widest + spacing)))
        rows = -(-len(self.widgets) // fit)
        return max(1, -(-len(self.widgets) // rows))

    def minimumSizeHint(self):  # noqa: ANN201 - QSize
        hint = super().minimumSizeHint()
        hint.setWidth(max((w.sizeHint().width() for w in self.widgets), default=0))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        columns = self.fitting_columns(event.size().width())
        if columns != self.columns:
            self._place(columns)

    def _place(self, columns: int) -> None:
        self.columns = columns
        for w in self.widgets:
            self._grid.removeWidget(w)
        for k, w in enumerate(self.widgets):
            self._grid.addWidget(w, k // columns, k % columns)
        self.updateGeometry()

"""The set panel's view controls: the filter and sort bar, the list's filtered rows, the curve's own window.

What is shown is decided once (:func:`set_filter.shown`); :class:`ShownRows`
puts those rows in the list in that order and the curve draws the same ones.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QVBoxLayout, QWidget

from linjat_editor.gui.sets.curve_chart import CurveView
from linjat_editor.gui.sets.set_filter import SORTS, TECHNIQUES, TIERS, LevelView

Index = QModelIndex | QPersistentModelIndex


class ShownRows(QSortFilterProxyModel):
    """The set's rows the view shows, in its order (``None``: all, in set order)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rank: dict[int, int] | None = None
        self.sort(0)

    def show_rows(self, rows: list[int] | None) -> None:
        rank = None if rows is None else {r: k for k, r in enumerate(rows)}
        if rank != self._rank:
            self._rank = rank
            self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self._rank is None or source_row in self._rank

    def lessThan(self, left: Index, right: Index) -> bool:
        if self._rank is None:
            return left.row() < right.row()
        return self._rank.get(left.row(), left.row()) < self._rank.get(right.row(), right.row())


class ViewBar(QWidget):
    """Flagged only, a tier, a technique, and the order: for the list and the curve alike."""

    changed = Signal(object)  # Signal(object): a LevelView travels, a Python object Qt has no type for

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flagged = QCheckBox("Flagged only", self)
        self.flagged.setToolTip("Show only the levels with a warning")
        self.tier = QComboBox(self)
        self.tier.addItems(["All tiers", *TIERS])
        self.tier.setAccessibleName("Show tier")
        self.technique = QComboBox(self)
        self.technique.addItems(["Any technique", *(label for _, label in TECHNIQUES)])
        self.technique.setAccessibleName("Show levels using technique")
        self.technique.setToolTip("Show only the levels whose solve uses this technique")
        self.sort = QComboBox(self)
        self.sort.addItems([f"Sort: {name}" for name in SORTS])
        self.sort.setAccessibleName("Sort by")
        self.sort.setToolTip("The order of the list and the curve (the set keeps its own order)")
        for box in (self.tier, self.technique, self.sort):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(6)
            box.currentIndexChanged.connect(self._changed)
        self.flagged.toggled.connect(self._changed)
        top, bottom = QHBoxLayout(), QHBoxLayout()
        top.addWidget(self.flagged)
        top.addWidget(self.tier, 1)
        bottom.addWidget(self.technique, 1)
        bottom.addWidget(self.sort, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(bottom)

    def value(self) -> LevelView:
        tier = self.tier.currentIndex()
        technique = self.technique.currentIndex()
        return LevelView(
            flagged_only=self.flagged.isChecked(),
            tier=TIERS[tier - 1] if tier > 0 else None,
            technique=TECHNIQUES[technique - 1][0] if technique > 0 else None,
            sort=list(SORTS)[self.sort.currentIndex()],
        )

    def _changed(self, *args: object) -> None:
        self.changed.emit(self.value())


class CurveWindow(QWidget):
    """The difficulty curve alone in a window: big enough to read a set of hundreds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Difficulty curve")
        self.setObjectName("window-difficulty-curve")
        self.curve = CurveView(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.curve)
        self.resize(1000, 520)

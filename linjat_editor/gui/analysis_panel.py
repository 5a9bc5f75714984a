"""The live analysis dock: verdict, counts, classification table, score, tier, leaks.

Every level change requests a fresh analysis from a :class:`LatestRunner`
(debounced, newest wins); the panel shows "Analysing…" meanwhile and the board
keeps working.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from linjat_editor.core.analysis import Leak, Report, analyze
from linjat_editor.core.kinds import Kind
from linjat_editor.core.level import Level
from linjat_editor.gui.document import Document
from linjat_editor.gui.theme import Theme
from linjat_editor.gui.workers import LatestRunner

PRESET_NAMES = ("easy", "medium", "hard", "expert")


class AnalysisPanel(QWidget):
    """Shows the newest analysis :class:`Report` for the document's level, as the engine gives it."""

    #: A fresh result for the current level arrived.
    resultChanged = Signal(object)
    #: The selected leak changed: carries a Leak or None.
    leakSelected = Signal(object)
    #: The user pressed "Fix leaks".
    fixLeaksRequested = Signal()
    #: The weights preset changed (name).
    presetChanged = Signal(str)

    def __init__(self, document: Document, preset: str = "expert", theme: Theme | None = None,
                 parent: QWidget | None = None, delay_ms: int = 150) -> None:
        super().__init__(parent)
        self.document = document
        self.theme = theme or Theme()
        self.result: Report | None = None
        self._answered: tuple[Level, str] | None = None  # (level, preset) the panel shows an answer for
        self._requested: tuple[Level, str] | None = None  # (level, preset) of the newest request
        # Its own one-thread pool: generator or set jobs never make the live analysis wait in a queue.
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.runner = LatestRunner(delay_ms=delay_ms, pool=self.pool, parent=self)
        self.runner.finished.connect(self._on_result)
        self.runner.failed.connect(self._on_failed)
        self.runner.busyChanged.connect(self._on_busy)
        self.setAccessibleName("Analysis panel")
        self._build(preset)
        document.levelChanged.connect(self._on_level)
        self.request()

    # -- layout ----------------------------------------------------------------

    def _build(self, preset: str) -> None:
        self.verdict = QLabel("Analysing…")
        self.verdict.setWordWrap(True)
        self.verdict.setAccessibleName("Verdict")
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preset = QComboBox()
        self.preset.addItems(PRESET_NAMES)
        self.preset.setCurrentText(preset if preset in PRESET_NAMES else "expert")
        self.preset.setAccessibleName("Scoring preset")
        self.preset.setToolTip("Weights used for the score (the original game's four tiers)")
        self.preset.currentTextChanged.connect(self._on_preset)
        self.count = QLabel("–")
        self.deduction = QLabel("–")
        self.score = QLabel("–")
        self.selection = QLabel("–")
        self.tier = QLabel("–")
        self.tier.setWordWrap(True)
        self.status = QLabel("")
        self.status.setAccessibleName("Analysis status")
        form = QFormLayout()
        form.addRow("Preset:", self.preset)
        form.addRow("Solutions:", self.count)
        form.addRow("Deduction:", self.deduction)
        form.addRow("Score:", self.score)
        form.addRow("Selection score:", self.selection)
        form.addRow("Tier estimate:", self.tier)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Kind", "Depth", "Max width"])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAccessibleName("Classification by kind")
        self.table.setToolTip("How many solver layers of each kind (depth) and the widest one")
        self.leaks = QListWidget()
        self.leaks.setAccessibleName("Uniqueness leaks")
        self.leaks.setToolTip("Deductions only valid if the player assumes a unique solution.\nSelect one to see its cells.")
        self.leaks.setWordWrap(True)
        self.leaks.setMinimumHeight(60)
        self.leaks.currentRowChanged.connect(self._on_leak_row)
        self.fix = QPushButton("Fix leaks")
        self.fix.setToolTip("Add the fewest dots that remove every leak (one undo step)")
        self.fix.setAccessibleName("Fix leaks")
        self.fix.setEnabled(False)
        self.fix.clicked.connect(self.fixLeaksRequested)
        leak_row = QHBoxLayout()
        self.leak_title = QLabel("Leaks: –")
        leak_row.addWidget(self.leak_title, 1)
        leak_row.addWidget(self.fix)
        layout = QVBoxLayout(self)
        layout.addWidget(self.verdict)
        layout.addLayout(form)
        layout.addWidget(self.table)
        layout.addLayout(leak_row)
        layout.addWidget(self.leaks, 1)
        legend = QLabel(
            "<small>On the board: <b>orange hatching</b> = cells deduction leaves open, "
            "<b>dashed orange ring</b> = number not settled, <b>pink cross-hatch</b> = leak cells "
            "(outlined when selected), <b>blue ring</b> = pinned dot.</small>")
        legend.setWordWrap(True)
        legend.setAccessibleName("Board legend")
        layout.addWidget(legend)
        layout.addWidget(self.status)

    # -- requests --------------------------------------------------------------

    @property
    def preset_name(self) -> str:
        return self.preset.currentText()

    def request(self, immediate: bool = False) -> None:
        """Analyse the document's current level (debounced unless ``immediate``)."""
        level, preset = self.document.level, self.preset_name
        self._requested = (level, preset)
        self.runner.request(lambda: analyze(level, preset), immediate=immediate)

    def is_current(self) -> bool:
        """True when the panel shows the answer (result or error) for the current level and preset."""
        return not self.runner.busy and self._answered == (self.document.level, self.preset_name)

    def _on_level(self, level: Level) -> None:
        self.request()

    def _on_preset(self, name: str) -> None:
        self.presetChanged.emit(name)
        self.request(immediate=True)

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.status.setText("Analysing…")

    def _on_failed(self, message: str) -> None:
        """The engine refused the level (e.g. too many numbers): say why, in the verdict line."""
        self._answered = self._requested
        self.result = None
        reason = message.split(": ", 1)[1] if ": " in message else message
        self.verdict.setText(f"\u2716 Cannot analyse: {reason}")
        self.verdict.setStyleSheet(
            f"QLabel {{ font-weight: bold; padding: 6px; color: white; background: {self.theme.step_short}; }}")
        for label in (self.count, self.deduction, self.score, self.selection, self.tier):
            label.setText("–")
        self.table.setRowCount(0)
        self._show_leaks(())
        self.status.setText(f"Analysis failed: {message}")
        self.resultChanged.emit(None)

    # -- showing a result ------------------------------------------------------

    def _on_result(self, result: Report) -> None:
        self.result = result
        self._answered = (result.level, result.preset)
        self._show_verdict(result)
        self.count.setText({0: "none", 1: "exactly one"}.get(result.count, "2 or more"))
        self.deduction.setText("solved" if result.solved else f"not solved ({result.status})")
        self.score.setText(f"{result.score:g}  ({result.preset})")
        self.selection.setText(f"{result.selection_score:g}")
        self.tier.setText(result.tier.describe() if result.tier else "–")
        c = result.classification
        rows = [(kind.label, c.of(kind).depth, c.of(kind).max_width) for kind in Kind] + [("All", c.all.depth, c.all.max_width)]
        self.table.setRowCount(len(rows))
        for row, (label, depth, width) in enumerate(rows):
            for col, value in enumerate((label, str(depth), str(width))):
                item = QTableWidgetItem(value)
                if col:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, item)
        self._fit_table()
        self._show_leaks(result.leaks)
        self.status.setText(f"analysed in {result.elapsed_ms:.0f} ms")
        self.resultChanged.emit(result)

    def _fit_table(self) -> None:
        """Show every row without a scroll bar (there are only eight)."""
        t = self.table
        rows = t.verticalHeader().length()
        header = max(t.horizontalHeader().height(), t.horizontalHeader().sizeHint().height())
        t.setFixedHeight(header + rows + 2 * t.frameWidth() + 2)

    def _show_verdict(self, result: Report) -> None:
        # A symbol as well as a colour, so the verdict reads without colour vision.
        mark, colour = ("\u2714", self.theme.step_done) if result.good else ("\u2716", self.theme.step_short)
        self.verdict.setText(f"{mark} {result.verdict}")
        self.verdict.setStyleSheet(
            f"QLabel {{ font-weight: bold; padding: 6px; color: white; background: {colour}; border-radius: 4px; }}")

    def _show_leaks(self, leaks: tuple[Leak, ...]) -> None:
        self.leaks.blockSignals(True)
        self.leaks.clear()
        for leak in leaks:
            where = f" at r{leak.number[0] + 1}c{leak.number[1] + 1}" if leak.number else ""
            item = QListWidgetItem(f"{leak.kind.replace('_', ' ')}{where}: {leak.message}")
            item.setData(Qt.ItemDataRole.UserRole, leak)
            self.leaks.addItem(item)
        self.leaks.blockSignals(False)
        self.leak_title.setText(f"Leaks: {len(leaks)}")
        self.fix.setEnabled(bool(leaks))
        self.leakSelected.emit(None)

    def _on_leak_row(self, row: int) -> None:
        item = self.leaks.item(row) if row >= 0 else None
        self.leakSelected.emit(item.data(Qt.ItemDataRole.UserRole) if item else None)

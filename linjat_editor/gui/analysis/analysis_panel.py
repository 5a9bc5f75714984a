"""The live analysis dock: verdict, counts, classification table, score, tier, leaks.

Every level change requests a fresh analysis from a :class:`LatestRunner`
(debounced, newest wins); the panel shows "Analysing…" meanwhile and the board
keeps working.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from linjat_editor.core.analysis import Leak, Report, analyze
from linjat_editor.core.analysis.solve_time import clock
from linjat_editor.core.kinds import Kind
from linjat_editor.core.level import Level
from linjat_editor.core.scoring import TIERS, preset_for_size
from linjat_editor.core.solver import SolveStatus
from linjat_editor.core.techniques import describe_essential
from linjat_editor.gui.board.document import Document
from linjat_editor.render.theme import Theme
from linjat_editor.gui.workers import LatestRunner

PRESET_NAMES = tuple(TIERS)  # the engine's tier table, easiest first
#: The preset choice that follows the board's size (``core.scoring.preset_for_size``).
AUTO = "auto"


def verdict_facts(result: Report) -> str:
    """The answers a designer looks for first: unique? solved by deduction? which tier? how many leaks?

    An empty board has nothing to ask them of (its one "solution" places nothing): it says so instead."""
    if not result.level.numbers:
        return "no numbers yet: place some to analyse the level"
    unique = {0: "no solution", 1: "unique"}.get(result.count, "not unique (2+ solutions)")
    if result.status is SolveStatus.AMBIGUOUS:
        solved = "deduction needs the uniqueness assumption"
    else:
        solved = "solved by deduction" if result.solved else "not solved by deduction"
    tier = result.tier.name if result.tier is not None else "–"
    leaks = len(result.leaks)
    return f"{unique} · {solved} · tier {tier} · {leaks} leak{'s' if leaks != 1 else ''}"


class AnalysisPanel(QWidget):
    """Shows the newest analysis :class:`Report` for the document's level, as the engine gives it."""

    #: The panel keeps its verdict in view and scrolls its details itself (see ``MainWindow.add_dock``).
    scrolls_itself = True

    # Signal(object): a Report or Leak (or None) travels, a Python object Qt has no type for.
    #: A fresh result for the current level arrived.
    resultChanged = Signal(object)
    #: The selected leak changed: carries a Leak or None.
    leakSelected = Signal(object)
    #: The user pressed "Fix leaks".
    fixLeaksRequested = Signal()
    #: The weights preset changed (name).
    presetChanged = Signal(str)
    #: The verdict line changed: its text and whether the level is good (the status bar repeats it).
    verdictChanged = Signal(str, bool)

    def __init__(self, document: Document, preset: str = AUTO, theme: Theme | None = None,
                 parent: QWidget | None = None, delay_ms: int = 150) -> None:
        super().__init__(parent)
        self.document = document
        self.theme = theme or Theme()
        self.result: Report | None = None
        self._answered: tuple[Level, str] | None = None  # (level, preset) the panel shows an answer for
        self._requested: tuple[Level, str] | None = None  # (level, preset) of the newest request
        self.preview: Level | None = None  # a level the board previews (read-only): analysed instead
        # Its own worker thread: generator or set jobs never make the live analysis wait in a queue.
        self.runner = LatestRunner(delay_ms=delay_ms, parent=self)
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
        self.preset.addItem("by size", AUTO)  # the text names the tier it picks (see _show_auto)
        for name in PRESET_NAMES:
            self.preset.addItem(name, name)
        self.preset.setCurrentIndex(max(0, self.preset.findData(preset)))
        self.preset.setAccessibleName("Scoring preset")
        self.preset.setToolTip("Weights used for the score (the original game's four tiers).\n"
                               "'by size' picks the tier whose grid fits the board, the same rule generate uses.")
        self._show_auto()
        self.preset.currentIndexChanged.connect(lambda _: self._on_preset(self.preset_choice))
        self.count = QLabel("–")
        self.deduction = QLabel("–")
        self.score = QLabel("–")
        self.selection = QLabel("–")
        self.tier = QLabel("–")
        self.tier.setWordWrap(True)
        self.essential = QLabel("–")
        self.essential.setWordWrap(True)
        self.predicted = QLabel("–")
        self.predicted.setToolTip("How long a player is predicted to take: a model over the solve's steps "
                                  "(their kinds, widths and depth).\nA set fits its own from playtests: "
                                  "linjat calibrate SET --from-playtests.")
        self.essential.setToolTip("For each technique the solve uses: can the level still be solved without it?\n"
                                  "Among all kinds, or for a lesson among the kinds it allows (its metadata says which).")
        self.status = QLabel("")
        self.status.setAccessibleName("Analysis status")
        form = QFormLayout()
        form.addRow("Preset:", self.preset)
        form.addRow("Solutions:", self.count)
        form.addRow("Deduction:", self.deduction)
        form.addRow("Score:", self.score)
        form.addRow("Selection score:", self.selection)
        form.addRow("Tier estimate:", self.tier)
        form.addRow("Essential techniques:", self.essential)
        form.addRow("Predicted time:", self.predicted)
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
        # The verdict and its facts stay at the top; only the details below scroll.
        self.facts = QLabel("")
        self.facts.setAccessibleName("Verdict facts")
        self.facts.setWordWrap(True)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 0)
        outer.addWidget(self.verdict)
        outer.addWidget(self.facts)
        details = QWidget()
        self.details = QScrollArea()
        self.details.setWidget(details)
        self.details.setWidgetResizable(True)
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.setAccessibleName("Analysis details")
        outer.addWidget(self.details, 1)
        layout = QVBoxLayout(details)
        layout.setContentsMargins(0, 0, 0, 0)
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
    def preset_choice(self) -> str:
        """What the designer chose: a preset name or ``"auto"`` (by size); kept in the settings."""
        return str(self.preset.currentData())

    @property
    def preset_name(self) -> str:
        """The preset the score uses now (``auto`` resolved for the board's size)."""
        choice = self.preset_choice
        if choice != AUTO:
            return choice
        level = self.document.level
        return preset_for_size(level.height, level.width)

    def _show_auto(self) -> None:
        level = self.document.level
        self.preset.setItemText(0, f"by size ({preset_for_size(level.height, level.width)})")

    def subject(self) -> Level:
        """The level the panel reports on: the board's preview while there is one, else the document's."""
        return self.preview if self.preview is not None else self.document.level

    def set_preview(self, level: Level | None) -> None:
        """Report on a previewed level (None: the document's again), so the panel never shows one level's
        figures beside another level's board."""
        if level is not self.preview:
            self.preview = level
            self.request(immediate=True)

    def request(self, immediate: bool = False) -> None:
        """Analyse the current level (the preview's, while there is one; debounced unless ``immediate``)."""
        level, preset = self.subject(), self.preset_name
        self._requested = (level, preset)
        self.runner.request(lambda: analyze(level, preset), immediate=immediate)

    def is_current(self) -> bool:
        """True when the panel shows the answer (result or error) for the current level and preset."""
        return not self.runner.busy and self._answered == (self.subject(), self.preset_name)

    def _on_level(self, level: Level) -> None:
        self._show_auto()
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
        self.verdictChanged.emit(self.verdict.text(), False)
        self.facts.setText("")
        self.verdict.setStyleSheet(
            f"QLabel {{ font-weight: bold; padding: 6px; color: white; background: {self.theme.step_short}; }}")
        for label in (self.count, self.deduction, self.score, self.selection, self.tier, self.essential, self.predicted):
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
        self.essential.setText(describe_essential(result.essential) if result.solved else "–")
        if not result.level.numbers:  # vacuously one solution, solved in no step: no claim worth showing
            for field in (self.count, self.deduction, self.essential):
                field.setText("–")
        seconds = result.predicted_seconds
        self.predicted.setText("–" if seconds is None else f"about {clock(seconds)} (m:ss)")
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
        whose = "Preview: " if self.preview is not None and result.level == self.preview else ""
        self.verdict.setText(f"{whose}{mark} {result.verdict}")
        self.verdictChanged.emit(self.verdict.text(), result.good)
        self.facts.setText(verdict_facts(result))
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

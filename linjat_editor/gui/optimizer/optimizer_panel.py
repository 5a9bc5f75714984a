"""The optimizer dock: settings, start/pause/resume/stop, progress, live plot, the pool, Adopt.

The panel never changes the document: "Adopt" emits :attr:`adoptRequested`
with the chosen level, and the window makes it one undoable step.

The pool belongs to the level it was run for. While the board is that level
(or one adopted from the pool) Adopt and preview act on it; once the board is
edited away from it the pool says so and neither acts (undoing the edits
brings them back); another document forgets the pool, and Quit drops it,
once the designer agreed (:meth:`OptimizerPanel.confirm_drop`); so does Start, which runs afresh. The editor's
autosave keeps the pool (:meth:`OptimizerPanel.proposals`), so an editor the
session ended, or a crash, offers it back on the next start (:meth:`OptimizerPanel.restore`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMessageBox, QProgressBar,
                               QPushButton, QVBoxLayout, QWidget)

from linjat_editor.core.level import Level
from linjat_editor.gui.button_grid import ButtonGrid
from linjat_editor.gui.optimizer.runner import OptimizerRunner, RunState
from linjat_editor.gui.optimizer.score_plot import ScorePlot
from linjat_editor.gui.optimizer.settings_form import SettingsForm
from linjat_editor.gui.workers import format_eta
from linjat_editor.render.thumbnail import level_thumbnail

if TYPE_CHECKING:  # the engine loads when a run starts, not when the dock is built
    from linjat_editor.core.classification import Classification
    from linjat_editor.core.objective import Objective
    from linjat_editor.core.optimizer import Progress
    from linjat_editor.core.scoring import Weights
    from linjat_editor.io.proposals_json import Proposals

#: What would discard the pool, as the question names it (:meth:`OptimizerPanel.confirm_drop`).
ANOTHER_LEVEL, QUITTING, NEW_RUN = "another level on the board", "quitting", "a new run"

SHORT = {"cover": "cov", "cant_fit": "fit", "square": "sq", "dependency": "dep", "one_of": "one",
         "single_solution": "SS!", "uncontested_no_cover": "UNC!"}


def describe(classification: Any) -> str:
    """A compact classification line: depth per kind used, and the widest layer."""
    from linjat_editor.core import Kind

    parts = [f"{SHORT[k.key]} {classification.of(k).depth}" for k in Kind if classification.of(k).depth]
    return " · ".join(parts) + f" · w{classification.all.max_width}"


class Recovered(NamedTuple):
    """A pool level an autosave brought back: what the pool shows of it. A run's own are ``core.pool.PoolEntry``,
    whose module loads the engine's kernels, which a start keeps off the GUI thread."""

    level: Level
    classification: Classification
    score: float


class OptimizerPanel(QWidget):
    """Optimizes a seed level in the background and offers the pool for adoption."""

    # Signal(object): a Level travels, a Python object Qt has no type for.
    adoptRequested = Signal(object)  # Level
    previewRequested = Signal(object)  # Level, or None: back to the designer's level
    #: The pool changed, or was dropped: what the autosave keeps (``proposals``) is out of date.
    proposalsChanged = Signal()

    def __init__(self, level: Level | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.level = level or Level(9, 6)
        self.pool: list[Any] = []
        #: The level the pool was run for (None: no pool yet); boards adopted from the pool since.
        self.run_level: Level | None = None
        self._adopted: set[Any] = set()
        self._taking_pool = True  # False once the pool's document is gone, until the next Start
        self._recovered = False  # the pool came from an autosave (``restore``), not a run of this editor
        self._pool_signature: list[Any] = []
        self._thumbs: dict[Any, Any] = {}
        self.goal: Weights | Objective | None = None  # what the running search aims for (see SettingsForm.goal)
        self.runner = OptimizerRunner(self)
        self.settings = SettingsForm(self)
        self.buttons: dict[str, QPushButton] = {}
        for key, label, tip, slot in (
            ("start", "Start", "Optimize the board's numbers from scratch (pinned dots kept)", self.start),
            ("pause", "Pause", "Stop after the current chunk; the pool is kept", self.runner.pause),
            ("resume", "Resume", "Continue from the pool", self.runner.resume),
            ("stop", "Stop", "End this session", self.stop),
            ("adopt", "Adopt", "Put the selected pool level (or the best) on the board, as one undo step", self.adopt),
            ("back", "Back to my level", "End the preview: the board shows your level again (Esc on the board)",
             self.end_preview),
        ):
            b = QPushButton(label, self)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            self.buttons[key] = b
        # Start, Pause, Resume and Stop in a row where they fit, in two rows where the dock is narrow.
        row = ButtonGrid([self.buttons[k] for k in ("start", "pause", "resume", "stop")], 4, self)
        # Adopt sits with the pool it acts on, on a row of its own: never cut off in a narrow dock.
        pool_buttons = QHBoxLayout()
        pool_buttons.addWidget(self.buttons["adopt"])
        pool_buttons.addWidget(self.buttons["back"])
        pool_buttons.addStretch(1)
        self.buttons["adopt"].setDefault(True)
        self.buttons["back"].setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName("Optimizer progress")
        self.rate = QLabel(self)
        self.rate.setWordWrap(True)  # a long report wraps rather than widening the dock past its edge
        self.plot = ScorePlot(self)
        self.pool_view = QListWidget(self)
        self.pool_view.setViewMode(QListWidget.ViewMode.IconMode)
        self.pool_view.setIconSize(QSize(72, 72))
        self.pool_view.setGridSize(QSize(120, 118))
        self.pool_view.setWordWrap(True)
        self.pool_view.setMovement(QListWidget.Movement.Static)
        self.pool_view.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.pool_view.setAccessibleName("Optimizer pool")
        self.pool_view.currentRowChanged.connect(self._preview)  # a click or arrow key in the pool
        self.pool_view.itemClicked.connect(lambda item: self._preview(self.pool_view.row(item)))
        self.info = QLabel(wordWrap=True)
        pool_row = QHBoxLayout()
        pool_row.addWidget(self.pool_view)  # a clicked level previews on the board itself, full size
        layout = QVBoxLayout(self)
        layout.addWidget(self.settings)
        layout.addWidget(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.rate)
        layout.addWidget(self.plot, 1)
        layout.addLayout(pool_row, 1)
        layout.addLayout(pool_buttons)
        layout.addWidget(self.info)
        self.runner.progressed.connect(self._on_progress)
        self.runner.poolChanged.connect(self._on_pool)
        self.runner.stateChanged.connect(self._on_state)
        self.runner.failed.connect(lambda msg: self.info.setText(f"Optimizer failed: {msg}"))
        self.set_level(self.level)
        self._on_state(RunState.IDLE)

    # -- the seed level ------------------------------------------------------

    def set_level(self, level: Level) -> None:
        """The board to optimize next time "Start" is pressed (a running session goes on)."""
        self.level = level
        self.settings.set_level(level)
        self._show_match()

    def matches(self) -> bool:
        """Whether the pool belongs to the board: it is the level the run was for, or one adopted from the pool."""
        run = self.run_level
        return run is None or self.level.same_board(run) or self.level.board_key() in self._adopted

    def forget(self) -> None:
        """Another document is on the board: this pool was for a level that is gone."""
        self.runner.stop()
        had_pool = bool(self.pool)
        self._taking_pool = False  # a last pool report of the stopped run may still be on its way
        self.end_preview()
        self.pool, self._pool_signature, self.run_level, self._adopted = [], [], None, set()
        self._recovered = False
        self.pool_view.clear()
        if had_pool:
            self.proposalsChanged.emit()
        self.plot.clear(self.settings.iterations.value())
        self.progress.setValue(0)
        self.rate.setText("")
        self._show_match()
        if had_pool:
            self.info.setText("The pool was for the level before; Start optimizes this one.")

    def prompt_drop_pool(self, what: str = ANOTHER_LEVEL) -> QMessageBox.StandardButton:
        """Ask Discard / Cancel about the pool ``what`` is about to discard: another level on the board, quitting,
        or a new run (tests replace it)."""
        n = len(self.pool)
        whose = "this level" if self.matches() else "the level as it was before your edits"
        return QMessageBox.question(
            self, "The optimizer's proposals",
            f"The optimizer's pool holds {n} proposal{'s' if n != 1 else ''} for {whose}; {what} discards them. "
            "Discard them?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)

    def confirm_drop(self, what: str = ANOTHER_LEVEL) -> bool:
        """True when the pool may go (another level take the board, the editor quit, a new run start): the pool
        is empty, or the designer discards it (a run still going goes on while the question is open).

        A pool for the board as it was before some edits is asked about too: Undo would bring it back,
        another level would not."""
        if not self.pool:
            return True
        return self.prompt_drop_pool(what) == QMessageBox.StandardButton.Discard

    def proposals(self) -> Proposals | None:
        """The pool as the autosave keeps it (None when there is none): the level it is for, its levels best first."""
        from linjat_editor.io.proposals_json import Proposal, Proposals

        if not self.pool or self.run_level is None:
            return None
        return Proposals(self.run_level, tuple(
            Proposal(e.level, float(e.score), tuple((int(d), int(w)) for d, w in e.classification.table()))
            for e in self.pool))

    def restore(self, saved: Proposals, when: str) -> None:
        """An autosave's pool, back for the level it was run for (the board should show that level; else it says
        the pool is for the level as it was, and Adopt waits). Its run is over: Resume has nothing to continue,
        and Start offers to replace the pool with a new run, as after any run."""
        import numpy as np

        from linjat_editor.core.classification import Classification

        self.runner.stop()
        self.plot.clear(self.settings.iterations.value())
        self.progress.setValue(0)
        self.rate.setText("")
        self.run_level, self._adopted, self._taking_pool, self._recovered = saved.run, set(), False, True
        pool = [Recovered(p.level, Classification.from_table(np.array(p.layers, np.int64), True), p.score)
                for p in saved.proposals]
        self._pool_signature = [(e.level.board_key(), e.score) for e in pool]
        self._show_pool(pool)
        self.proposalsChanged.emit()
        n = len(pool)
        self.info.setText(f"{n} proposal{'s' if n != 1 else ''} recovered from an editor that closed ({when}): "
                          "click one to preview it, Adopt to take it; Start runs afresh (it asks first).")
        self._show_match()

    def _show_match(self) -> None:
        """Adopt and the pool act only on a pool that belongs to the board; say so when it does not."""
        ok = self.matches()
        self.buttons["adopt"].setEnabled(bool(self.pool) and ok)
        self.pool_view.setEnabled(ok)
        if self.pool and not ok:
            self.end_preview()
            if self._recovered:  # no undo history reaches back to the run's level
                self.info.setText("These recovered proposals are for the level as it was when their run started, "
                                  "not the board as recovered: Start optimizes the board as it is.")
            else:
                self.info.setText("The board was edited after this run started: the pool is for the level as it "
                                  "was. Undo the edits to adopt from it, or Start again for the board as it is.")
        elif self.pool and self.info.text().startswith("The board was edited"):
            self.info.setText("The pool matches the board again.")

    # -- control -------------------------------------------------------------

    def start(self) -> None:
        if not self.level.numbers:
            self.info.setText("Place some numbers first: the optimizer starts from the board's numbers.")
            return
        if not self.confirm_drop(NEW_RUN):  # a paused run's pool, or a finished one's, is the designer's to drop
            return
        total = self.settings.iterations.value()
        self.plot.clear(total)
        self.pool_view.clear()
        had_pool = bool(self.pool)
        self.pool, self._pool_signature = [], []
        if had_pool:
            self.proposalsChanged.emit()
        self.end_preview()
        self.run_level, self._adopted, self._taking_pool, self._recovered = self.level, set(), True, False
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.info.setText("Starting…")  # a first start runs as Python while the engine compiles behind: no wait to announce
        self.goal = self.settings.goal()
        self.runner.start(self.level, self.goal, total, self.settings.seed_value(), self.settings.fixed_cells(),
                          self.settings.cores.value())

    def stop(self) -> None:
        self.runner.stop()

    def shutdown(self, wait_ms: int = 10_000) -> bool:
        """Stop the worker and wait for it (window or level closing)."""
        return self.runner.stop(wait_ms)

    def selected_entry(self) -> Any:
        row = self.pool_view.currentRow()
        if 0 <= row < len(self.pool):
            return self.pool[row]
        return self.pool[0] if self.pool else None

    def adopt(self) -> None:
        entry = self.selected_entry()
        if entry is not None and self.matches():
            self._adopted.add(entry.level.board_key())  # before the board changes to it
            self.adoptRequested.emit(entry.level)
            self.end_preview()

    def end_preview(self) -> None:
        self.previewRequested.emit(None)

    def preview_shown(self, shown: bool) -> None:
        """The board started or ended a preview (it may end one on its own click)."""
        self.buttons["back"].setEnabled(shown)

    # -- updates -------------------------------------------------------------

    def _on_progress(self, p: Progress) -> None:
        done, total, best, rate = p.iteration, p.total, p.best_score, p.rate
        self.progress.setValue(min(done, total))
        left = (total - done) / rate if rate > 0 else math.inf
        eta = format_eta(left) if math.isfinite(left) else "?"
        best_text = "–" if math.isnan(best) else f"{best:g}"
        from linjat_editor.core.objective import as_objective  # loaded already: a run is reporting

        if not math.isnan(best) and self.goal is not None and as_objective(self.goal).has_target:
            best_text = f"{-best:g} from the target"  # a target's rank is minus the distance
        self.rate.setText(f"{done:,} / {total:,} iterations · {rate:,.0f} it/s · {eta} left · best {best_text}")
        self.plot.add(done, best, p.pool_scores)

    def _thumb(self, level: Level) -> Any:
        key = level.board_key()
        if key not in self._thumbs:
            if len(self._thumbs) > 200:
                self._thumbs.clear()
            self._thumbs[key] = level_thumbnail(level, 72)
        return self._thumbs[key]

    def _on_pool(self, pool: list[Any]) -> None:
        if not self._taking_pool:
            return
        if self.run_level is None:
            self.run_level = self.level
        # Late in a run the pool rarely changes: skip the rebuild, it is the dock's main GUI cost.
        signature = [(e.level.board_key(), e.score) for e in pool]
        if signature == self._pool_signature:
            return
        self._pool_signature = signature
        self._show_pool(pool)
        self.proposalsChanged.emit()

    def _show_pool(self, pool: list[Any]) -> None:
        chosen = self.pool_view.currentRow()
        keep = self.pool[chosen].level.board_key() if 0 <= chosen < len(self.pool) else None
        self.pool = list(pool)
        # A refresh is not the designer's choice: it never starts, moves or ends a preview.
        self.pool_view.blockSignals(True)
        self.pool_view.clear()
        for i, e in enumerate(self.pool):
            item = QListWidgetItem(self._thumb(e.level), f"#{i + 1} score {e.score:g}\n{describe(e.classification)}")
            item.setToolTip(f"Score {e.score:g}\n{describe(e.classification)}")
            self.pool_view.addItem(item)
            if e.level.board_key() == keep:
                self.pool_view.setCurrentRow(i)  # the same level stays selected, wherever it moved
        self.pool_view.blockSignals(False)
        self._show_match()

    def _preview(self, row: int) -> None:
        if 0 <= row < len(self.pool) and self.matches():
            level = self.pool[row].level
            self.previewRequested.emit(level)

    def _on_state(self, state: str) -> None:
        b = self.buttons
        b["start"].setEnabled(state != RunState.RUNNING)
        b["pause"].setEnabled(state == RunState.RUNNING)
        b["resume"].setEnabled(state == RunState.PAUSED)
        b["stop"].setEnabled(state in (RunState.RUNNING, RunState.PAUSED))
        b["adopt"].setEnabled(bool(self.pool) and self.matches())
        text = {RunState.IDLE: "", RunState.RUNNING: "Running…",
                RunState.PAUSED: "Paused: Resume continues from the pool.",
                RunState.FINISHED: "Finished.", RunState.STOPPED: "Stopped."}[RunState(state)]
        if text:
            self.info.setText(text)

    def heightForWidth(self, width: int) -> int:
        """None asked for: in its dock's scroll area a panel with wrapped labels is otherwise given its
        *preferred* height (the plot's and the pool's full size), which scrolled Adopt off a 768-pixel
        screen. Now it gets the height the dock has, down to its minimum, and the plot and the pool
        share what the rest leaves."""
        return -1

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

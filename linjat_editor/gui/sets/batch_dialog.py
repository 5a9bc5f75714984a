"""Generate a batch of levels into the set, with progress and cancel (``linjat_editor.batch``).

The batch runs in worker processes; a :class:`~linjat_editor.gui.workers.Worker`
waits on them so the dialog stays live. Cancel ends the processes; the levels
finished so far are kept.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QProgressBar,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from linjat_editor.batch import BatchProgress, BatchResult, batch_generate
from linjat_editor.gui.workers import Job, Worker, format_eta


class BatchDialog(QDialog):
    """Pick tier, count, iterations, workers, seed; :attr:`generated` carries the new LevelSet."""

    generated = Signal(object)  # Signal(object): a LevelSet travels, a Python object Qt has no type for

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generate levels")
        self.preset = QComboBox(self)
        self.preset.addItems(["easy", "medium", "hard", "expert"])
        self.count = QSpinBox(self, minimum=1, maximum=1000, value=10)
        self.iterations = QSpinBox(self, minimum=10, maximum=1_000_000, singleStep=1000, value=10_000)
        self.workers = QSpinBox(self, minimum=1, maximum=256, value=os.cpu_count() or 1)
        self.seed = QSpinBox(self, minimum=0, maximum=2_000_000_000, value=0)
        self.seed.setSpecialValueText("random")
        self.progress = QProgressBar(self)
        self.progress.hide()  # an idle bar reads as an unlabelled text field: it appears with the batch
        self.status = QLabel(self)
        self.start_button = QPushButton("Generate", self)
        self.start_button.clicked.connect(self.start)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.addButton(self.start_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.rejected.connect(self.cancel)
        form = QFormLayout()
        for label, w in (("Tier", self.preset), ("Levels", self.count), ("Iterations each", self.iterations),
                         ("Worker processes", self.workers), ("Seed", self.seed)):
            form.addRow(label, w)
        layout = QVBoxLayout(self)
        self.form, self.body = form, layout  # a campaign changes both
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.worker = Worker(self)
        self.worker.progressed.connect(self._on_progress)
        self.worker.failed.connect(self.status.setText)
        self.worker.busyChanged.connect(self._on_busy_changed)
        self.batch_result: BatchResult | None = None

    def options(self) -> dict[str, Any]:
        return dict(preset=self.preset.currentText(), count=self.count.value(), iterations=self.iterations.value(),
                    workers=self.workers.value(), seed=self.seed.value() or None)

    def start(self) -> None:
        if self.worker.busy:
            return
        opts = self.options()
        self.progress.setRange(0, opts["count"])
        self.progress.setValue(0)
        self.progress.show()
        self.status.setText("Starting worker processes…")
        self.start_button.setEnabled(False)
        self.batch_result = None

        def run(job: Job) -> None:
            # Kept even when cancelled: the levels finished so far are still good.
            self.batch_result = batch_generate(progress=job.progress, should_stop=job.cancelled, **opts)

        self.worker.start(run)

    def cancel(self) -> None:
        """Cancel a running batch (finished levels are kept), or close when idle."""
        if self.worker.busy:
            self.worker.cancel()
            self.status.setText("Cancelling…")
        else:
            self.reject()

    def _on_progress(self, p: BatchProgress) -> None:
        self.progress.setValue(p.done)
        eta = "" if p.eta is None else f" · {format_eta(p.eta)} left"
        self.status.setText(f"{p.done} of {p.total} done · {p.kept} kept{eta}")

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:
            self._on_finished()

    def _on_finished(self) -> None:
        self.start_button.setEnabled(True)
        result, self.batch_result = self.batch_result, None
        if result is None:
            return
        n = len(result.level_set)
        note = " (cancelled)" if result.cancelled else ""
        self.status.setText(f"{n} level(s) generated{note}; {len(result.failed)} failed.")
        if n:
            self.generated.emit(result.level_set)
        if not result.cancelled:
            self.accept()

    def wait(self, msecs: int = 60_000) -> bool:
        return self.worker.wait(msecs)

"""Level set ▸ New campaign…: lessons for each technique, then easy to expert on a smooth ramp.

The plan (what each level will teach or aim at) is listed before anything
runs; the campaign then runs as a batch (worker processes, cancel keeps what
is finished) and its levels join the set in the campaign's order, where the
difficulty curve draws each level's target beside its actual score.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from linjat_editor.batch.campaign import campaign_jobs
from linjat_editor.core.kinds import Kind
from linjat_editor.gui.sets.batch_dialog import BatchDialog


def plan_lines(count: int) -> list[str]:
    """One line per level of a campaign of ``count``: what it teaches, or its tier and target percentile."""
    out = []
    for job in campaign_jobs(count, seed=0):
        if job.teach is not None:
            h, w = job.size or (0, 0)
            out.append(f"{job.index + 1}. Teach: {Kind.from_key(job.teach).label} ({h}×{w}, {job.numbers} numbers)")
        else:
            out.append(f"{job.index + 1}. {job.preset}, target percentile {job.target_percentile:.0f}")
    return out


class CampaignDialog(BatchDialog):
    """Count, iterations, workers, seed; the plan; :attr:`generated` carries the campaign's set."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New campaign")
        self.start_button.setText("Create campaign")
        # The tier comes from the plan: the tier row goes.
        self.form.setRowVisible(self.preset, False)
        self.count.setValue(13)
        self.plan = QLabel(self)
        self.plan.setAccessibleName("Campaign plan")
        self.plan.setWordWrap(True)
        self.body.insertWidget(1, self.plan)
        self.count.valueChanged.connect(self._show_plan)
        self._show_plan()

    def _show_plan(self, *_: object) -> None:
        self.plan.setText("\n".join(plan_lines(self.count.value())))

    def options(self) -> dict[str, Any]:
        count, seed = self.count.value(), self.seed.value() or None
        return dict(preset="campaign", count=count, iterations=self.iterations.value(), workers=self.workers.value(),
                    seed=seed, name="campaign", jobs=campaign_jobs(count, self.iterations.value(), seed))

"""Step-through dock: walk the solver's trace layer by layer.

Position 0 is the start (nothing drawn); position k shows the lines the solver
knows after layer k. The panel only chooses the step; the overlay controller
turns it into lines on the board.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

from linjat_editor.core.analysis import Report, Step
from linjat_editor.core.analysis.pauses import median_pauses
from linjat_editor.core.analysis.solve_time import clock
from linjat_editor.core.level import Level
from linjat_editor.io import playtests_of


#: The title while the level is played.
HIDDEN = "Steps are hidden while you play the level: they are back when the Play tab is put away"


class StepPanel(QWidget):
    """Slider + previous/next over ``Report.steps``."""

    #: The shown step changed: carries the Step or None (at the start).
    stepChanged = Signal(object)  # Signal(object): a Step or None, a Python object Qt has no type for

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps: tuple[Step, ...] = ()
        self.solved = False  # whether the last step finishes the level
        self.hidden = False  # while the level is played: the steps keep the answer to themselves
        #: The playtests of a level (the shell adds the set's testers'); their line changes give the pauses.
        self.playtests_for: Callable[[Level], list[dict[str, Any]]] = playtests_of
        self.pauses: list[float | None] = []
        self.played = 0  # how many playtests recorded their lines
        self.setAccessibleName("Solver steps")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.setAccessibleName("Step")
        self.slider.setToolTip("Drag to walk through the solver's layers (0 = start)")
        self.prev = QPushButton("\u25c0 Previous")
        self.prev.setToolTip("Previous step (Alt+Left)")
        self.next = QPushButton("Next \u25b6")
        self.next.setToolTip("Next step (Alt+Right)")
        self.hint = QPushButton("Hint")
        self.hint.setToolTip("Show the next deduction on the current board (Ctrl+H)")
        self.title = QLabel("No steps yet")
        self.title.setAccessibleName("Step title")
        self.sentence = QLabel("")
        self.sentence.setWordWrap(True)
        self.sentence.setAccessibleName("Step explanation")
        self.sentence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sentence.setMinimumHeight(2 * self.fontMetrics().lineSpacing())
        self.sentence.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.paused = QLabel("")
        self.paused.setAccessibleName("Testers' pause before the step")
        self.paused.setToolTip("How long testers took before making this step (median over their playtests):\n"
                               "a long pause is where the level stalls people.")
        self.legend = QLabel(
            "<small>Thick solid line: right length · thin line with end ticks: still short · "
            "dashed: grew in this step</small>")
        self.legend.setWordWrap(True)
        controls = QHBoxLayout()
        controls.addWidget(self.prev)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.next)
        controls.addWidget(self.hint)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(controls)
        layout.addWidget(self.sentence)
        layout.addWidget(self.paused)
        layout.addWidget(self.legend)
        layout.addStretch(1)
        self.prev.clicked.connect(self.step_back)
        self.next.clicked.connect(self.step_forward)
        self.hint.clicked.connect(self.show_hint)
        self.slider.valueChanged.connect(self._on_value)
        self._update_buttons()

    @property
    def position(self) -> int:
        return self.slider.value()

    def current(self) -> Step | None:
        k = self.position
        return self.steps[k - 1] if 0 < k <= len(self.steps) else None

    def set_result(self, result: Report | None) -> None:
        """New analysis: keep the position if it still exists."""
        self.steps = result.steps if result is not None else ()
        self.solved = bool(result is not None and result.solved)
        tests = self.playtests_for(result.level) if result is not None else []
        self.pauses, self.played = median_pauses(self.steps, tests)
        old = self.position
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self.steps))
        self.slider.setValue(min(old, len(self.steps)))
        self.slider.blockSignals(False)
        self._on_value(self.slider.value())

    def set_position(self, k: int) -> None:
        if not self.hidden:
            self.slider.setValue(k)

    def set_hidden(self, hidden: bool) -> None:
        """Hide the steps while the level is played (no title, sentence or stepping), or show them again."""
        self.hidden = hidden
        self.slider.setEnabled(not hidden)
        self.legend.setVisible(not hidden)  # it explains lines the board no longer draws
        self._on_value(self.position)

    @property
    def at_end(self) -> bool:
        return bool(self.steps) and self.position >= len(self.steps)

    def end_text(self) -> str:
        """What Next or Hint say past the last step."""
        n = len(self.steps)
        if self.solved:
            return f"Solved: every line is known after step {n}. Nothing more to deduce."
        return f"Deduction stops after step {n}: it finds nothing more on this board (see the hatched cells)."

    def step_forward(self) -> None:
        if self.hidden:
            return
        if self.at_end:
            self.sentence.setText(self.end_text())  # pressed at the end: say so rather than do nothing
            return
        self.slider.setValue(self.position + 1)

    def step_back(self) -> None:
        self.set_position(self.position - 1)

    def show_hint(self) -> Step | None:
        """The next deduction from where the view stands (the first one from the start); None while hidden."""
        if self.hidden:
            return None
        self.step_forward()
        return self.current()

    def _on_value(self, k: int) -> None:
        n = len(self.steps)
        step = self.current()
        if self.hidden:
            self.title.setText(HIDDEN)
            self.sentence.setText("")
        elif not n:
            self.title.setText("No steps: deduction finds nothing on this board")
            self.sentence.setText("")
        elif step is None:
            self.title.setText(f"Start · {n} step{'s' if n != 1 else ''} in the trace")
            self.sentence.setText("Press Next or Hint to see the first deduction.")
        else:
            end = (" \u2014 solved \u2714" if self.solved else " \u2014 deduction stops here") if k == n else ""
            self.title.setText(f"Step {k} of {n}: {step.kind.label}, width {step.width}{end}")
            self.sentence.setText(step.message)
        self.paused.setText(self._pause_text(k))
        self._update_buttons()
        self.stepChanged.emit(None if self.hidden else step)

    def _pause_text(self, k: int) -> str:
        """Where testers paused: the median time before step ``k`` (and the longest pause of the level)."""
        if self.hidden or not self.played or not 0 < k <= len(self.pauses):
            return ""
        whose = f"{self.played} playtest{'s' if self.played != 1 else ''}"
        pause = self.pauses[k - 1]
        if pause is None:
            return f"Testers did not make this step ({whose})."
        known = [(p, i) for i, p in enumerate(self.pauses) if p is not None]
        longest = max(known)[1] + 1
        most = " (the longest pause of the level)" if longest == k else f" (longest: before step {longest})"
        return f"Testers paused {clock(pause)} before this step, median of {whose}{most}."

    def _update_buttons(self) -> None:
        self.prev.setEnabled(self.position > 0 and not self.hidden)
        self.next.setEnabled(bool(self.steps) and not self.hidden)  # at the end they say "solved" (or where deduction stops)
        self.hint.setEnabled(bool(self.steps) and not self.hidden)

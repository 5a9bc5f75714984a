"""Generator actions: fill dots, fill again, new random level, fix leaks — each in a worker.

A result is applied as one undoable :class:`ReplaceLevelCommand`, and only if
the board is still the one the job started from (an edit in between wins).
"""

from __future__ import annotations

import random
from typing import Callable

from PySide6.QtCore import QObject, QThreadPool, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.document import Document
from linjat_editor.gui.workers import LatestRunner

#: Optimizer iterations for "New random level": well under a second, already better than a bare fill.
RANDOM_ITERATIONS = 300


class GeneratorController(QObject):
    """Runs generator requests off the GUI thread and applies their results."""

    #: Something to tell the user: (title, one-line text).
    message = Signal(str, str)
    #: A job started (True) or ended (False).
    busyChanged = Signal(bool)
    #: A result was applied: carries the undo text.
    applied = Signal(str)

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.seed = random.randrange(1 << 30)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.runner = LatestRunner(delay_ms=0, pool=self.pool, parent=self)
        self.runner.finished.connect(self._on_done)
        self.runner.failed.connect(lambda text: self.message.emit("Generator failed", text))
        self.runner.busyChanged.connect(self.busyChanged)

    @property
    def busy(self) -> bool:
        return self.runner.busy

    def _start(self, job: Callable[[], tuple[Level | None, str, str]]) -> None:
        """``job`` returns (new level or None, undo text, message when None)."""
        base = self.document.level
        self.runner.request(lambda: (base, *job()), immediate=True)

    def _on_done(self, outcome: tuple[Level, Level | None, str, str]) -> None:
        base, level, text, why = outcome
        if level is None:
            self.message.emit(text, why)
            return
        if self.document.level != base:
            self.message.emit(text, "The board changed while this was running; result dropped.")
            return
        if self.document.push(ReplaceLevelCommand(self.document, level, text)):
            self.applied.emit(text)
        else:
            self.message.emit(text, "The result is the level you already have.")

    # -- actions -----------------------------------------------------------------

    def fill_dots(self, again: bool = False) -> None:
        """Replace unpinned dots with generated ones; ``again`` moves on to seeds giving a different filling."""
        if again:
            self.seed += 1
        first, level = self.seed, self.document.level
        tries = 10 if again else 1

        def job() -> tuple[Level | None, str, str]:
            from linjat_editor import core  # imported in the worker: the GUI never waits on the engine

            if not level.numbers:
                return None, "Cannot fill dots", "There are no numbers to build a level from."
            result = None
            for seed in range(first, first + tries):
                result = core.fill_dots(level, seed=seed)
                if not result.solved:
                    reason = result.reason or "the solver cannot finish it"
                    return None, "No dot filling makes this level solvable", f"{reason}. Try moving or changing numbers."
                if result.level != level:
                    text = f"Fill again (seed {seed})" if again else "Fill dots"
                    return result.level, text, ""
            return None, "Fill again" if again else "Fill dots", "The filling found is the one the level already has."

        self._start(job)

    def new_random_level(self, tier: str) -> None:
        """A fresh level for ``tier``: the engine's generator with a short optimizer run.

        Random numbers alone rarely fill on the big tiers (lines cross), so this
        uses ``core.generate``, which starts from a level deduction solves.
        """
        seed = self.seed = self.seed + 1

        def job() -> tuple[Level | None, str, str]:
            from linjat_editor import core

            t = core.TIERS[tier]
            rng = random.Random(seed)
            count = rng.randint(t.min_numbers, t.max_numbers)
            level = core.generate(t.height, t.width, count, t.weights, iterations=RANDOM_ITERATIONS,
                                  seed=rng.randrange(1 << 30))
            if core.count_solutions(level, limit=2).count != 1 or not core.solve(level).solved:
                return None, "New random level", "The generator's level is not unique and solvable; try again."
            return level, f"New random level ({tier})", ""

        self._start(job)

    def fix_leaks(self) -> None:
        """Apply the analysis remedy (fewest added dots that remove every leak)."""
        level = self.document.level

        def job() -> tuple[Level | None, str, str]:
            from linjat_editor.core.analysis import fix_leaks  # imported in the worker

            try:
                fixed = fix_leaks(level)
            except ValueError as exc:  # LevelError: needs exactly one solution first
                return None, "Cannot fix leaks", str(exc)
            if fixed == level:
                return None, "Fix leaks", "No dots found that remove the leaks while keeping one solution."
            return fixed, "Fix leaks", ""

        self._start(job)

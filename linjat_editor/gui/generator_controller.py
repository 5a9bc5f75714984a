"""Generator actions: fill dots, fill again, new random level, fix leaks — each in a worker.

A result is applied as one undoable :class:`ReplaceLevelCommand`, and only if
the board is still the one the job started from (an edit in between wins).
"""

from __future__ import annotations

import random
from typing import Callable

from PySide6.QtCore import QObject, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.document import Document
from linjat_editor.gui.fit import numbers_that_cannot_fit
from linjat_editor.gui.workers import Job, LatestRunner

#: Optimizer iterations for "New random level": well under a second, already better than a bare fill.
RANDOM_ITERATIONS = 300
#: Seeds "Fill dots" tries before it gives up (each seed is itself several attempts in the engine).
MAX_FILL_SEEDS = 200


class GeneratorController(QObject):
    """Runs generator requests off the GUI thread and applies their results."""

    #: Something to tell the user: (title, one-line text).
    message = Signal(str, str)
    #: A job started (True) or ended (False).
    busyChanged = Signal(bool)
    #: A result was applied: carries the undo text.
    applied = Signal(str)
    #: What the running job is doing now (one line, e.g. "Filling dots: seed 7 of up to 200").
    progress = Signal(str)

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.seed = random.randrange(1 << 30)
        self.runner = LatestRunner(delay_ms=0, parent=self)
        self.runner.finished.connect(self._on_done)
        self.runner.failed.connect(lambda text: self.message.emit("Generator failed", text))
        self.runner.busyChanged.connect(self.busyChanged)
        self.runner.progressed.connect(lambda text: self.progress.emit(str(text)))

    @property
    def busy(self) -> bool:
        return self.runner.busy

    def cancel(self) -> None:
        """Stop the running job (a fill stops between seeds); nothing is applied."""
        if self.runner.busy:
            self.runner.cancel()
            self.message.emit("Cancelled", "The board is as it was.")

    def _start(self, job: Callable[[Job], tuple[Level | None, str, str]]) -> None:
        """``job(j)`` returns (new level or None, undo text, message when None); it may report ``j.progress``."""
        base = self.document.level
        self.runner.request(lambda j: (base, *job(j)), immediate=True, with_job=True)

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
        """Replace unpinned dots with generated ones, trying seed after seed until one works.

        ``again`` moves on to a seed giving a filling other than the board's.
        The search runs until a filling is found, the numbers are shown to
        admit no solution at all, :data:`MAX_FILL_SEEDS` seeds failed, or the
        designer cancels; a failure names the numbers and cells left open.
        """
        level = self.document.level
        if not level.numbers:
            self.message.emit("Cannot fill dots", "There are no numbers to build a level from.")
            return
        too_big = numbers_that_cannot_fit(level)
        if too_big:
            self.message.emit("Cannot fill dots", too_big)
            return
        first = self.seed + 1 if again else self.seed

        def job(j: Job) -> tuple[Level | None, str, str]:
            from linjat_editor import core  # imported in the worker: the GUI never waits on the engine
            from linjat_editor.core.analysis.stuck import stuck_info

            last = None
            for k in range(MAX_FILL_SEEDS):
                if j.cancelled():
                    return None, "Fill dots", "Cancelled."
                seed = first + k
                j.progress(f"Filling dots: seed {k + 1} of up to {MAX_FILL_SEEDS}… (Cancel stops)")
                result = core.fill_dots(level, seed=seed)
                if result.solved and (not again or result.level != level):
                    self.seed = seed  # the next "Fill again" starts after it
                    return result.level, f"Fill again (seed {seed})" if again else "Fill dots", ""
                if result.solved:
                    continue  # the same filling as the board's: look further
                last = result
                if result.reason.startswith("no solution"):
                    break  # the numbers themselves admit no solution: no seed can help
            self.seed = first + k
            title = "No dot filling found"
            if last is None:
                return None, title, f"Every filling found in {k + 1} seeds is the one the board already has."
            stuck = stuck_info(last.level)
            where = f" {stuck.describe(last.level)}" if stuck is not None else ""
            tried = "" if last.reason.startswith("no solution") else f"Tried {k + 1} seeds; "
            return None, title, f"{tried}{last.reason}.{where} Try moving or changing those numbers."

        self._start(job)

    def new_random_level(self, tier: str) -> None:
        """A fresh level for ``tier``: the engine's generator with a short optimizer run.

        Random numbers alone rarely fill on the big tiers (lines cross), so this
        uses ``core.generate``, which starts from a level deduction solves.
        """
        seed = self.seed = self.seed + 1

        def job(j: Job) -> tuple[Level | None, str, str]:
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

        def job(j: Job) -> tuple[Level | None, str, str]:
            from linjat_editor.core.analysis import fix_leaks  # imported in the worker

            try:
                fixed = fix_leaks(level)
            except ValueError as exc:  # LevelError: needs exactly one solution first
                return None, "Cannot fix leaks", str(exc)
            if fixed == level:
                return None, "Fix leaks", "No dots found that remove the leaks while keeping one solution."
            return fixed, "Fix leaks", ""

        self._start(job)

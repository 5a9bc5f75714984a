"""Generator actions: fill dots, fill again, polish dots, new random level, fix leaks — each in a worker.

A result is applied as one undoable :class:`ReplaceLevelCommand` (a new random
level: as a new untitled document), and only if the board is still the one the
job started from (an edit in between wins).
"""

from __future__ import annotations

import random
from typing import Callable

from PySide6.QtCore import QObject, Signal

from linjat_editor.core.level import Level
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.board.document import Document
from linjat_editor.gui.board.fit import numbers_that_cannot_fit
from linjat_editor.gui.workers import Job, LatestRunner

#: Optimizer iterations for "New random level": well under a second, already better than a bare fill.
RANDOM_ITERATIONS = 300
#: Seeds "Fill again" tries for a filling other than the board's (each seed is a whole engine search).
AGAIN_SEEDS = 10
#: Moves of "Polish dots": a third of a second on a published 13x9 level
#: (most of what polishing finds, it finds within 500).
POLISH_MOVES = 2000


class GeneratorController(QObject):
    """Runs generator requests off the GUI thread and applies their results."""

    #: Something to tell the user: (title, one-line text).
    message = Signal(str, str)
    #: A job started (True) or ended (False).
    busyChanged = Signal(bool)
    #: A result was applied: carries the undo text.
    applied = Signal(str)
    #: What the running job is doing now (one line, e.g. "Filling dots: try 7 of up to 300").
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
        """Stop the running job (a fill stops between tries); nothing is applied."""
        if self.runner.busy:
            self.runner.cancel()
            self.message.emit("Cancelled", "The board is as it was.")

    def _start(self, job: Callable[[Job], tuple[Level | None, str, str]], new_document: bool = False) -> None:
        """``job(j)`` returns (new level or None, undo text, message); it may report ``j.progress``.

        The message is shown when there is no level, and beside an applied one when it is not empty.
        ``new_document``: the result becomes a new untitled document instead of an edit of this one.
        """
        base = self.document.level
        self.runner.request(lambda j: (base, new_document, *job(j)), immediate=True, with_job=True)

    def _on_done(self, outcome: tuple[Level, bool, Level | None, str, str]) -> None:
        base, new_document, level, text, why = outcome
        if level is None:
            self.message.emit(text, why)
            return
        if self.document.level != base:
            self.message.emit(text, "The board changed while this was running; result dropped.")
            return
        if new_document:  # the designer agreed to drop the old level when asking for this one
            # Unsaved from the start ("untitled*"): unlike an imported or set level, it exists in no file,
            # so Quit asks before it is gone.
            self.document.load(level, None, modified=True, origin=text)
            self.applied.emit(text)
            if why:
                self.message.emit(text, why)
        elif self.document.push(ReplaceLevelCommand(self.document, level, text)):
            self.applied.emit(text)
            if why:  # applied, with something left to say (leaks no dot removes)
                self.message.emit(text, why)
        else:
            self.message.emit(text, "The result is the level you already have.")

    # -- actions -----------------------------------------------------------------

    def fill_dots(self, again: bool = False) -> None:
        """Replace unpinned dots with generated ones: the engine's filler, off the GUI thread.

        The engine keeps trying fillings itself (steered toward one solution of
        the numbers) and reports each try, so the status bar counts them and
        Cancel stops between tries. ``again`` asks for a filling other than the
        board's, with the next seeds. A failure says the engine's reason and
        names the cells it points at.
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

            def report(tried: int, total: int) -> None:
                j.progress(f"Filling dots: try {tried} of up to {total}… (Cancel stops)")

            title = "Fill again" if again else "Fill dots"
            for k in range(AGAIN_SEEDS if again else 1):
                seed = first + k
                result = core.fill_dots(level, seed=seed, progress=report, should_stop=j.cancelled)
                if j.cancelled():
                    return None, "Cancelled", "The board is as it was."
                if not result.solved:
                    self.seed = seed
                    cells = ", ".join(f"row {r + 1}, column {c + 1}" for r, c in result.cells[:6])
                    more = f" and {len(result.cells) - 6} more" if len(result.cells) > 6 else ""
                    where = f" Look at {cells}{more}." if cells else ""
                    return None, "No dot filling found", f"{result.reason}.{where}"
                if result.level != level:
                    self.seed = seed  # the next "Fill again" starts after it
                    return result.level, f"{title} (seed {seed})" if again else title, ""
            self.seed = first + AGAIN_SEEDS - 1
            return None, title, f"Every filling found with {AGAIN_SEEDS} seeds is the one the board already has."

        self._start(job)

    def polish_dots(self, preset: str) -> None:
        """Keep the numbers and pinned dots, move the other dots while the level gets harder by ``preset``'s weights."""
        level = self.document.level
        seed = self.seed = self.seed + 1

        def job(j: Job) -> tuple[Level | None, str, str]:
            from linjat_editor import core
            from linjat_editor.core.analysis import analyze

            if not analyze(level, preset).good:
                return None, "Cannot polish dots", ("The level must be unique, solved by deduction and free of leak "
                                                    "warnings first (Fill dots or Fix leaks).")
            polished = core.polish_dots(level, core.preset(preset), POLISH_MOVES, seed)
            if polished == level:
                return None, "Polish dots", "No harder placement of the dots found; the board is as it was."
            return polished, "Polish dots", ""

        self._start(job)

    def new_random_level(self, tier: str) -> None:
        """A fresh level for ``tier``: the engine's generator with a short optimizer run.

        Random numbers alone rarely fill on the big tiers (lines cross), so this
        uses ``core.generate``, which starts from a level deduction solves. The level
        comes as a new untitled document, so the old one's unsaved changes are asked about first.
        """
        if not self.document.confirm_drop():
            return
        seed = self.seed = self.seed + 1

        def job(j: Job) -> tuple[Level | None, str, str]:
            from linjat_editor import core
            from linjat_editor.core.objective import tier_goal

            t = core.TIERS[tier]
            rng = random.Random(seed)
            count = t.draw_numbers(rng)
            level = core.generate(t.height, t.width, count, tier_goal(tier), iterations=RANDOM_ITERATIONS,
                                  seed=rng.randrange(1 << 30))
            if core.count_solutions(level, limit=2).count != 1 or not core.solve(level).solved:
                return None, "New random level", "The generator's level is not unique and solvable; try again."
            return level, f"New random level ({tier})", ""

        self._start(job, new_document=True)

    def fix_leaks(self) -> None:
        """Apply the analysis remedy (fewest added dots that remove every leak); say which leaks are left and why."""
        level = self.document.level

        def job(j: Job) -> tuple[Level | None, str, str]:
            from linjat_editor.core.analysis import fix_leaks_report  # imported in the worker

            try:
                fixed = fix_leaks_report(level, should_stop=j.cancelled)
            except ValueError as exc:  # LevelError: needs exactly one solution first
                return None, "Cannot fix leaks", str(exc)
            if j.cancelled():
                return None, "Cancelled", "The board is as it was."
            if fixed.level == level:
                return None, "Fix leaks", fixed.summary()
            return fixed.level, "Fix leaks", fixed.summary() if fixed.left else ""

        self._start(job)

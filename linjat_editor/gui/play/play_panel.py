"""Play mode: the level's message, the board plus Undo, Reset, Check and Give up, a clock and a move count.

The level is solved the moment its last line is right, as in the original game;
Check says what is still wrong. Each finished attempt (solved, or abandoned via
"Give up") becomes a playtest record ``{"date", "seconds", "moves", "solved"}``. The panel does not
edit the level itself: it emits :attr:`PlayPanel.playtestRecorded` (and calls
``on_playtest`` if given) so the editor can store the record with
:func:`with_playtest` as one undoable edit.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from linjat_editor.core.level import Level
from linjat_editor.gui.play.play_board import PlayBoard
from linjat_editor.gui.play.play_state import PlayState
from linjat_editor.render.theme import Theme

Playtest = dict[str, Any]


def with_playtest(level: Level, record: Playtest) -> Level:
    """The level with ``record`` appended to ``extra["playtests"]`` (a new level; the old is untouched)."""
    extra = dict(level.extra)
    extra["playtests"] = [*extra.get("playtests", []), dict(record)]
    return level.with_meta(extra=extra)


class PlayPanel(QWidget):
    """Plays one level like the original game and reports how the attempt went."""

    #: An attempt ended; carries the playtest record (a dict).
    playtestRecorded = Signal(dict)
    #: The board shrinks to fit its dock instead of scrolling (``MainWindow.add_dock``): a
    #: player must see the whole level, the buttons and the result at once.
    scrolls_itself = True

    def __init__(
        self,
        level: Level,
        parent: QWidget | None = None,
        *,
        on_playtest: Callable[[Playtest], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        theme: Theme | None = None,
    ) -> None:
        super().__init__(parent)
        self._clock = clock
        self._on_playtest = on_playtest
        self._started: float | None = None
        self._finished = False
        self._solved = False
        self.board = PlayBoard(PlayState(level), theme, self)
        self.message = QLabel(wordWrap=True)
        self.message.setAccessibleName("Level message")
        self.status = QLabel(wordWrap=True)
        self.status.setAccessibleName("Play status")
        self.clock_label = QLabel()
        self.undo_button = QPushButton("Undo")
        self.undo_button.setShortcut(QKeySequence.StandardKey.Undo)
        self.reset_button = QPushButton("Reset")
        self.done_button = QPushButton("Check")
        self.done_button.setShortcut(QKeySequence(Qt.Key.Key_Return))
        self.give_up_button = QPushButton("Give up")
        for b, slot in ((self.undo_button, self.undo), (self.reset_button, self.reset),
                        (self.done_button, self.done), (self.give_up_button, self.give_up)):
            b.clicked.connect(slot)
        for b, tip in ((self.undo_button, "Take back the last move (Ctrl+Z)"),
                       (self.reset_button, "Start the level again (a new attempt)"),
                       (self.done_button, "Say which lines are wrong and which dots are not covered (Return); "
                                          "the level is solved the moment its last line is right"),
                       (self.give_up_button, "End this attempt unsolved and record it")):
            b.setToolTip(tip)
        buttons = QHBoxLayout()
        for b in (self.undo_button, self.reset_button, self.done_button, self.give_up_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        # The clock has a line of its own: beside the buttons it made the panel wider than
        # its dock, and the board scrolled sideways.
        self.clock_label.setAccessibleName("Time and moves")
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.clock_label)
        layout.addWidget(self.board, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        self._tick = QTimer(self)
        self._tick.setInterval(500)
        self._tick.timeout.connect(self._update_clock)
        self.board.moved.connect(self._on_move)
        self.board.refused.connect(self.status.setText)
        self.board.dragStarted.connect(self.status.clear)
        self.set_level(level)

    # -- state ---------------------------------------------------------------

    @property
    def state(self) -> PlayState:
        return self.board.state

    @property
    def level(self) -> Level:
        return self.state.level

    def elapsed(self) -> float:
        """Seconds since the first move of this attempt (0 before it)."""
        return 0.0 if self._started is None else self._clock() - self._started

    def set_level(self, level: Level) -> None:
        """Play another level (or the same one again) from an empty board."""
        self.board.set_state(PlayState(level))
        self.set_message(level.message)
        self._restart()
        self.status.setText("Drag from a number to draw its line.")

    def set_message(self, text: str) -> None:
        """The level's message to the player (a tutorial's instructions), shown above the board."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _restart(self) -> None:
        self._started = None
        self._finished = False
        self._solved = False
        self.board.locked = False
        self._tick.stop()
        self._update_clock()

    def _on_move(self) -> None:
        if self._started is None:
            self._started = self._clock()
            self._tick.start()
        self._update_clock()
        if self.state.check().solved:
            self.done()  # the last line is right: solved now, with no button to press

    def _update_clock(self) -> None:
        secs = int(self.elapsed())
        self.clock_label.setText(f"{secs // 60}:{secs % 60:02d} · {self.state.moves} moves")

    # -- actions -------------------------------------------------------------

    def undo(self) -> None:
        if not self._finished and self.state.undo():
            self.board.update()
            self._update_clock()

    def reset(self) -> None:
        """A fresh attempt: empty board, clock and move count back to zero."""
        self.state.reset()
        self.board.update()
        self._restart()
        self.status.setText("Reset. Drag from a number to draw its line.")

    def done(self) -> bool:
        """Check the lines; on success record the attempt and lock the board. Returns solved."""
        if self._finished:
            return self._solved
        result = self.state.check()
        self.status.setText(result.message)
        if result.solved:
            self._record(True)
            secs = int(self.elapsed())
            self.status.setText(f"\u2714 Solved in {secs // 60}:{secs % 60:02d} with {self.state.moves} moves. "
                                "Reset to play again.")
        return result.solved

    def give_up(self) -> None:
        """End the attempt unsolved (recorded, so hard levels show up in the figures)."""
        if self._finished or self._started is None:
            return
        self._record(False)
        self.status.setText("Attempt recorded as not solved. Reset to try again.")

    def _record(self, solved: bool) -> None:
        self._finished = True
        self._solved = solved
        self.board.locked = True
        self._tick.stop()
        record: Playtest = {
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "seconds": round(self.elapsed(), 1),
            "moves": self.state.moves,
            "solved": solved,
        }
        self._update_clock()
        self.playtestRecorded.emit(record)
        if self._on_playtest is not None:
            self._on_playtest(record)

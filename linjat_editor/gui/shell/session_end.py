"""The session ends (logout, shutdown, ``kill``): write the autosave now and quit cleanly.

SIGTERM and the session manager's quit request would otherwise kill the
editor at once, losing the last seconds of work and the running workers'
jobs. The editor answers them: the autosave is written and kept for the next
start (not a dialog nobody will see), the settings saved, the workers
stopped, exit status 0.

Python runs a signal handler only between bytecodes, and Qt's event loop
runs none while it waits. So the C-level handler writes the signal's number
to a socket (``signal.set_wakeup_fd``), and a ``QSocketNotifier`` on the
other end wakes the loop, which runs the Python handler and then this.
"""

from __future__ import annotations

import signal
import socket
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtGui import QGuiApplication, QSessionManager

if TYPE_CHECKING:
    from linjat_editor.gui.shell.main_window import MainWindow


class SessionEnd(QObject):
    """Installed once, on the editor's window, by ``app.main``."""

    def __init__(self, app: QGuiApplication, window: MainWindow) -> None:
        super().__init__(window)
        self.app, self.window = app, window
        self.requested = False  # set by the signal handler (a plain flag: it may run at any bytecode)
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._previous = signal.signal(signal.SIGTERM, self._on_signal)
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._wake)
        app.commitDataRequest.connect(self._commit_data)
        app.aboutToQuit.connect(self._restore)

    def _on_signal(self, signum: int, frame: Any) -> None:
        self.requested = True

    def _wake(self, *_: object) -> None:
        try:
            while self._reader.recv(64):
                pass
        except (BlockingIOError, InterruptedError):
            pass
        if self.requested:
            self.requested = False
            self.end_now()

    def _commit_data(self, manager: QSessionManager) -> None:
        """The session manager asks us to save before it ends the session: the autosave, now, no dialog."""
        if self.window.autosaver is not None:
            self.window.autosaver.save_now()

    def end_now(self) -> None:
        """Autosave, keep it for the next start, and quit without asking (nobody is there to answer)."""
        self.window.session_ending = True
        if self.window.autosaver is not None:
            self.window.autosaver.keep()  # first: a close question already open would block the close
        self.window.close()  # saves the settings and stops the workers, asking nothing
        self.app.quit()  # also ends a modal dialog's loop, if one is open

    def _restore(self) -> None:
        signal.signal(signal.SIGTERM, self._previous)
        signal.set_wakeup_fd(self._previous_fd)
        self._notifier.setEnabled(False)
        self._reader.close()
        self._writer.close()

"""``linjat-editor [FILE] [--screenshot OUT.png]``: start the editor.

With ``--screenshot`` the editor opens FILE, waits for the analysis, renders
the main window to a PNG and exits 0; any error is one line on stderr and
exit status 2. Without it, the editor offers to recover an autosave newer
than the file it belongs to.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import NoReturn, Sequence

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
from PySide6.QtWidgets import QMessageBox

from linjat_editor.core.level import Level
from linjat_editor.gui import workers
from linjat_editor.gui.shell.qt_app import application
from linjat_editor.gui.shell.settings import Preferences, Settings

#: How long --screenshot waits for the analysis (on a first start it runs as the kernels' Python: a second or so).
SCREENSHOT_TIMEOUT_S = 180.0


class _Parser(argparse.ArgumentParser):
    """Usage errors are one line on stderr and exit status 2, like every other error here."""

    def error(self, message: str) -> NoReturn:
        print(f"linjat-editor: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="linjat-editor", description="Linjat level editor")
    p.add_argument("file", nargs="?", help="level file to open")
    p.add_argument("--screenshot", metavar="OUT.png", help="render the window to a PNG after the analysis and exit")
    p.add_argument("--size", default="1280x860", help="window size for --screenshot (default 1280x860)")
    p.add_argument("--step", type=int, default=0, help="with --screenshot: show the solver's step N")
    p.add_argument("--solution", action="store_true", help="with --screenshot: draw the solution lines")
    p.add_argument("--leak", type=int, default=0, help="with --screenshot: select leak N (1 = first) in the panel")
    return p


def _fail(message: str) -> int:
    print(f"linjat-editor: {' '.join(message.split())}", file=sys.stderr)
    return 2


def _wait_for(condition, timeout_s: float) -> bool:
    """Spin the event loop until ``condition()`` holds (workers report through it)."""
    loop = QEventLoop()
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        QTimer.singleShot(20, loop.quit)
        loop.exec()
    return True


class _ThrowawaySettings(Settings):
    """The defaults, never read or written: screenshots must not depend on (or change) the user's layout.

    (It once pointed at os.devnull, and closing the window then "saved" the
    settings by renaming a temporary file over /dev/null.)
    """

    def __init__(self) -> None:
        Preferences.__init__(self)  # the defaults
        self.path, self.unknown, self.notice = Path(os.devnull), {}, None

    def save(self) -> None:
        pass


def screenshot(file: str | None, out: str, size: str = "1280x860", step: int = 0, solution: bool = False,
               leak: int = 0) -> int:
    """Open ``file``, wait for its analysis, save the window as ``out``. Returns the exit status."""
    from linjat_editor import io as lio
    from linjat_editor.core.ready import warmup
    from linjat_editor.gui.shell.main_window import MainWindow

    try:
        width, height = (int(x) for x in size.lower().split("x"))
    except ValueError:
        return _fail(f"--size {size}: expected WIDTHxHEIGHT")
    application(headless=True)
    level: Level | None = None
    if file:
        try:
            level = lio.read_level(file)
        except (lio.FormatError, OSError, ValueError) as exc:
            return _fail(str(exc) if file in str(exc) else f"{file}: {exc}")
    window = MainWindow(level, settings=_ThrowawaySettings(), autosave=False)
    if file:
        window.document.load(level, file)  # type: ignore[arg-type]
    window.resize(width, height)
    window.show()
    if not warmup.compiled():  # a first start: the analysis answers from the kernels' Python, not after a compile
        window.warm_up_engine()
    if not _wait_for(window.analysis.is_current, SCREENSHOT_TIMEOUT_S):
        return _fail("the analysis did not finish in time")
    window.acts.solution.setChecked(solution)
    window.steps.set_position(step)
    if leak:
        window.analysis.leaks.setCurrentRow(leak - 1)
    QCoreApplication.processEvents()
    if not window.grab().save(out):
        return _fail(f"{out}: cannot write the PNG")
    window.document.undo_stack.setClean()  # nothing to prompt about on close
    window.close()
    return 0


def offer_recovery(window) -> list[str]:
    """Offer each autosave of an editor that has ended (newest first) until one is taken.

    Returns the problems found on the way (damaged files set aside), to tell the user once.
    """
    from linjat_editor.gui.shell.recovery import scan_recovery

    scan = scan_recovery()
    notices = list(scan.notices)
    for i, found in enumerate(scan.found):
        when = datetime.fromtimestamp(found.saved_at).strftime("%Y-%m-%d %H:%M")
        answer = QMessageBox.question(
            window, "Recover unsaved changes?",
            _recovery_question(found, when),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        if answer != QMessageBox.StandardButton.Yes:
            found.discard()
            continue
        if found.level is not None:
            window.document.load(found.level, found.original, modified=True, origin="recovered level")
        if found.level is None and found.proposals is not None:
            notices.extend(_open_for_proposals(window, found))
        if found.level_set is not None:
            from linjat_editor.gui.sets.set_files import is_native_set_file

            original = str(found.set_original) if found.set_original else None
            # A set recovered from the original's puzzles.json is never saved back over it as a native file.
            window.set_panel.set_level_set(found.level_set, original, modified=True, origin="recovered set",
                                           native=original is None or is_native_set_file(original))
        if found.proposals is not None:  # after the level: another document forgets the panel's pool
            window.optimizer.restore(found.proposals, when)
        # The work now lives in this editor: the old copy goes once this editor's own autosave has it.
        if window.autosaver is not None and window.autosaver.save_now():
            found.discard()
        else:
            found.release()
        for rest in scan.found[i + 1:]:
            rest.release()  # offered on a later start
        break
    return notices


def _open_for_proposals(window, found) -> list[str]:
    """The level recovered proposals were run for, on the board: its file if the file still holds it, else the
    level as a new, unsaved one (never under the file's name: saving it must not overwrite what the file has now)."""
    from linjat_editor import io as lio

    run, path = found.proposals.run, found.proposals_file
    if path is None:
        window.document.load(run, None, modified=True, origin="recovered level")
        return []
    try:
        on_disk = lio.read_level(path)
    except (OSError, ValueError) as exc:  # FormatError is a ValueError
        why = f"cannot be read ({' '.join(str(exc).split())})"
    else:
        if on_disk.same_board(run):
            window.document.load(on_disk, path)
            return []
        why = "holds another level now"
    window.document.load(run, None, modified=True, origin="recovered level")
    return [f"{path} {why}: the level the optimizer's proposals were for is on the board as a new, unsaved level."]


def _recovery_question(found, when: str) -> str:
    """What the start asks about an autosave: its unsaved documents, and the optimizer's proposals it kept."""
    documents = _recovered_what(found)
    proposals = ""
    if found.proposals is not None:
        n = len(found.proposals.proposals)
        whose = found.proposals_file.name if found.proposals_file else "an unsaved level"
        proposals = f"{n} optimizer proposal{'s' if n != 1 else ''} for {whose}"
    if not documents:
        return f"An editor closed with {proposals} (autosaved {when}). Recover them?"
    kept = f"; it also kept {proposals}" if proposals else ""
    return f"An editor closed with unsaved changes to {documents}{kept} (autosaved {when}). Recover them?"


def _recovered_what(found) -> str:
    """ "med0.txt and the level set campaign.json": what an autosave holds, as the recovery question names it."""
    parts = []
    if found.level is not None:
        parts.append(found.original.name if found.original else "an unsaved level")
    if found.level_set is not None:
        name = found.set_original.name if found.set_original else (found.level_set.name or "an unsaved set")
        parts.append(f"the level set {name}")
    return " and ".join(parts)


def tell_start_problems(window, notices: Sequence[str]) -> None:
    """Damaged files set aside (or unreadable) on start: one message, not a dialog per file."""
    if notices:
        window.show_info("Settings or autosave problem", " ".join(notices))


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.screenshot:
        return screenshot(args.file, args.screenshot, args.size, args.step, args.solution, args.leak)
    from linjat_editor.gui.shell.main_window import MainWindow
    from linjat_editor.gui.shell.session_end import SessionEnd

    app = application(headless=False)
    window = MainWindow()
    SessionEnd(app, window)  # SIGTERM or logout: autosave now and quit cleanly
    window.show()
    window.warm_up_engine()
    if not args.file:
        from linjat_editor.gui.shell.first_start import open_on_first_start

        open_on_first_start(window)
    tell_start_problems(window, [n for n in [window.settings.notice, *offer_recovery(window)] if n])
    if args.file and not window.document.modified:
        window.files.open_file(args.file)
    return finish(app.exec())


def finish(status: int) -> int:
    """After the event loop: end the process cleanly even if an engine kernel is still busy."""
    workers.stop_all(0)  # closing the window already waited; this covers a quit by other means
    if workers.running():
        # An engine kernel cannot be interrupted mid-call (say, an exact count on a big
        # board). Everything is saved by now, so end without waiting for an answer nobody
        # needs; letting Qt tear down a running thread would abort the process instead.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""The saving side of the kill-during-save test, in a lean process of its own.

``python save_server.py KIND FOLDER`` sets up one kind of save (level, set,
settings, autosave) in FOLDER, says ``ready``, then answers one command a line:

- ``go``: fork a child that saves the two versions in turn for ever, say its
  pid, and say ``reaped`` once the test has killed it;
- ``save K``: save version K here (the save after a kill, which cleans up);
- end of input: exit.

It imports the file formats (and, for the autosave, Qt's core), never the
engine, so a fork costs milliseconds: forking the test process itself, with
the kernels and Qt loaded, cost most of the test's time.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

from linjat_editor.core.level import Level

#: Big enough that writing and syncing it takes a while, so kills land inside saves.
NOTES = "x" * 150_000
KINDS = ("level", "set", "settings", "autosave")


def levels() -> tuple[Level, Level]:
    a = Level.from_rows(["2. ", "   ", " 3."]).with_meta(name="A", notes=NOTES)
    b = Level.from_rows([".3 ", "   ", "2 ."]).with_meta(name="B", notes=NOTES[:-1] + "y")
    return a, b


def set_versions() -> list:
    from linjat_editor.io import LevelSet

    a, b = levels()
    return [LevelSet(name="one").add(a).add(b), LevelSet(name="two").add(b)]


_APP = None
SETTINGS_VERSIONS = [{"notes": NOTES, "k": 0}, {"notes": NOTES, "k": 1}]


def saver(kind: str, folder: Path) -> Callable[[int], None]:
    """The save of ``kind`` into ``folder``: version 0 or 1."""
    if kind == "level":
        from linjat_editor.io import write_level

        versions = levels()
        return lambda k: write_level(versions[k], folder / "level.json")
    if kind == "set":
        from linjat_editor.io import write_set

        sets = set_versions()
        return lambda k: write_set(sets[k], folder / "set.json")
    if kind == "settings":
        from linjat_editor.gui.shell.settings import Settings

        settings = Settings(folder)

        def save_settings(k: int) -> None:
            settings.unknown.update(SETTINGS_VERSIONS[k])
            settings.save()

        return save_settings
    return _autosaver(folder)


def _autosaver(folder: Path) -> Callable[[int], None]:
    from PySide6.QtCore import QCoreApplication

    from linjat_editor.gui.board.document import Document
    from linjat_editor.gui.shell.recovery import Autosaver

    global _APP
    _APP = QCoreApplication.instance() or QCoreApplication([])  # the autosave's timers need an application
    blank = Level.from_rows(["   "])
    document = Document(blank)
    autosaver = Autosaver(document, directory=folder, interval_ms=3_600_000, burst_ms=3_600_000)
    versions = levels()

    def save(k: int) -> None:
        if document.level is versions[k]:  # an edit is needed for the autosave to write
            document.set_level(blank)
        document.set_level(versions[k])
        document.undo_stack.resetClean()  # unsaved, as after an edit command
        if not autosaver.save_now():
            raise OSError("the autosave did not write")

    return save


def serve(kind: str, folder: Path) -> None:
    save = saver(kind, folder)
    say = sys.stdout
    say.write("ready\n")
    say.flush()
    for line in sys.stdin:
        command = line.split()
        if command == ["go"]:
            pid = os.fork()
            if pid == 0:  # the child: save, save, save... until killed
                try:
                    k = 1
                    while True:
                        save(k % 2)
                        k += 1
                finally:
                    os._exit(0)
            say.write(f"{pid}\n")
            say.flush()
            os.waitpid(pid, 0)
            say.write("reaped\n")
            say.flush()
        elif command[:1] == ["save"]:
            save(int(command[1]))
            say.write("saved\n")
            say.flush()
        else:
            raise SystemExit(f"save_server: unknown command {line!r}")


if __name__ == "__main__":
    serve(sys.argv[1], Path(sys.argv[2]))

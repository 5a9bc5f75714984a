"""File actions: new, open, save, save as, recent files, import rows, and the unsaved-changes prompt.

All reading and writing goes through ``linjat_editor.io`` (atomic saves,
one-line ``FormatError`` messages). A file that cannot be read changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from linjat_editor.core.level import Level
from linjat_editor.gui.dialogs.import_rows import ImportRowsDialog
from linjat_editor.gui.dialogs.size_dialog import SizeDialog
from linjat_editor.gui.dialogs.file_names import last_folder, safe_name, with_extension
from linjat_editor.gui.dialogs.unsaved import ask_save, may_drop

if TYPE_CHECKING:
    from linjat_editor.gui.shell.shell_window import ShellWindow

FILE_FILTER = "Linjat levels (*.json *.txt);;All files (*)"
#: Save as: filter text -> the extension a bare name gets (the writer picks the format by it).
SAVE_FILTERS = {"Linjat level (*.json)": ".json", "Plain rows, without name or notes (*.txt)": ".txt"}
TOO_DEEP = 'its metadata ("extra") is nested too deeply to be saved'


class FileController(QObject):
    """Owns the file workflow of one main window."""

    #: The recent-files list changed (list of str paths).
    recentChanged = Signal(list)

    def __init__(self, window: ShellWindow) -> None:
        super().__init__(window.widget())
        self.window = window
        self.parent_widget = window.widget()  # the Qt parent of its dialogs
        self.document = window.document
        #: Asked before the level is replaced, each True to go on (the optimizer's proposals for it).
        self.replace_guards: list[Callable[[], bool]] = []
        self.document.confirm_drop = self.may_replace  # every replacement of the level asks here first

    # -- the prompt (tests replace prompt_unsaved) ------------------------------

    def prompt_unsaved(self) -> QMessageBox.StandardButton:
        """Ask Save / Discard / Cancel about unsaved changes."""
        return ask_save(self.parent_widget, "Unsaved changes", self.document.display_name())

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current level (saved, discarded or unmodified)."""
        return may_drop(self.document.modified, self.prompt_unsaved, self.save)

    def may_replace(self) -> bool:
        """True when another level may take the board: every guard agrees, then :meth:`maybe_save` does."""
        return all(guard() for guard in self.replace_guards) and self.maybe_save()

    # -- actions -----------------------------------------------------------------

    def new_level(self, size: tuple[int, int] | None = None) -> bool:
        """Start an empty level of a chosen size (dialog unless ``size`` is given)."""
        if size is None:
            level = self.document.level
            dialog = SizeDialog("New level", level.height, level.width, parent=self.parent_widget)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            size = dialog.size()
        if not self.may_replace():
            return False
        self.document.load(Level(*size))
        return True

    def open_file(self, path: str | Path | None = None) -> bool:
        """Open a level file (dialog unless ``path`` is given). Errors show one line; nothing is lost."""
        if path is None:
            start = str(self.document.path.parent if self.document.path else last_folder(self.window.settings))
            path, _ = QFileDialog.getOpenFileName(self.parent_widget, "Open level", start, FILE_FILTER)
            if not path:
                return False
        level = self.read(Path(path))
        if level is None:
            self._forget_if_gone(Path(path))
            return False
        if not self.may_replace():
            return False
        self.document.load(level, path)
        self._remember(path)
        return True

    def read(self, path: Path) -> Level | None:
        """Read a level, or show the one-line error and return None."""
        from linjat_editor import io as lio

        try:
            level = lio.read_level(path)
        except (lio.FormatError, OSError, ValueError, RecursionError) as exc:
            self.window.show_error("Cannot open level", _one_line(exc, path))
            return None
        problem = unsaveable(level)
        if problem:  # refused now rather than found out at the first save, with the edits made
            self.window.show_error("Cannot open level", f"{path}: {problem}")
            return None
        return level

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self.write(self.document.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            name = safe_name(self.document.level.name, "level") + ".json"
            suggested = str(self.document.path or last_folder(self.window.settings) / name)
            path, chosen = QFileDialog.getSaveFileName(self.parent_widget, "Save level as", suggested, ";;".join(SAVE_FILTERS))
            if not path:
                return False
            path = with_extension(path, SAVE_FILTERS.get(chosen, ".json"))
        return self.write(Path(path))

    def write(self, path: Path) -> bool:
        """Write atomically through io; on failure the document stays modified."""
        from linjat_editor import io as lio

        try:
            lio.write_level(self.document.level, path)
        except RecursionError:
            self.window.show_error("Cannot save level", f"{path}: {TOO_DEEP}")
            return False
        except Exception as exc:  # noqa: BLE001 - whatever it is, the window stays open and the edits stay
            self.window.show_error("Cannot save level", _one_line(exc, path))
            return False
        self.document.mark_saved(path)
        self._remember(path)
        self.window.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def import_rows(self, text: str | None = None) -> bool:
        """Put a level pasted in the original text form on the board, as a new untitled document."""
        from linjat_editor import io as lio

        if text is None:
            dialog = ImportRowsDialog(self.parent_widget)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            text = dialog.text()
        try:
            levels = lio.levels_from_text(text, "pasted rows")
        except (lio.FormatError, ValueError, RecursionError) as exc:
            self.window.show_error("Cannot import rows", _one_line(exc, None))
            return False
        if not levels:
            self.window.show_error("Cannot import rows", "pasted rows: no level found")
            return False
        if not self.document.start_new(levels[0], "imported rows"):
            return False
        if len(levels) > 1:
            self.window.statusBar().showMessage(f"Imported the first of {len(levels)} levels", 5000)
        return True

    # -- recent files --------------------------------------------------------------

    def _remember(self, path: str | Path) -> None:
        self.recentChanged.emit(self.window.settings.add_recent(path))

    def _forget_if_gone(self, path: Path) -> None:
        """A recent file that no longer exists leaves the list (a broken one stays: it may be fixed)."""
        if path.exists():
            return
        settings = self.window.settings
        gone = str(path.resolve())
        recent = settings.recent_files()
        if gone in recent:
            settings.recent = [p for p in recent if p != gone]
            self.recentChanged.emit(settings.recent_files())


def unsaveable(level: Level) -> str | None:
    """Why the native level file could not hold ``level`` (metadata nested too deeply, NaN...), or None.

    Asks the writer itself, so the answer is the one File ▸ Save and the autosave would get.
    """
    from linjat_editor import io as lio

    write = lio.get_format("linjat-level").write
    try:
        if write is not None:
            write(level)
    except (TypeError, ValueError) as exc:
        return f"its metadata could not be saved again ({' '.join(str(exc).split())})"
    except RecursionError:
        return TOO_DEEP
    return None


def _one_line(exc: BaseException, path: Path | None) -> str:
    """FormatError is already 'file: problem'; other errors get the file name added."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if path is not None and str(path.name) not in text:
        text = f"{path}: {text}"
    return text

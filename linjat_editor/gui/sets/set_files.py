"""The set panel's file side: open, save, export and batch generation (a mixin of :class:`SetPanel`).

Kept apart from the panel's editing and display so each file stays one idea.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from linjat_editor.gui.dialogs.file_names import with_extension
from linjat_editor.gui.dialogs.unsaved import ask_save, may_drop
from linjat_editor.io.level_set import LevelSet

# For the type checker the mixin is the widget it is mixed into; at run time it adds no base.
if TYPE_CHECKING:
    _Widget = QWidget
else:
    _Widget = object

#: The export dialog's choices: filter text -> (format for ``export_set``, file extension).
EXPORT_FILTERS = {
    "puzzles.json (*.json)": ("puzzles-json", ".json"),
    "PDF sheets (*.pdf)": ("pdf", ".pdf"),
    "SVG sheet (*.svg)": ("svg", ".svg"),
    "PNG sheets (*.png)": ("png", ".png"),
    "CSV figures (*.csv)": ("csv", ".csv"),
}

SHEET_FORMATS = ("pdf", "svg", "png")


def _sheet_format(path: str, fmt: str | None) -> str | None:
    """The sheet format (pdf, svg, png) the export writes, or None for a file format written as text."""
    chosen = (fmt or path.rsplit(".", 1)[-1]).lower()
    return chosen if chosen in SHEET_FORMATS else None


def export_target(path: str, chosen_filter: str) -> tuple[str, str | None]:
    """The file and format to write: the chosen filter decides the format, and a name typed
    without an extension gets the format's (not every platform's dialog adds it).

    >>> export_target("/tmp/sheets", "PDF sheets (*.pdf)")
    ('/tmp/sheets.pdf', 'pdf')
    >>> export_target("/tmp/levels.json", "puzzles.json (*.json)")
    ('/tmp/levels.json', 'puzzles-json')
    """
    fmt, ext = EXPORT_FILTERS.get(chosen_filter, (None, ""))
    return with_extension(path, ext), fmt


class SetFilesMixin(_Widget):
    """Needs ``self.level_set``, ``self.checker``, ``self.path``, ``self.undo_stack``,
    ``self.warnings``, ``self.tell``, ``self.set_level_set`` and ``self.append_set`` from the panel."""

    level_set: LevelSet
    checker: Any
    path: str | None
    #: False while ``path`` is a file of another format (the original's puzzles.json): Save asks for a file.
    path_is_native: bool = True
    #: The set shown when a file began to be read (a different one when it arrives was edited meanwhile).
    _read_over: LevelSet | None = None
    undo_stack: Any
    warnings: Any

    if TYPE_CHECKING:
        documentChanged: Any

        def set_level_set(self, level_set: LevelSet, path: str | None = None, modified: bool = False,
                          origin: str | None = None, native: bool = True) -> None: ...
        def append_set(self, other: LevelSet, text: str = "") -> None: ...
        def display_name(self) -> str: ...
        def tell(self, notice: str) -> None: ...
        @property
        def modified(self) -> bool: ...

    # -- unsaved changes (tests replace prompt_unsaved) -------------------------

    def prompt_unsaved(self) -> QMessageBox.StandardButton:
        """Ask Save / Discard / Cancel about the set's unsaved changes."""
        return ask_save(self, "Unsaved changes to the level set", f"The level set {self.display_name()}")

    def confirm_drop(self) -> bool:
        """True when the set may be replaced or closed: saved, discarded, or nothing unsaved."""
        return may_drop(self.modified, self.prompt_unsaved, self.save_current)

    def save_current(self) -> bool:
        """Save to the set's own file, or ask for one; True once it is on disk.

        A set read from another format (the original's puzzles.json) is never written over it as a
        native set file: Save asks for a file instead.
        """
        if not self.path or not self.path_is_native:
            return self.save_dialog()
        try:
            self.save(self.path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Save set", str(exc))
            return False
        return True

    def generate_dialog(self) -> None:
        from linjat_editor.gui.sets.batch_dialog import BatchDialog

        dialog = BatchDialog(self)
        dialog.generated.connect(lambda s: self.append_set(s, f"Generate {len(s)} level(s)"))
        dialog.open()
        self._batch_dialog = dialog  # reachable for tests and for shutdown

    def campaign_dialog(self) -> None:
        """Level set ▸ New campaign…: its levels join the set in the campaign's order."""
        from linjat_editor.gui.sets.campaign_dialog import CampaignDialog

        dialog = CampaignDialog(self)
        dialog.generated.connect(lambda s: self.append_set(s, f"New campaign of {len(s)} level(s)"))
        dialog.open()
        self._batch_dialog = dialog  # reachable for tests and for shutdown

    def export(self, path: str, fmt: str | None = None, level_set: LevelSet | None = None, **options: object) -> list:
        """Export the set (with the figures found so far, or ``level_set``) in any format ``linjat export`` knows."""
        from linjat_editor.render.export import export_set, format_for

        level_set = level_set if level_set is not None else self.with_analysis()
        if all(e.analysis is not None for e in level_set) and (fmt or format_for(path)) in ("puzzles-json", "json", "csv"):
            options.setdefault("analyse", False)  # every figure is known: no need to solve again
        if _sheet_format(path, fmt):
            options.pop("analyse", None)
            options.setdefault("title", level_set.name)
        return export_set(level_set, path, fmt, **options)

    def export_dialog(self) -> None:
        path, chosen = QFileDialog.getSaveFileName(self, "Export set", "puzzles.json", ";;".join(EXPORT_FILTERS))
        if path:
            path, fmt = export_target(path, chosen)
            options: dict[str, Any] = {}
            if fmt in SHEET_FORMATS:
                from linjat_editor.gui.dialogs.sheet_options import SheetOptionsDialog

                asked = SheetOptionsDialog.ask(self.level_set.name, self)
                if asked is None:
                    return
                options = asked
            self.export_in_background(path, fmt, options)

    def export_in_background(self, path: str, fmt: str | None, options: dict[str, Any]) -> None:
        """Export with the engine's part on a worker (analysing or solving every level would freeze the
        editor); the panel says when it is written, a box when it fails.

        Sheets are laid out there (solutions, pages) and painted back in the editor's thread: Qt's
        text and PDF engines belong to it (a PDF painted on a worker hung once).
        """
        from linjat_editor.gui.workers import Worker
        from linjat_editor.render.sheets import sheet_pages

        # A worker for each export (listed while it runs): two exports in a row both finish and both report.
        exporter = Worker(self)
        self._exporters = [w for w in getattr(self, "_exporters", []) if w.busy] + [exporter]
        exporter.finished.connect(self._exported)
        exporter.failed.connect(lambda text: self._exported(("failed", text)))
        exporter.busyChanged.connect(lambda busy: None if busy else exporter.deleteLater())  # reported: done
        self.tell(f"Exporting {Path(path).name}…")
        level_set = self.with_analysis()  # here: the checks are read in the editor's thread
        sheets = _sheet_format(path, fmt)
        if sheets:
            options = {"title": level_set.name, **options}

        def run(job: Any) -> tuple[str, Any]:
            try:
                if sheets:
                    return "laid out", (path, sheets, options["title"], sheet_pages(level_set, **options))
                return "written", self.export(path, fmt, level_set=level_set, **options)
            except (OSError, ValueError) as exc:
                return "failed", str(exc)

        exporter.start(run)

    @property
    def exporting(self) -> bool:
        """An export is still being written."""
        return any(w.busy for w in getattr(self, "_exporters", []))

    def _exported(self, result: tuple[str, Any]) -> None:
        outcome, detail = result
        if outcome == "laid out":  # painted here: Qt's text and PDF engines are this thread's
            from linjat_editor.render.export import export_pages

            path, fmt, title, pages = detail
            try:
                outcome, detail = "written", export_pages(pages, path, fmt, title)
            except (OSError, ValueError) as exc:
                outcome, detail = "failed", str(exc)
        if outcome == "written":
            self.tell("Exported: " + ", ".join(str(p) for p in detail))
        else:
            self.tell("")
            QMessageBox.warning(self, "Export", str(detail))

    def with_analysis(self) -> LevelSet:
        """The set with each entry's analysis filled from the checks done (for saving and export)."""
        s = self.level_set
        for i, e in enumerate(s):
            c = self.checker.lookup(e.level)
            if c is not None and e.analysis is None:
                s = s.replace(i, e.with_meta(analysis=c.to_json()))
        return s

    def save(self, path: str) -> None:
        from linjat_editor.io.registry import write_set

        write_set(self.with_analysis(), path)
        self.path = path
        self.path_is_native = True
        self.undo_stack.setClean()
        self.documentChanged.emit()

    def load(self, path: str) -> None:
        self._opened(*_read(path))

    def _opened(self, level_set: LevelSet, path: str, native: bool) -> None:
        self.set_level_set(level_set, path, native=native)

    def load_dialog(self) -> None:
        """Pick a set file and read it in the background: a set of thousands never freezes the editor.

        The set's unsaved changes are asked about first; a file that cannot be read changes nothing.
        While it is read the panel takes no edits (its list and buttons are disabled, the status line
        says what is read), and a set changed meanwhile from elsewhere (a menu, Undo) is asked about
        again before the file replaces it.
        """
        if not self.confirm_drop():
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open level set", "", "Level sets (*.json);;All files (*)")
        if not path:
            return
        from linjat_editor.gui.workers import Worker

        reader = getattr(self, "_reader", None)
        if reader is None:
            reader = self._reader = Worker(self)
            reader.finished.connect(self._read_done)
            reader.failed.connect(self._read_failed)
        self.tell(f"Reading {Path(path).name}…")
        self._read_over = self.level_set
        self._set_reading(True)
        reader.start(lambda job: _read(path))

    def _set_reading(self, reading: bool) -> None:
        """Disable everything of the panel but its status line while a set file is read."""
        for part in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if part is not self.warnings:
                part.setEnabled(not reading)

    def _read_done(self, result: tuple[LevelSet, str, bool]) -> None:
        self._set_reading(False)
        level_set, path, native = result
        if self.level_set != self._read_over and not self.confirm_drop():
            self.tell(f"{Path(path).name} was not opened: the set changed while it was read, and the changes are kept.")
            return
        self._opened(level_set, path, native)

    def _read_failed(self, text: str) -> None:
        self._set_reading(False)
        self.tell("")
        QMessageBox.warning(self, "Open set", text)

    def save_dialog(self) -> bool:
        """Save the set under a chosen name; True once it is on disk."""
        suggested = self.path or "levels.linjat-set.json"
        if not self.path_is_native:
            suggested = str(Path(suggested).with_suffix(".linjat-set.json"))
        path, _ = QFileDialog.getSaveFileName(self, "Save level set", suggested, "Level sets (*.json)")
        if not path:
            return False
        try:
            self.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Save set", str(exc))
            return False
        return True


def _read(path: str) -> tuple[LevelSet, str, bool]:
    """The set in ``path``, and whether the file is a native set file (not the original's puzzles.json)."""
    from linjat_editor.io.errors import FormatError
    from linjat_editor.io.registry import read_set

    try:
        return read_set(path, format="linjat-set"), path, True
    except FormatError:
        return read_set(path), path, False


def is_native_set_file(path: str) -> bool:
    """Whether Save may write a native set file to ``path``: it holds one, or nothing (a file gone since)."""
    from linjat_editor.io.errors import FormatError
    from linjat_editor.io.registry import read_set

    if not Path(path).exists():
        return True
    try:
        read_set(path, format="linjat-set")
    except (FormatError, OSError):
        return False
    return True

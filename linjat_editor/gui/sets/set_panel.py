"""The set panel: a level set as a list, its difficulty curve and its warnings.

The set is a document like the level: it knows its file, whether it has unsaved
changes and its undo history. Every change to the set (add, remove, duplicate,
drag, sort, tier) is one step on the panel's own undo stack; sets are immutable
values, so a step is just the set before and after. Levels are analysed in a
worker thread. The list and the curve show the same levels in the same order
(``set_filter.shown``), filtered and sorted without changing the set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QItemSelectionModel, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QUndoStack
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QLabel, QListView, QPushButton,
                               QSplitter, QVBoxLayout, QWidget)

from linjat_editor.core.level import Level
from linjat_editor.gui.button_grid import ButtonGrid
from linjat_editor.gui.commands.change_set import ChangeSetCommand
from linjat_editor.gui.sets.curve_chart import CurvePoint, CurveView
from linjat_editor.gui.sets.set_checks import MEANINGS, EntryCheck, reason
from linjat_editor.gui.sets.set_files import SetFilesMixin
from linjat_editor.gui.sets.set_filter import TIERS, LevelView, shown
from linjat_editor.gui.sets.set_model import SetModel, entry_name, target_of
from linjat_editor.gui.sets.set_ordering import ramp_order
from linjat_editor.gui.sets.set_view import CurveWindow, ShownRows, ViewBar
from linjat_editor.gui.sets.set_worker import SetChecker
from linjat_editor.gui.sets.time_series import level_times
from linjat_editor.io.export_common import guess_tier
from linjat_editor.io.level_set import LevelSet, playtests_of



class WrappedLine(QLabel):
    """A word-wrapped label as tall as its text at its width, without asking for height-for-width.

    A wrapped label makes its layout height-for-width, and a scroll area sizes such
    a panel by its preferred heights, not its least ones: on a laptop's dock the set
    panel then scrolled, its curve's buttons below the fold, with room to spare.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)

    def hasHeightForWidth(self) -> bool:
        return False  # its minimum height follows its width instead (below)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self.heightForWidth(max(1, self.width()))))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # as many lines as the new width needs


class SetPanel(SetFilesMixin, QWidget):
    """Shows and edits a :class:`LevelSet`. ``current_level`` gives the editor's level for "Add"."""

    # Signal(object): a Level or LevelSet travels, a Python object Qt has no type for.
    #: The user wants to edit this level in the editor; carries (Level, index).
    openRequested = Signal(object, int)
    #: The set changed (any edit, undo or redo); carries the LevelSet.
    setChanged = Signal(object)
    #: The set's file, unsaved state or origin changed (the dock's title follows it).
    documentChanged = Signal()

    def __init__(self, current_level: Callable[[], Level] | None = None, checker: SetChecker | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.current_level = current_level
        self.level_set = LevelSet()
        self.path: str | None = None
        #: How this set began, as the History's first line says it ("opened campaign.json", "new set"...).
        self.origin = "new set"
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)  # a bound method: dropped with the panel
        self.checker = checker or SetChecker(parent=self)
        self.analyse = True
        self.model = SetModel(lambda e: self.checker.lookup(e.level), self, lambda e: self.checker.error_of(e.level))
        self.proxy = ShownRows(self)
        self.proxy.setSourceModel(self.model)
        self.view = QListView(self)
        self.view.setModel(self.proxy)
        self.view.setIconSize(QSize(64, 64))
        self.view.setSpacing(2)
        self.view.setWordWrap(True)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.view.setDropIndicatorShown(True)
        self.view.setAccessibleName("Levels in the set")
        self.view.doubleClicked.connect(lambda ix: self.open_selected())
        self.level_view = LevelView()
        self.view_bar = ViewBar(self)
        self.view_bar.changed.connect(self.set_view)
        self.curve = CurveView(self, enlarge=self.enlarge_curve)
        self.chart = self.curve.chart
        self.chart.clicked.connect(self.open_level_at)
        self.curve_window: CurveWindow | None = None
        self.warnings = WrappedLine()
        #: The last thing done to the set and how it went (shown above ``_summary``, the checks' verdict).
        self.notice = ""
        self._summary = ""
        self.warnings.setAccessibleName("Set warnings")
        self.tier_box = QComboBox(self)
        self.tier_box.addItems(["(no tier)", *TIERS])
        self.tier_box.setToolTip("Tier of the selected level")
        self.tier_box.activated.connect(self._tier_chosen)
        self.buttons = {}
        specs = [
            ("add", "Add current", "Add the level being edited to the set", self.add_current),
            ("open", "Open", "Edit the selected level (double-click)", self.open_selected),
            ("duplicate", "Duplicate", "Copy the selected level", self.duplicate_selected),
            ("put_back", "Update from editor", "Replace the selected level by the one being edited (tier and playtests kept)",
             self.put_back),
            ("remove", "Remove", "Remove the selected level from the set", self.remove_selected),
            ("sort", "Order by difficulty", "Tutorials first, then each tier rising by score", self.order_by_difficulty),
            ("load", "Open set…", "Open a set file", self.load_dialog),
            ("save", "Save set…", "Save the set", self.save_dialog),
            ("generate", "Generate…", "Generate levels of a tier into the set (worker processes)", self.generate_dialog),
            ("export", "Export…", "Export: the original game's puzzles.json, PDF/SVG/PNG sheets, CSV", self.export_dialog),
        ]
        for key, label, tip, slot in specs:
            b = QPushButton(label, self)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            self.buttons[key] = b
        # Two columns where the dock is wide enough, one where it is not: no label is ever cut short.
        # The set's own file buttons have short labels and flow apart from the level buttons, so they
        # stay two to a row on a dock too narrow for "Order by difficulty" twice.
        files = ("load", "save", "generate", "export")
        self.button_grid = ButtonGrid([b for k, b in self.buttons.items() if k not in files], 2, self)
        self.file_button_grid = ButtonGrid([self.buttons[k] for k in files], 2, self)
        self.buttons["add"].setEnabled(current_level is not None)
        # No Ctrl+Z of its own: in the editor, Edit ▸ Undo undoes the set while the focus is in this panel.
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.view)
        split.addWidget(self.curve)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([3, 2])  # the first layout shares out as the stretch does, not by the list's wish
        layout = QVBoxLayout(self)
        layout.addWidget(self.button_grid)
        layout.addWidget(self.file_button_grid)
        layout.addWidget(self.tier_box)
        layout.addWidget(self.view_bar)
        layout.addWidget(split, 1)
        layout.addWidget(self.warnings)
        # Tab goes down the panel as it reads (by default it followed the order the parts were made in).
        bar = self.view_bar
        chain = [*self.buttons.values(), self.tier_box, bar.flagged, bar.tier, bar.technique, bar.sort, self.view,
                 self.curve.bar, *self.curve.buttons.values()]
        for before, after in zip(chain, chain[1:]):
            QWidget.setTabOrder(before, after)
        self.model.edited.connect(lambda s, text: self.apply(s, text))
        self.checker.checked.connect(self._on_checked)
        self.checker.busyChanged.connect(lambda busy: self._flush())
        # Figures arrive level by level; the list, chart and summary are redrawn a few times a
        # second, not once per level (on a set of thousands that was a stall after every check).
        self._redraw = QTimer(self, singleShot=True, interval=250)
        self._redraw.timeout.connect(self._flush)
        self.view.selectionModel().currentChanged.connect(lambda *a: self._sync_selection())
        self._show(self.level_set)

    # -- the set -------------------------------------------------------------

    def set_level_set(self, level_set: LevelSet, path: str | None = None, modified: bool = False,
                      origin: str | None = None, native: bool = True) -> None:
        """Show another set (opened, recovered): fresh undo history.

        ``modified=True`` marks it unsaved (a recovered autosave); ``origin`` says how it began;
        ``native=False``: ``path`` is no native set file (the original's puzzles.json), so Save asks for one.
        """
        self.undo_stack.clear()
        self.path = path
        self.path_is_native = native
        self.origin = origin or (f"opened {Path(path).name}" if path else "new set")
        self._show(level_set, 0 if len(level_set) else -1)
        self.undo_stack.setClean()
        if modified:  # an empty stack is clean; a clean index it never reaches keeps it "modified"
            self.undo_stack.resetClean()
        self.documentChanged.emit()

    def _on_clean_changed(self, _clean: bool) -> None:
        self.documentChanged.emit()

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The set's file name, or its name, or 'untitled set'."""
        return Path(self.path).name if self.path else (self.level_set.name or "untitled set")

    def apply(self, level_set: LevelSet, text: str, select: int = -1) -> None:
        """Change the set as one undoable step."""
        if level_set != self.level_set:
            self.undo_stack.push(ChangeSetCommand(self._show, self.level_set, level_set, text, select))

    def _show(self, level_set: LevelSet, select: int = -1) -> None:
        self.level_set = level_set
        self.notice = ""  # it was about the set as it was
        self.model.set_level_set(level_set)
        if select >= 0:
            self.select(select)
        if self.analyse:
            self.checker.request(level_set.levels)
        self._refresh()
        self.setChanged.emit(level_set)

    def current_row(self) -> int:
        """The selected level's position in the set (-1: none)."""
        ix = self.proxy.mapToSource(self.view.currentIndex())
        return ix.row() if ix.isValid() else -1

    def select(self, row: int) -> None:
        """Select the level at set position ``row`` (when the view shows it)."""
        if 0 <= row < len(self.level_set):
            ix = self.proxy.mapFromSource(self.model.index(row))
            if ix.isValid():
                self.view.selectionModel().setCurrentIndex(ix, QItemSelectionModel.SelectionFlag.ClearAndSelect)
                self.view.scrollTo(ix)

    def open_level_at(self, row: int) -> None:
        """A click on the curve: select that level and open it in the editor."""
        self.select(row)
        if self.current_row() == row:
            self.open_selected()

    # -- what is shown ---------------------------------------------------------

    def set_view(self, view: LevelView) -> None:
        """Filter and sort the list and the curve alike; the set keeps its order."""
        self.level_view = view
        drag = QAbstractItemView.DragDropMode.NoDragDrop if view.rearranged else QAbstractItemView.DragDropMode.InternalMove
        self.view.setDragDropMode(drag)
        self._refresh()

    def enlarge_curve(self) -> None:
        """The curve in a window of its own, to be made as large as a set of hundreds needs; it shows what the panel shows."""
        if self.curve_window is None:
            self.curve_window = CurveWindow(self.window())
            self.curve_window.curve.chart.clicked.connect(self.open_level_at)
        self._refresh()
        self.curve_window.show()
        self.curve_window.raise_()

    def playtests_for(self, level: Level) -> list[dict]:
        """Every playtest of the set's entries with this board, and those on the level itself."""
        tests = [t for e in self.level_set if e.level.same_board(level) for t in playtests_of(e)]
        return tests + [t for t in playtests_of(level) if t not in tests]  # the set's own level carries them too

    def check_of(self, i: int) -> EntryCheck | None:
        return self.checker.lookup(self.level_set[i].level)

    # -- actions -------------------------------------------------------------

    def add_level(self, level: Level, tier: str | None = None) -> None:
        """Append ``level`` (tier guessed from its size when not given) and select it."""
        tier = tier or guess_tier(level)
        self.apply(self.level_set.add(level, tier=tier if tier in TIERS else None), "Add level", len(self.level_set))

    def add_current(self) -> None:
        if self.current_level is not None:
            self.add_level(self.current_level())

    def open_selected(self) -> None:
        i = self.current_row()
        if i >= 0:
            self.openRequested.emit(self.level_set[i].level, i)

    def replace_level(self, i: int, level: Level) -> None:
        """Put an edited level back into entry ``i`` (tier, tags, playtests kept)."""
        self.apply(self.level_set.replace(i, level), "Update level", i)

    def put_back(self) -> None:
        """The editor's level replaces the selected entry's (after "Open", edit, play...)."""
        i = self.current_row()
        if i >= 0 and self.current_level is not None:
            self.replace_level(i, self.current_level())

    def duplicate_selected(self) -> None:
        i = self.current_row()
        if i >= 0:
            self.apply(self.level_set.duplicate(i), "Duplicate level", i + 1)

    def remove_selected(self) -> None:
        i = self.current_row()
        if i >= 0:
            self.apply(self.level_set.remove(i), "Remove level", min(i, len(self.level_set) - 2))

    def order_by_difficulty(self) -> None:
        """Tutorials first, then each tier as a rising ramp of scores."""
        scores = [c.score if (c := self.check_of(i)) else None for i in range(len(self.level_set))]
        order = ramp_order([e.tier for e in self.level_set], scores)
        self.apply(self.level_set.reordered(order), "Order by difficulty", 0)

    def _tier_chosen(self, index: int) -> None:
        i = self.current_row()
        if i >= 0:
            tier = None if index == 0 else TIERS[index - 1]
            if tier != self.level_set[i].tier:
                self.apply(self.level_set.replace(i, self.level_set[i].with_meta(tier=tier)), "Set tier", i)

    def append_set(self, other: LevelSet, text: str = "") -> None:
        """Append another set's entries (e.g. a generated batch) as one step."""
        s = self.level_set
        for e in other:
            s = s.add(e)
        self.apply(s, text or f"Add {len(other)} level(s)", len(self.level_set))

    # -- figures -----------------------------------------------------------

    def _on_checked(self, key: tuple[Any, ...], check: EntryCheck) -> None:
        if not self._redraw.isActive():
            self._redraw.start()

    def _flush(self) -> None:
        self._redraw.stop()
        self.model.refresh()
        self._refresh()

    def _sync_selection(self) -> None:
        i = self.current_row()
        tier = self.level_set[i].tier if i >= 0 else None
        self.tier_box.setCurrentIndex(TIERS.index(tier) + 1 if tier in TIERS else 0)
        self._refresh()

    def _refresh(self) -> None:
        points, lines = [], []
        checks = [self.check_of(i) for i in range(len(self.level_set))]
        checked = 0
        by_reason: dict[str, list[int]] = {}
        for i, (e, c) in enumerate(zip(self.level_set, checks)):
            checked += c is not None
            flags = c.warnings_for(e.tier) if c is not None else []
            points.append(CurvePoint(None if c is None else c.score, e.tier, bool(flags), target_of(e),
                                     level_times(e, c, self.level_set)))
            if flags:
                lines.append(f"{i + 1}. {entry_name(e, i)}: {', '.join(flags)}")
                for flag in flags:
                    by_reason.setdefault(reason(flag), []).append(i + 1)
        rows = shown(list(self.level_set), checks, self.level_view)
        self.proxy.show_rows(None if not self.level_view.rearranged else rows)
        for curve in [self.curve] + ([self.curve_window.curve] if self.curve_window is not None else []):
            curve.chart.set_points([points[i] for i in rows], self.current_row(), rows, self.level_view.describe(),
                                   len(points))
        for key in ("open", "duplicate", "remove", "put_back"):
            self.buttons[key].setEnabled(self.current_row() >= 0)
        self.buttons["put_back"].setEnabled(self.current_row() >= 0 and self.current_level is not None)
        failed = [f"{i + 1}. {entry_name(e, i)}: {error}" for i, e in enumerate(self.level_set)
                  if (error := self.checker.error_of(e.level)) is not None]
        summary = ""
        if not self.analyse:
            summary = "Analysis unavailable: the engine is not installed."
        elif lines:
            # One line per reason, saying what it means: the list above shows each level's own flags.
            if len(lines) == 1:
                groups = [lines[0]]
            else:
                groups = [f"• {key} ({MEANINGS[key]}): {_levels(rows)}" for key, rows in by_reason.items()]
            summary = f"{len(lines)} level(s) need attention:\n" + "\n".join(groups)
            self.warnings.setToolTip("\n".join(lines[:40]) + (f"\n…and {len(lines) - 40} more" if len(lines) > 40 else ""))
        elif self.checker.busy:
            summary = f"Analysing… {checked:,} of {len(self.level_set):,} levels checked"
        elif checked == len(self.level_set):  # said of every level only when every level was checked
            summary = "All levels unique, solved by deduction, no leaks." if len(self.level_set) else ""
        elif checked + len(failed) < len(self.level_set):
            summary = f"{checked:,} of {len(self.level_set):,} levels checked"
        if failed and self.analyse:
            more = [f"…and {len(failed) - 10} more"] if len(failed) > 10 else []
            summary = "\n".join(filter(None, [summary, f"{len(failed)} level(s) could not be checked:",
                                                *failed[:10], *more]))
        self._summary = summary
        self._show_status()

    def tell(self, notice: str) -> None:
        """Say how something done to the set went (read, exported, playtests imported), above the checks'
        summary: a check that ends later adds its line without taking this one away. The set's next change
        clears it."""
        self.notice = notice
        self._show_status()

    def _show_status(self) -> None:
        self.warnings.setText("\n".join(part for part in (self.notice, self._summary) if part))

    def closeEvent(self, event) -> None:  # noqa: ANN001
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the worker after its current level and wait for it."""
        self.checker.cancel()
        self.checker.wait(5000)
        if self.curve_window is not None:
            self.curve_window.close()
        dialog = getattr(self, "_batch_dialog", None)
        if dialog is not None:
            dialog.worker.cancel()
            dialog.wait(30_000)


def _levels(rows: list[int]) -> str:
    """ "3 levels: 2, 5, 9" (the first eight numbers, then how many more).

    >>> _levels([4]), _levels(list(range(1, 12)))
    ('level 4', '11 levels: 1, 2, 3, 4, 5, 6, 7, 8 …')
    """
    if len(rows) == 1:
        return f"level {rows[0]}"
    shown = ", ".join(str(r) for r in rows[:8])
    return f"{len(rows)} levels: {shown}" + (" …" if len(rows) > 8 else "")

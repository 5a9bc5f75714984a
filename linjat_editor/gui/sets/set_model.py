"""A list model over an immutable :class:`LevelSet`, with drag-to-reorder.

The model never edits the set on its own authority: a drag produces the moved
set and emits :attr:`SetModel.edited`, and the panel records that as an undo
step. Figures come from a lookup the panel fills as the worker reports.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractListModel, QByteArray, QMimeData, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QIcon

from linjat_editor.core.analysis.solve_time import clock
from linjat_editor.gui.sets.set_checks import MEANINGS, EntryCheck, reason
from linjat_editor.render.thumbnail import level_thumbnail
from linjat_editor.io.level_set import LevelSet, SetEntry, median_seconds, playtests_of

MIME = "application/x-linjat-set-rows"
EntryRole = Qt.ItemDataRole.UserRole + 1
CheckRole = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex




def target_of(entry: SetEntry) -> float | None:
    """The selection score a ramp or campaign level was made to come close to (its target percentile of its tier)."""
    from linjat_editor.core.objective import toward_percentile

    percentile = (entry.analysis or {}).get("target_percentile")
    if percentile is None or not entry.tier:
        return None
    try:
        return toward_percentile(entry.tier, float(percentile)).target
    except (ValueError, TypeError):
        return None


def predicted_seconds(check: EntryCheck | None, level_set: LevelSet) -> float | None:
    """The time model's prediction for a checked level (the set's adopted model, else the shipped one)."""
    from linjat_editor.core.analysis.solve_time import model_of

    return None if check is None else model_of(level_set.extra).time_for(check.layers, check.solved)


def played(entry: SetEntry) -> str:
    """Playtest summary for the list: how often solved and the median time, to set beside the score."""
    tests = playtests_of(entry)
    if not tests:
        return ""
    solved = sum(1 for t in tests if t.get("solved"))
    m = median_seconds(tests)
    median = f", median {int(m) // 60}:{int(m) % 60:02d}" if m is not None else ""
    return f"played {len(tests)}× ({solved} solved{median})"


class SetModel(QAbstractListModel):
    """Rows are set entries: thumbnail, "n. name", tier and score; tooltip lists warnings."""

    #: The user changed the set through the view (a drag); carries (new LevelSet, description).
    edited = Signal(object, str)  # Signal(object): a LevelSet travels, a Python object Qt has no type for

    def __init__(self, lookup: Callable[[SetEntry], EntryCheck | None], parent: Any = None,
                 error_of: Callable[[SetEntry], str | None] = lambda entry: None) -> None:
        super().__init__(parent)
        self.level_set = LevelSet()
        self._lookup = lookup
        self._error_of = error_of  # why a level's check failed, if it did
        self._icons: dict[tuple, QIcon] = {}
        self.thumb_size = 64

    def set_level_set(self, level_set: LevelSet) -> None:
        if level_set is self.level_set:
            return
        self.beginResetModel()
        self.level_set = level_set
        self.endResetModel()

    def refresh(self) -> None:
        """Figures arrived: redraw every row."""
        if len(self.level_set):
            self.dataChanged.emit(self.index(0), self.index(len(self.level_set) - 1))

    # -- reading -------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.level_set)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.level_set):
            return None
        i = index.row()
        entry = self.level_set[i]
        check = self._lookup(entry)
        if role == Qt.ItemDataRole.DisplayRole:
            name = entry_name(entry, i)
            tier = entry.tier or "no tier"
            score = ("not checked" if self._error_of(entry) else "…") if check is None else f"score {check.score:g}"
            predicted = predicted_seconds(check, self.level_set)
            if predicted is not None:
                score += f" · predicted {clock(predicted)}"
            lines = [f"{i + 1}. {name}", f"{tier} · {entry.level.height}×{entry.level.width} · {score}"]
            if check is not None and check.warnings_for(entry.tier):
                lines.append("⚠ " + ", ".join(check.warnings_for(entry.tier)))
            if played(entry):
                lines.append(played(entry))
            return "\n".join(lines)
        if role == Qt.ItemDataRole.DecorationRole:
            badge = "!" if check is not None and check.warnings_for(entry.tier) else ""
            key = (entry.level.board_key(), badge, self.thumb_size)
            if key not in self._icons:
                self._icons[key] = QIcon(level_thumbnail(entry.level, self.thumb_size, badge=badge))
            return self._icons[key]
        if role == Qt.ItemDataRole.ToolTipRole:
            if check is None:
                error = self._error_of(entry)
                return f"Could not be checked: {error}" if error else "Not analysed yet"
            flagged = check.warnings_for(entry.tier)
            return "\n".join(f"{w}: {MEANINGS[reason(w)]}" + ("" if w in flagged else " (fine for a tutorial)")
                             for w in check.warnings) or "Unique, solved by deduction, no leaks"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self.data(index).replace("\n", ", ")
        if role == EntryRole:
            return entry
        if role == CheckRole:
            return check
        return None

    # -- drag to reorder ---------------------------------------------------

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled  # dropping between rows
        return base | Qt.ItemFlag.ItemIsDragEnabled

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        mime = QMimeData()
        rows = sorted({ix.row() for ix in indexes if ix.isValid()})
        mime.setData(MIME, QByteArray(",".join(map(str, rows)).encode()))
        return mime

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        if action != Qt.DropAction.MoveAction or not data.hasFormat(MIME):
            return False
        rows = [int(x) for x in bytes(data.data(MIME).data()).decode().split(",") if x]
        if row < 0:
            row = parent.row() if parent.isValid() else len(self.level_set)
        self.move_rows(rows, row)
        # False: the move is done; the view must not also remove the source rows.
        return False

    def moveRows(self, src_parent: Index, src: int, count: int, dst_parent: Index, dst: int) -> bool:
        return self.move_rows(list(range(src, src + count)), dst)

    def move_rows(self, rows: list[int], before: int) -> bool:
        """Move ``rows`` (in their order) so they sit before row ``before`` of the current set."""
        n = len(self.level_set)
        rows = [r for r in rows if 0 <= r < n]
        if not rows:
            return False
        keep = [i for i in range(n) if i not in rows]
        at = sum(1 for i in keep if i < before)
        order = keep[:at] + rows + keep[at:]
        if order == list(range(n)):
            return False
        self.edited.emit(self.level_set.reordered(order), "Move level" if len(rows) == 1 else "Move levels")
        return True


def entry_name(entry: SetEntry, index: int) -> str:
    """The name a set entry goes by everywhere in the editor: its level's, else "Level N" by position."""
    return entry.level.name or f"Level {index + 1}"

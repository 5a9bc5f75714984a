"""Edit ▸ whole-level actions: copy and paste the level as rows text; rotate, mirror and shift the grid.

Copy puts the original game's text form on the clipboard (what Import rows
reads, what a forum post or a spreadsheet holds); Paste reads it back as a new
untitled document, as Import rows does. A rotation, mirror or shift is one undo
step; a shift that would push a number or dot off the grid is refused and says
which edge is in the way.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtGui import QGuiApplication

from linjat_editor.core.transforms import mirrored, rotated, shifted
from linjat_editor.gui.commands import ReplaceLevelCommand
from linjat_editor.gui.shell.shell_window import ShellWindow

#: Shift directions: name -> (rows down, columns right, the edge in the way).
SHIFTS = {"up": (-1, 0, "top row"), "down": (1, 0, "bottom row"),
          "left": (0, -1, "left column"), "right": (0, 1, "right column")}


def copy_level(w: ShellWindow) -> None:
    """The board's rows on the clipboard, one a line."""
    from linjat_editor.io.rows import write_text_rows

    QGuiApplication.clipboard().setText(write_text_rows(w.document.level))
    level = w.document.level
    w.statusBar().showMessage(f"Copied the {level.height}×{level.width} level as rows text", 4000)


def paste_level(w: ShellWindow, import_rows: Callable[[str], bool]) -> bool:
    """The clipboard's level as a new untitled document, by ``import_rows`` (File ▸ Import rows' reader)."""
    text = QGuiApplication.clipboard().text()
    if not text.strip():
        w.show_error("Cannot paste level", "The clipboard holds no text.")
        return False
    return import_rows(text)


def rotate(w: ShellWindow) -> None:
    doc = w.document
    doc.push(ReplaceLevelCommand(doc, rotated(doc.level), "Rotate clockwise"))


def mirror(w: ShellWindow, left_right: bool = True) -> None:
    doc = w.document
    text = "Mirror left to right" if left_right else "Mirror top to bottom"
    doc.push(ReplaceLevelCommand(doc, mirrored(doc.level, left_right), text))


def shift(w: ShellWindow, direction: str) -> bool:
    rows, columns, edge = SHIFTS[direction]
    doc = w.document
    moved = shifted(doc.level, rows, columns)
    if moved is None:
        w.statusBar().showMessage(f"Cannot shift {direction}: a number or dot is on the {edge}", 6000)
        return False
    return doc.push(ReplaceLevelCommand(doc, moved, f"Shift {direction}"))

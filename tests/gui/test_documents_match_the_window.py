"""The user guide and the README describe the window as it is.

Every menu path ("**Generate ▸ Fill dots**"), every other name in bold (a
button, a tab, a field) and every shortcut in backticks they give must exist in
the window under that name; every action of the window with a shortcut must be
in the guide's shortcut table, and every menu item must be named in the guide.
A failure names what is missing, and where.

The conventions this holds the documents to: a menu path is written in bold,
``**Menu ▸ Item**``; bold in the guide (and in the README's quick start) is for
names on the screen, italics for ideas (*verdict*) and for what the window says
(*✔ Good: …*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from PySide6.QtGui import QAction, QKeySequence, QShortcut
import pytest
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QDialog, QDialogButtonBox, QDockWidget, QGroupBox, QLabel,
                               QMenu, QWidget)

from linjat_editor.gui.dialogs.shortcuts import ShortcutsDialog

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "user-guide.md"
README = ROOT / "README.md"

#: A key as the documents write it: modifiers, then a key; a bare letter or digit is typed on the board.
KEY = re.compile(r"^(?:(?:Ctrl|Alt|Shift|Meta)\+)*(?:F\d{1,2}|Esc|Return|Enter|Delete|Del|Home|End|Left|Right|Up|Down|"
                 r"Space|Tab|Backspace|PgUp|PgDown|Insert)$|^(?:(?:Ctrl|Alt|Shift|Meta)\+)+\S$")
#: "`Ctrl+Alt+1` … `Ctrl+Alt+4`": every key between.
RANGE = re.compile(r"`([^`]*?)(\d)`\s*(?:…|\.\.\.)\s*`\1(\d)`")


@dataclass(frozen=True)
class Mention:
    where: str  # "docs/user-guide.md:57"
    text: str


def _plain(name: str) -> str:
    """A name as compared: no mnemonic &, no trailing … or colon, no arrow decorations."""
    name = name.replace("&", "").replace("\u2026", "").replace("...", "")
    name = name.replace("\u25c0", "").replace("\u25b6", "")
    return " ".join(name.split()).rstrip(":").strip()


def _lines(path: Path, section: str | None = None) -> list[tuple[int, str]]:
    """(line number, text) of ``path``, only inside the ``## section`` if given."""
    out, inside = [], section is None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if section is not None and line.startswith("## "):
            inside = line[3:].strip() == section
        if inside:
            out.append((number, line))
    return out


def _bold(path: Path, section: str | None = None, root: Path = ROOT) -> list[Mention]:
    rel = path.relative_to(root)
    return [Mention(f"{rel}:{n}", m.group(1)) for n, line in _lines(path, section)
            for m in re.finditer(r"\*\*(.+?)\*\*", line)]


def _keys(path: Path, section: str | None = None, root: Path = ROOT) -> list[Mention]:
    """Every key in backticks, ranges written out."""
    rel = path.relative_to(root)
    out: dict[Mention, None] = {}  # in order, each once
    for n, line in _lines(path, section):
        for m in RANGE.finditer(line):
            out.update((Mention(f"{rel}:{n}", f"{m.group(1)}{k}"), None)
                       for k in range(int(m.group(2)), int(m.group(3)) + 1))
        out.update((Mention(f"{rel}:{n}", t), None) for t in re.findall(r"`([^`]+)`", line) if KEY.match(t))
    return list(out)


def _expand(name: str) -> list[str]:
    """"New random easy/medium level" -> both names."""
    words = [w.split("/") for w in name.split(" ")]
    names = [""]
    for options in words:
        names = [f"{n} {o}".strip() for n in names for o in options]
    return names


def _portable(key: str) -> str:
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)


class Window:
    """What the window shows, by name."""

    def __init__(self, window: QWidget) -> None:
        self.paths: dict[str, QAction] = {}
        self.names: set[str] = set()
        self.keys: dict[str, str] = {}  # portable key -> what it does
        self.bound: list[tuple[str, list[str]]] = []  # (what, its keys): each action and panel shortcut
        self.buttons: set[str] = set()  # every button's and checkbox's name
        bar = window.menuBar()
        for top in bar.actions():
            self._walk(top.menu(), [_plain(top.text())])
        for act in window.findChildren(QAction):
            self.names.add(_plain(act.text()))
        for w in window.findChildren(QAbstractButton):
            self.names.add(_plain(w.text()))
            box = w.parent()
            if not (isinstance(box, QDialogButtonBox) and box.standardButton(w) != QDialogButtonBox.StandardButton.NoButton):
                self.buttons.add(_plain(w.text()))  # a dialog's OK and Cancel need no words
        for dock in window.findChildren(QDockWidget):
            self.names.add(_plain(dock.windowTitle()))
        for box in window.findChildren(QGroupBox):
            self.names.add(_plain(box.title()))
        for label in window.findChildren(QLabel):
            self.names.add(_plain(label.text()))
        for combo in window.findChildren(QComboBox):
            self.names.update(_plain(combo.itemText(i)) for i in range(combo.count()))
        for act in window.actions():
            keys = [seq.toString(QKeySequence.SequenceFormat.PortableText) for seq in act.shortcuts()]
            if keys:
                self.bound.append((_plain(act.text()), keys))
        for shortcut in window.findChildren(QShortcut):  # a panel's button shortcut (Play's Return)
            what = shortcut.objectName().removeprefix("local-shortcut-")
            self.bound.append((what, [shortcut.key().toString(QKeySequence.SequenceFormat.PortableText)]))
        self.keys = {key: what for what, keys in self.bound for key in keys}
        self.names.discard("")
        self.buttons.discard("")

    def _walk(self, menu: QMenu, path: list[str]) -> None:
        for act in menu.actions():
            if act.menu() is not None:
                sub = [*path, _plain(act.menu().title())]
                self.paths[" \u25b8 ".join(sub)] = act  # a submenu is a place too ("Edit ▸ Grid")
                self._walk(act.menu(), sub)
            elif not act.isSeparator():
                self.paths[" \u25b8 ".join([*path, _plain(act.text())])] = act


@pytest.fixture
def shown(window) -> Iterator[Window]:
    """The window with its dialogs of settings open (Generate…, New campaign, Level properties), as a designer
    sees them."""
    from linjat_editor.gui.dialogs.properties import PropertiesDialog

    window.set_panel.generate_dialog()
    window.set_panel.campaign_dialog()
    PropertiesDialog(window.document.level, window).open()
    yield Window(window)
    for dialog in window.findChildren(QDialog):
        dialog.reject()


def _board_keys(window: QWidget) -> str:
    """The F1 list as the window shows it (its board keys are typed on the board, not actions)."""
    window.acts.shortcuts.trigger()
    shown = window.findChild(ShortcutsDialog)
    text = "\n".join(f"{keys}: {does}" for keys, does in shown.rows())
    shown.reject()
    return text


def _documents() -> list[tuple[Path, str | None]]:
    """The guide whole; of the README, the quick start (its other bold is headings)."""
    return [(GUIDE, None), (README, "Quick start: your first level in five steps")]


def _not_in_the_window(shown: Window, f1: str, documents: list[tuple[Path, str | None]], root: Path) -> list[str]:
    """What the documents name that the window lacks, one line each, with file and line."""
    wrong: list[str] = []
    for path, section in documents:
        rel = path.relative_to(root)
        for n, line in _lines(path):
            outside = re.sub(r"\*\*.+?\*\*", "", line)
            if "\u25b8" in outside:
                wrong.append(f"{rel}:{n}: a menu path outside bold (write **Menu \u25b8 Item**): {line.strip()!r}")
        for m in _bold(path, section, root):
            if m.text.startswith(("\u2714", "\u2716")):
                wrong.append(f"{m.where}: the verdict {m.text!r} in bold: write what the window says in italics")
            elif "\u25b8" in m.text:
                if _plain(m.text) not in shown.paths:
                    wrong.append(f"{m.where}: menu path {m.text!r} is not in the window's menus "
                                 f"(they have: {', '.join(sorted(shown.paths))})")
            else:
                for name in _expand(_plain(m.text)):
                    if name not in shown.names:
                        wrong.append(f"{m.where}: {name!r} (in bold) names nothing in the window: no menu item, "
                                     "button, tab, field or choice is called that")
        for m in _keys(path, section, root):
            if _portable(m.text) not in shown.keys and m.text not in f1:
                wrong.append(f"{m.where}: the key {m.text!r} does nothing in the window (no action, shortcut or "
                             "board key in the F1 list has it)")
    return wrong


def test_every_menu_path_button_and_key_the_documents_name_is_in_the_window(window, shown):
    wrong = _not_in_the_window(shown, _board_keys(window), _documents(), ROOT)
    assert not wrong, "\n".join(wrong)


def test_every_action_of_the_window_is_in_the_guides_shortcut_list(window, shown):
    table = {_portable(m.text) for m in _keys(GUIDE, "Keyboard shortcuts")}
    named = {_plain(m.text) for m in _bold(GUIDE)}
    named |= {name.split(" \u25b8 ")[-1] for name in named}  # "Generate ▸ Fill dots" names Fill dots too
    wrong = [f"the window's {what!r} ({', '.join(keys)}) is not in docs/user-guide.md's shortcut table "
             "(## Keyboard shortcuts)" for what, keys in shown.bound if not table.intersection(keys)]
    for path, act in sorted(shown.paths.items()):
        if act.parent() is window.recent_menu:
            continue  # File \u25b8 Open recent lists files
        if not act.shortcuts() and path not in named and _plain(act.text()) not in named:
            wrong.append(f"the menu item {path!r} (no shortcut) is named nowhere in docs/user-guide.md: "
                         f"write **{path}** where its task is described")
    for name in sorted(shown.buttons - named):
        wrong.append(f"the window's button or checkbox {name!r} is named nowhere in docs/user-guide.md: "
                     f"write **{name}** where its task is described")
    assert not wrong, "\n".join(wrong)


def test_a_guide_naming_what_the_window_lacks_is_told_which_and_where(tmp_path, window):
    guide = tmp_path / "docs" / "user-guide.md"
    guide.parent.mkdir()
    guide.write_text("# Guide\n\n**Level \u25b8 Fill dots** (`Alt+9`), **Frobnicate**, File \u25b8 Open.\n")
    wrong = _not_in_the_window(Window(window), _board_keys(window), [(guide, None)], tmp_path)
    assert wrong[0] == "docs/user-guide.md:3: a menu path outside bold (write **Menu \u25b8 Item**): " + repr(
        guide.read_text().splitlines()[2])
    assert wrong[1].startswith("docs/user-guide.md:3: menu path 'Level \u25b8 Fill dots' is not in the window's menus "
                               "(they have: ") and "Generate \u25b8 Fill dots" in wrong[1]
    assert wrong[2].startswith("docs/user-guide.md:3: 'Frobnicate' (in bold) names nothing in the window")
    assert wrong[3].startswith("docs/user-guide.md:3: the key 'Alt+9' does nothing in the window")
    assert len(wrong) == 4

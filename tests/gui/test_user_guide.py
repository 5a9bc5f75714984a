"""Help ▸ User guide shows the guide with its pictures; F1 still lists the shortcuts."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QKeySequence, QTextDocument
from PySide6.QtWidgets import QMenu

from linjat_editor.gui.dialogs import user_guide
from linjat_editor.gui.dialogs.shortcuts import ShortcutsDialog
from linjat_editor.gui.dialogs.user_guide import UserGuide
from linjat_editor.gui.screen_room import room_on_screen

ROOT = Path(__file__).resolve().parents[2]


def test_help_user_guide_shows_the_guide_with_its_pictures(window, qtbot):
    window.show()
    help_menu = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Help")
    assert [a.text() for a in help_menu.actions()] == ["&User guide", "&Keyboard shortcuts"]
    assert window.acts.shortcuts.shortcut() == QKeySequence("F1")
    window.acts.guide.trigger()
    guide = window.findChild(UserGuide)
    assert guide is not None and guide.isVisible()
    text = guide.browser.toPlainText()
    assert text.startswith("User guide") and "Fill" in text and "Keyboard shortcuts" in text
    pictures = [line.split("](", 1)[1].split(")", 1)[0] for line in
                (ROOT / "docs" / "user-guide.md").read_text().splitlines() if line.startswith("![")]
    assert len(pictures) >= 10
    for picture in pictures:  # every picture the guide shows is there, and Qt can load it
        image = guide.browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                                 guide.browser.source().resolved(picture))
        assert image is not None and not image.isNull(), picture


def test_a_typed_1_is_taken_and_the_guide_and_f1_say_what_a_1_is(window, qtbot):
    window.show()
    window.board.set_selection((0, 0))
    qtbot.keyClick(window.board, "1")
    assert window.document.level.number_at(0, 0).value == 1
    window.acts.shortcuts.trigger()
    f1 = " ".join(f"{keys} {does}" for keys, does in window.findChild(ShortcutsDialog).rows())
    assert "1–9" in f1 and "a 1's line is just its own cell: already done" in f1
    window.acts.guide.trigger()
    guide = " ".join(window.findChild(UserGuide).browser.toPlainText().split())
    assert "1–9 places a number" in guide and "A 1's line is just its own cell, so a 1 is already done" in guide
    assert "the original game never publishes one" in guide and "Allow 1s" in guide


def test_an_installed_editor_finds_the_guide_in_its_share_folder(tmp_path, monkeypatch):
    docs = tmp_path / "share" / "linjat-editor" / "docs"
    docs.mkdir(parents=True)
    (docs / "user-guide.md").write_text("# User guide\n")
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setattr(user_guide, "__file__", str(tmp_path / "site" / "linjat_editor" / "gui" / "dialogs" / "user_guide.py"))
    assert user_guide.guide_path() == docs / "user-guide.md"


def displayed_pictures(guide: UserGuide) -> list[tuple[str, float, float]]:
    """(name, width, height) of every picture as the page lays it out."""
    found = []
    block = guide.browser.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat():
                picture = fmt.toImageFormat()
                found.append((picture.name(), picture.width(), picture.height()))
            it += 1
        block = block.next()
    return found


def own_width(name: str) -> int:
    return QImage(str(ROOT / "docs" / name.split("#")[0])).width()


def test_the_guides_pictures_shrink_to_its_width_sharp_and_never_grow(qtbot):
    guide = UserGuide(ROOT / "docs" / "user-guide.md")
    qtbot.addWidget(guide)
    guide.resize(900, 760)  # the window's own size: narrower than the pictures of the window (1280 px)
    guide.show()
    qtbot.waitExposed(guide)
    browser = guide.browser
    doc = browser.document()
    room = browser.viewport().width() - 2 * doc.documentMargin()
    assert any(own_width(name) > room for name, _, _ in displayed_pictures(guide))
    qtbot.waitUntil(lambda: all(min(own_width(name), room - 4) <= w <= min(own_width(name), room)
                                for name, w, _ in displayed_pictures(guide)))
    assert browser.horizontalScrollBar().maximum() == 0  # nothing runs off the right edge
    pictures = displayed_pictures(guide)
    assert len(pictures) >= 10
    for name, width, height in pictures:
        own = QImage(str(ROOT / "docs" / name.split("#")[0]))
        assert abs(height / width - own.height() / own.width()) < 0.01, name  # in proportion
        drawn = doc.resource(QTextDocument.ResourceType.ImageResource, doc.baseUrl().resolved(QUrl(name)))
        assert drawn.width() == round(width), name  # scaled once, smoothly, not by the painter
    guide.resize(1800, 900)  # room to spare: each picture at its own size, not blown up
    qtbot.waitUntil(lambda: all(w == own_width(name) for name, w, _ in displayed_pictures(guide)))
    assert all("#" not in name for name, _, _ in displayed_pictures(guide))


def test_the_guide_window_leaves_room_for_a_title_bar_on_the_screen(window, qtbot):
    window.show()
    window.acts.guide.trigger()
    guide = window.findChild(UserGuide)
    room = room_on_screen(window)  # the offscreen screen is 800 px wide: the guide's 900 must give way
    assert guide.width() <= room.width() and guide.height() <= room.height()
    assert guide.width() >= min(900, room.width()) - 1  # as wide as there is room for, up to its own width

"""Help ▸ User guide: docs/user-guide.md rendered in a window of its own (Qt reads the markdown and its images).

The guide is found beside the sources (a checkout, or the PyInstaller bundle,
which ships ``docs/`` beside the package) or in the install's
``share/linjat-editor/docs`` (``pip install .``), like the starter set.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtGui import QImage, QPixmap, QResizeEvent, QTextCursor, QTextDocument, QTextImageFormat
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from linjat_editor.gui.screen_room import room_on_screen

NAME = "user-guide.md"


def guide_path() -> Path | None:
    """The shipped user guide, or None when this install has none."""
    here = Path(__file__).resolve()
    for folder in (here.parents[3] / "docs", Path(sys.prefix) / "share" / "linjat-editor" / "docs"):
        if (folder / NAME).is_file():
            return folder / NAME
    return None


class GuideBrowser(QTextBrowser):
    """The guide's page: its pictures (the window at 1280 px) shrink to the page's width, never grow.

    Qt draws an image at its own size, so in a window narrower than the
    pictures each one ran off the right edge and the page scrolled sideways.
    A shrunk picture is scaled smoothly once per width (Qt's own scaling
    drops pixels, and the window's small print in it breaks up), under one
    name per picture, so resizing the window does not pile up copies.
    """

    #: The suffix of a shrunk picture's resource name.
    FIT = "#fit"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._originals: dict[str, QImage] = {}
        self._settle = QTimer(self, singleShot=True, interval=100)  # fit once the window stops changing size
        self._settle.timeout.connect(self.fit_pictures)
        self.sourceChanged.connect(self._new_page)

    def _new_page(self) -> None:
        self._originals.clear()
        self.fit_pictures()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._settle.start()

    def fit_pictures(self) -> None:
        """Give every picture the width of the page, or its own if that is less, keeping its proportions."""
        doc = self.document()
        room = int(self.viewport().width() - 2 * doc.documentMargin()) - 2
        if room <= 0:
            return
        cursor = QTextCursor(doc)
        for position, length, picture in self._pictures():
            own = picture.name().removesuffix(self.FIT)
            image = self._original(own)
            if image is None:
                continue
            width = min(image.width(), room)
            name = own + self.FIT if width < image.width() else own
            if picture.name() == name and abs(picture.width() - width) < 1:
                continue
            if name != own:
                doc.addResource(QTextDocument.ResourceType.ImageResource, self._url(name),
                                image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation))
            picture.setName(name)
            picture.setWidth(width)
            picture.setHeight(image.height() * width / image.width())
            cursor.setPosition(position)
            cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(picture)

    def _pictures(self) -> list[tuple[int, int, QTextImageFormat]]:
        """Where each picture is in the page (position, length) and its format."""
        found = []
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().isImageFormat():
                    found.append((fragment.position(), fragment.length(), fragment.charFormat().toImageFormat()))
                it += 1
            block = block.next()
        return found

    def _url(self, name: str) -> QUrl:
        """A picture's name as the page's resources are looked up: resolved against the page's folder."""
        return self.document().baseUrl().resolved(QUrl(name))

    def _original(self, name: str) -> QImage | None:
        """The picture as its file has it, None if it cannot be loaded."""
        if name not in self._originals:
            image = self.document().resource(QTextDocument.ResourceType.ImageResource, self._url(name))
            if isinstance(image, QPixmap):
                image = image.toImage()
            if not isinstance(image, QImage) or image.isNull():
                return None
            self._originals[name] = image
        return self._originals[name]


class UserGuide(QDialog):
    """A non-modal window showing the guide; links to other pages open in it, web links in the browser."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Linjat Editor — User guide")
        self.browser = GuideBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.document().setUndoRedoEnabled(False)  # fitting the pictures is no edit to undo
        self.browser.setSource(QUrl.fromLocalFile(str(path)), QTextDocument.ResourceType.MarkdownResource)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        room = room_on_screen(parent)  # a laptop's 768 px leave less than 760 below a title bar
        self.resize(min(900, room.width()), min(760, room.height()))

"""Help ▸ User guide: docs/user-guide.md rendered in a window of its own (Qt reads the markdown and its images).

The guide is found beside the sources (a checkout, or the PyInstaller bundle,
which ships ``docs/`` beside the package) or in the install's
``share/linjat-editor/docs`` (``pip install .``), like the starter set.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

NAME = "user-guide.md"


def guide_path() -> Path | None:
    """The shipped user guide, or None when this install has none."""
    here = Path(__file__).resolve()
    for folder in (here.parents[3] / "docs", Path(sys.prefix) / "share" / "linjat-editor" / "docs"):
        if (folder / NAME).is_file():
            return folder / NAME
    return None


class UserGuide(QDialog):
    """A non-modal window showing the guide; links to other pages open in it, web links in the browser."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Linjat Editor — User guide")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.setSource(QUrl.fromLocalFile(str(path)), QTextDocument.ResourceType.MarkdownResource)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(900, 760)

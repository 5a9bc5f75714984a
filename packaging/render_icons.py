"""Render the app icon's PNG sizes from its SVG (run after editing the SVG).

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py

The icons sit in the freedesktop ``hicolor`` layout, so they install as they
are (``share/icons/hicolor/...``) and the editor finds them in a checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HICOLOR = Path(__file__).resolve().parent.parent / "linjat_editor" / "resources" / "icons" / "hicolor"
SVG = HICOLOR / "scalable" / "apps" / "linjat-editor.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(size: int, renderer: QSvgRenderer) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - painting needs one
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"render_icons: {SVG}: not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        out = HICOLOR / f"{size}x{size}" / "apps" / "linjat-editor.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not render(size, renderer).save(str(out)):
            print(f"render_icons: cannot write {out}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

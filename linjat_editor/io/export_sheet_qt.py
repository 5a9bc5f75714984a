"""Paint sheet pages with QPainter, for the PNG and PDF sheets.

Qt is imported inside the functions: the rest of ``io`` stays free of Qt, and
a headless CLI needs only an offscreen platform (no window) for these two.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import Any, Sequence

from linjat_editor.io.export_sheet_layout import Circle, Page, Rect, Segment, Shape, Text


def guard_none_refcount() -> None:
    """Work around PySide6 6.12 on Python 3.11 dropping a reference to None per void call (and to True/False).

    Shiboken returns ``None`` without ``Py_INCREF`` (harmless on 3.12+, where
    None is immortal); on 3.11 a few thousand Qt calls take None's count to
    zero and the interpreter aborts ("none_dealloc"). Raising the count far
    out of reach emulates 3.12's immortality. Idempotent; a no-op on 3.12+.
    """
    if sys.version_info >= (3, 12):
        return
    import ctypes

    # True and False lose references the same way (one per signal emission seen): an editor
    # session of a few thousand edits would abort with "bool_dealloc".
    for singleton in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(singleton))  # ob_refcnt is PyObject's first field
        if refcnt.value < 1 << 40:
            refcnt.value += 1 << 42


_APP: Any = None  # the application we created, kept alive until exit


def ensure_gui_app() -> Any:
    """A Qt application (offscreen when there is no display) so fonts can be used."""
    global _APP
    guard_none_refcount()
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    app = QCoreApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # A full QApplication, not just QGuiApplication: if widgets are made later in
        # this process (the editor, pytest-qt), Qt aborts on the wrong application kind.
        app = _APP = QApplication([])
        # Tear it down before the interpreter does: letting the GC do it at
        # exit crashes PySide6 after painting.
        atexit.register(_shutdown)
    return app


def _shutdown() -> None:
    global _APP
    if _APP is not None:
        _APP.shutdown() if hasattr(_APP, "shutdown") else None
        _APP = None


def paint_shapes(painter: Any, shapes: Sequence[Shape]) -> None:
    """Draw shapes (in points) with a painter already scaled to points."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QFont, QPen

    for s in shapes:
        if isinstance(s, Rect):
            painter.setPen(QPen(QColor(s.stroke), s.width) if s.stroke else Qt.NoPen)
            painter.setBrush(QBrush(QColor(s.fill)) if s.fill else Qt.NoBrush)
            painter.drawRect(QRectF(s.x, s.y, s.w, s.h))
        elif isinstance(s, Segment):
            pen = QPen(QColor(s.stroke), s.width)
            pen.setCapStyle(Qt.RoundCap if s.round_cap else Qt.FlatCap)
            painter.setPen(pen)
            painter.drawLine(QPointF(s.x1, s.y1), QPointF(s.x2, s.y2))
        elif isinstance(s, Circle):
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(QColor(s.fill)))
            painter.drawEllipse(QPointF(s.cx, s.cy), s.r, s.r)
        elif isinstance(s, Text):
            font = QFont("DejaVu Sans")
            # The painter is scaled to points already; undo the device's own pt->px factor.
            font.setPointSizeF(max(s.size, 0.5) * 72.0 / painter.device().logicalDpiY())
            font.setBold(s.bold)
            painter.setFont(font)
            painter.setPen(QColor(s.color))
            width = painter.fontMetrics().horizontalAdvance(s.text)
            x = s.x - width / 2 if s.anchor == "middle" else s.x - width if s.anchor == "end" else s.x
            painter.drawText(QPointF(x, s.y), s.text)


def paint_page(painter: Any, page: Page) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor

    painter.fillRect(QRectF(0, 0, page.width, page.height), QColor("#ffffff"))
    paint_shapes(painter, page.shapes)
    for board in page.boards:
        paint_shapes(painter, board.shapes)


def _painter(device: Any, scale: float) -> Any:
    from PySide6.QtGui import QPainter

    painter = QPainter(device)
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    painter.scale(scale, scale)
    return painter


def render_images(pages: Sequence[Page], dpi: float) -> list[Any]:
    """One QImage per page at ``dpi`` dots per inch."""
    from PySide6.QtGui import QImage

    ensure_gui_app()
    scale = dpi / 72.0
    images = []
    for page in pages:
        img = QImage(round(page.width * scale), round(page.height * scale), QImage.Format_RGB32)
        img.setDotsPerMeterX(round(dpi / 0.0254))
        img.setDotsPerMeterY(round(dpi / 0.0254))
        painter = _painter(img, scale)
        paint_page(painter, page)
        painter.end()
        images.append(img)
    return images


def write_pdf(pages: Sequence[Page], filename: str, title: str = "") -> None:
    """Write all pages into one PDF file (no margins; the layout has its own)."""
    from PySide6.QtCore import QMarginsF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    ensure_gui_app()
    writer = QPdfWriter(filename)
    writer.setTitle(title or "Linjat levels")
    writer.setCreator("linjat-editor")
    resolution = 300
    writer.setResolution(resolution)
    first = pages[0]
    size = QPageSize(QSizeF(first.width, first.height), QPageSize.Point, "", QPageSize.ExactMatch)
    writer.setPageLayout(QPageLayout(size, QPageLayout.Portrait, QMarginsF(0, 0, 0, 0), QPageLayout.Point))
    painter = _painter(writer, resolution / 72.0)
    for i, page in enumerate(pages):
        if i:
            writer.newPage()
        paint_page(painter, page)
    painter.end()

"""Printable sheets of a set as PNG (QImage), SVG (QSvgGenerator) and PDF (QPdfWriter).

Several levels a page, an optional solutions section after them. The layout
(:mod:`linjat_editor.render.sheet_layout`) is computed once; one painting
function draws it on all three devices, the boards through the one board
painter, so the three formats match. An SVG sheet is one document with the
pages stacked top to bottom.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPaintDevice, QPdfWriter, QPen
from PySide6.QtSvg import QSvgGenerator

from linjat_editor.core.level import Level, Line
from linjat_editor.io.export_common import export_items, write_atomic
from linjat_editor.render.app import ensure_app
from linjat_editor.render.board import PRINT, PRINT_THEME, BoardGeometry, digit_font, paint_board
from linjat_editor.render.marks import Overlay
from linjat_editor.render.sheet_layout import GREY, Page, SheetItem, Text, layout_pages

PAGE_GAP = 18.0  # points between stacked pages in one SVG
PDF_RESOLUTION = 300  # dots per inch of the PDF's drawing grid


def solution_lines(level: Level) -> tuple[Line, ...] | None:
    """The level's solution lines: the human-style solver's, else the exact solver's first, else None."""
    from linjat_editor.core import count_solutions, solve  # lazy: only solution pages need the engine

    result = solve(level)
    if result.solved and result.lines is not None:
        return tuple(result.lines)
    exact = count_solutions(level, limit=1)
    return tuple(exact.solutions[0]) if exact.count >= 1 and exact.solutions else None


def caption(number: int, name: str = "", tier: str = "", labels: bool = False) -> str:
    """A board's caption: "Puzzle 3" for players; with ``labels``, also the designer's name and tier.

    >>> caption(3), caption(3, "Hard 7", "hard", labels=True)
    ('Puzzle 3', 'Puzzle 3 · Hard 7 (hard)')
    """
    if not labels:
        return f"Puzzle {number}"
    label = name if tier in ("custom", "") else f"{name} ({tier})"
    return f"Puzzle {number} · {label}" if label else f"Puzzle {number}"


def sheet_items(level_set: Any, solutions: bool = False, labels: bool = False) -> list[SheetItem]:
    """The set's levels as sheet items: numbered for players, with their messages, with lines when asked.

    ``labels`` adds each level's internal name and tier to its caption (for the designer's own prints).
    """
    items = []
    for n, it in enumerate(export_items(level_set, analyse=False), 1):
        items.append(SheetItem(it.level, caption(n, it.name, it.tier, labels),
                               solution_lines(it.level) if solutions else None, it.message or ""))
    return items


def sheet_pages(
    level_set: Any, *, title: str = "", per_page: int = 6, solutions: bool = False, paper: str = "a4",
    labels: bool = False,
) -> list[Page]:
    """Lay out a set's sheets (the step shared by all three formats); the title defaults to the set's name."""
    items = sheet_items(level_set, solutions, labels)
    title = title or str(getattr(level_set, "name", "") or "")
    return layout_pages(items, title=title, per_page=per_page, paper=paper, solution_pages=solutions)


# -- painting ----------------------------------------------------------------


def _paint_text(p: QPainter, t: Text) -> None:
    p.setFont(digit_font(p, t.size, PRINT.font_family, t.bold))
    p.setPen(QColor(t.color))
    width = p.fontMetrics().horizontalAdvance(t.text)
    x = t.x - width / 2 if t.anchor == "middle" else t.x - width if t.anchor == "end" else t.x
    p.drawText(QPointF(x, t.y), t.text)


def paint_page(p: QPainter, page: Page) -> None:
    """One page on a painter already scaled to points."""
    p.fillRect(QRectF(0, 0, page.width, page.height), QColor("#ffffff"))
    for board in page.boards:
        geometry = BoardGeometry(board.x, board.y, board.cell, board.level.height, board.level.width)
        paint_board(p, geometry, board.level, Overlay(solution=board.lines), PRINT_THEME, look=PRINT)
    p.setPen(QPen(QColor(GREY), 0.75))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for x, y, w, h in page.frames:
        p.drawRect(QRectF(x, y, w, h))
    for t in page.texts + [t for board in page.boards for t in board.texts]:
        _paint_text(p, t)


def _painter(device: QPaintDevice, scale: float) -> QPainter:
    p = QPainter(device)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.scale(scale, scale)
    return p


def render_images(pages: Sequence[Page], dpi: float) -> list[QImage]:
    """One image per page at ``dpi`` dots per inch."""
    ensure_app()
    scale = dpi / 72.0
    images = []
    for page in pages:
        img = QImage(round(page.width * scale), round(page.height * scale), QImage.Format.Format_RGB32)
        img.fill(QColor("#ffffff"))  # the page's last, partly covered pixel row and column too
        img.setDotsPerMeterX(round(dpi / 0.0254))
        img.setDotsPerMeterY(round(dpi / 0.0254))
        p = _painter(img, scale)
        paint_page(p, page)
        p.end()
        images.append(img)
    return images


def pdf_bytes(pages: Sequence[Page], title: str = "") -> bytes:
    """All pages as one PDF document (no margins; the layout has its own), made in memory.

    In memory, so the file is written by the one atomic save: QPdfWriter writing
    a file itself reports no write error (a full disk gave a 0-byte "success").
    """
    ensure_app()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title or "Linjat levels")
    writer.setCreator("linjat-editor")
    writer.setResolution(PDF_RESOLUTION)
    first = pages[0]
    size = QPageSize(QSizeF(first.width, first.height), QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch)
    writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0),
                                     QPageLayout.Unit.Point))
    p = _painter(writer, PDF_RESOLUTION / 72.0)
    for i, page in enumerate(pages):
        if i:
            writer.newPage()
        paint_page(p, page)
    ended = p.end()
    buffer.close()
    pdf = bytes(data.data())
    if not ended or not pdf.startswith(b"%PDF-") or b"%%EOF" not in pdf[-64:]:
        raise OSError("the PDF could not be made")
    return pdf


def png_bytes(image: QImage) -> bytes:
    """One page image as PNG, made in memory (then saved atomically like every file)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 6.12 takes the format as str; its stubs say bytes (which it then rejects).
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise OSError("the PNG could not be made")
    buffer.close()
    return bytes(data.data())


def svg_bytes(pages: Sequence[Page], title: str = "") -> bytes:
    """One SVG document, in points, with the pages stacked top to bottom and framed in light grey."""
    ensure_app()
    width = max(pg.width for pg in pages)
    height = sum(pg.height for pg in pages) + PAGE_GAP * (len(pages) - 1)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buffer)
    gen.setTitle(title or "Linjat levels")
    gen.setResolution(72)  # one SVG user unit per point, so the paper size is right
    gen.setSize(QSize(round(width), round(height)))
    gen.setViewBox(QRectF(0, 0, width, height))
    p = _painter(gen, 1.0)
    y = 0.0
    for page in pages:
        p.save()
        p.translate(0, y)
        paint_page(p, page)
        p.setPen(QPen(QColor("#dddddd"), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(0, 0, page.width, page.height))
        p.restore()
        y += page.height + PAGE_GAP
    p.end()
    buffer.close()
    return bytes(data.data())


# -- the three exports ---------------------------------------------------------


def _page_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i + 1}{path.suffix or '.png'}") for i in range(count)]


def write_pages(pages: Sequence[Page], path: str | os.PathLike[str], fmt: str, title: str = "",
                dpi: float = 150.0) -> list[Path]:
    """Paint laid-out ``pages`` to ``path`` as ``fmt`` (svg, png, pdf); returns the files written.

    SVG and PDF are one file each; PNG is ``path`` for one page, else ``stem-1.png``, ``stem-2.png``...
    """
    if fmt == "svg":
        write_atomic(path, svg_bytes(pages, title))
        return [Path(path)]
    if fmt == "pdf":
        write_atomic(path, pdf_bytes(pages, title))
        return [Path(path)]
    if os.fspath(path) == "-":
        raise ValueError("PNG sheets may be several files: give a file name, not - (standard output)")
    targets = _page_paths(Path(path), len(pages))
    for img, target in zip(render_images(pages, dpi), targets):
        write_atomic(target, png_bytes(img))
    return targets


def export_svg(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4", labels: bool = False,
) -> list[Path]:
    """Write the set's printable sheet as one SVG file (pages stacked); returns ``[path]``."""
    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper, labels=labels)
    return write_pages(pages, path, "svg", title)


def export_png(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4", labels: bool = False, dpi: float = 150.0,
) -> list[Path]:
    """Write the sheet as PNG: ``path`` for one page, else ``stem-1.png``, ``stem-2.png``...

    Returns the files written, in page order.
    """
    if os.fspath(path) == "-":
        raise ValueError("PNG sheets may be several files: give a file name, not - (standard output)")
    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper, labels=labels)
    return write_pages(pages, path, "png", title, dpi)


def export_pdf(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4", labels: bool = False,
) -> list[Path]:
    """Write the sheet as one PDF, a page per sheet page; returns ``[path]``."""
    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper, labels=labels)
    return write_pages(pages, path, "pdf", title)

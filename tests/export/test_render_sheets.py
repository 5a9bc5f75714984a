"""Printable sheets: the PNG, the SVG and the PDF are one painting on three devices.

The PNG is checked where the layout says numbers, dots and solution lines must
be; the SVG, rasterized by Qt's own renderer, must match the PNG pixel for
pixel outside the glyphs; the PDF has the pages and the paper size.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from linjat_editor.render.export import export_set, format_for
from linjat_editor.render.sheets import export_pdf, export_png, export_svg, sheet_pages

SVG = "{http://www.w3.org/2000/svg}"
INK_MAX = 80  # darkest channel value still read as ink
A4_72DPI = (595, 842)


@pytest.fixture(autouse=True)
def _app(qapp):
    """One QApplication for the whole test run (the GUI tests need widgets), made before any export."""


def pdf_pages(path) -> list[bytes]:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return re.findall(rb"/Type\s*/Page(?!s).*?/MediaBox\s*\[([^\]]*)\]", data, re.S)


def svg_texts(path) -> list[str]:
    return [t.text or "" for t in ET.parse(path).getroot().iter(f"{SVG}text")]


def pixels(img) -> np.ndarray:
    """An RGB32 image as a height x width x 3 array of ints."""
    raw = np.frombuffer(img.constBits(), dtype=np.uint8).reshape(img.height(), img.bytesPerLine())
    return raw[:, : 4 * img.width()].reshape(img.height(), img.width(), 4)[:, :, :3].astype(int)


def image(path):
    from PySide6.QtGui import QImage

    img = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    assert not img.isNull()
    return img


def rasterized_svg(path, page_height: float, page: int, size: tuple[int, int]):
    """Page ``page`` (0-based) of a stacked SVG sheet, drawn at 72 dpi like the PNG."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    from linjat_editor.render.sheets import PAGE_GAP

    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()
    view = renderer.viewBoxF()
    img = QImage(*size, QImage.Format.Format_RGB32)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    top = page * (page_height + PAGE_GAP)
    # Draw the whole document scaled 1:1 and shifted so this page lands at the origin.
    p.translate(0, -top)
    renderer.render(p, QRectF(0, 0, view.width(), view.height()))
    p.end()
    return img


def ink(img, x: float, y: float, limit: int = INK_MAX) -> bool:
    c = img.pixelColor(math.floor(x), math.floor(y))  # the pixel the point falls in
    return max(c.red(), c.green(), c.blue()) <= limit


def thin_line(img, x: float, y: float) -> bool:
    """A one-point line at 72 dpi antialiases over two pixels: each half grey at least."""
    return any(ink(img, x + dx, y, 170) for dx in (-1, 0, 1))


def blue(img, x: float, y: float) -> bool:
    c = img.pixelColor(math.floor(x), math.floor(y))
    return c.blue() > c.red() + 60 and c.blue() > 120


def test_png_pixels_where_the_layout_puts_them(tmp_path, small_set):
    written = export_png(small_set, tmp_path / "sheet.png", per_page=6, dpi=72, solutions=True)
    assert [p.name for p in written] == [f"sheet-{n}.png" for n in (1, 2, 3, 4)]
    pages = sheet_pages(small_set, per_page=6, solutions=True)
    for path, page in zip(written, pages):
        img = image(path)
        assert (img.width(), img.height()) == A4_72DPI
        for board in page.boards:
            lvl, cell = board.level, board.cell

            def at(r: float, c: float) -> tuple[float, float]:
                return board.x + (c + 0.5) * cell, board.y + (r + 0.5) * cell

            # The frame is ink; so is every dot's centre.
            assert any(ink(img, board.x + dx, board.y + lvl.height * cell / 2) for dx in (-1, 0, 1))
            for r, c in lvl.dots:
                assert ink(img, *at(r, c)), (path.name, board.index, (r, c))
            # A number is a white box with an ink outline and an inked digit.
            for n in lvl.numbers:
                x, y = at(n.row, n.col)
                half = 0.34 * cell
                assert thin_line(img, x - half, y) and thin_line(img, x + half, y)
                assert not ink(img, x - half + 0.12 * cell, y - half + 0.12 * cell)
                assert any(ink(img, x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4))
            # Solution lines are blue halfway between their ends (when that is not a dot or a number).
            covered = set(lvl.dots) | {n.cell for n in lvl.numbers}
            for r1, c1, r2, c2 in board.lines:
                if r1 == r2 and c2 > c1 + 1 and (r1, c1 + 1) not in covered:
                    x, y = at(r1, c1 + 1)
                    assert blue(img, x, y + 0.1 * cell), (path.name, board.index, (r1, c1, r2, c2))
        if not page.boards[0].solution:
            assert not any(blue(img, x, y) for x in range(0, A4_72DPI[0], 4) for y in range(0, A4_72DPI[1], 4))


def text_boxes(page) -> list[tuple[float, float, float, float]]:
    """Where glyphs may be on a page (x0, y0, x1, y1): every text line and every number's box.

    Glyph edges antialias differently in QtSvg's renderer; everything else must match.
    """
    boxes = []
    for t in page.texts + [t for b in page.boards for t in b.texts]:
        width = 0.7 * t.size * len(t.text) + 4  # wider than any run of glyphs
        x0 = t.x - width / 2 if t.anchor == "middle" else t.x - width if t.anchor == "end" else t.x - 2
        boxes.append((x0, t.y - 1.2 * t.size, x0 + width, t.y + 0.5 * t.size))
    for b in page.boards:
        for n in b.level.numbers:
            x, y = b.x + (n.col + 0.5) * b.cell, b.y + (n.row + 0.5) * b.cell
            boxes.append((x - 0.4 * b.cell, y - 0.4 * b.cell, x + 0.4 * b.cell, y + 0.4 * b.cell))
    return boxes


def test_svg_is_the_png_drawn_again(tmp_path, small_set):
    out = tmp_path / "sheet.svg"
    assert export_svg(small_set, out, title="Set & co", per_page=6, solutions=True) == [out]
    pngs = export_png(small_set, tmp_path / "sheet.png", title="Set & co", per_page=6, dpi=72, solutions=True)
    pages = sheet_pages(small_set, title="Set & co", per_page=6, solutions=True)
    for n, (png, page) in enumerate(zip(pngs, pages)):
        a, b = image(png), rasterized_svg(out, page.height, n, A4_72DPI)
        keep = np.ones((a.height(), a.width()), dtype=bool)
        for x0, y0, x1, y1 in text_boxes(page):
            keep[max(0, math.floor(y0)):math.ceil(y1) + 1, max(0, math.floor(x0)):math.ceil(x1) + 1] = False
        distance = np.abs(pixels(a) - pixels(b)).sum(axis=2)
        compared, differ = int(keep.sum()), int((distance[keep] > 150).sum())
        # Grid, frames, dots and solution lines land on the same pixels; a misplaced board is thousands.
        assert compared > 0.8 * a.width() * a.height()
        assert differ < 0.0005 * compared, (png.name, differ)
    # Every page, caption and digit is real text in the SVG (searchable, selectable).
    texts = svg_texts(out)
    assert texts.count("Set & co") == 3 and "Set & co · Solutions" in texts and "Solutions" in texts
    digits = [t for t in texts if t.isdigit()]
    assert len(digits) == 2 * sum(len(lv.numbers) for lv in small_set)


def test_pdf_pages_and_paper(tmp_path, small_set):
    out = tmp_path / "sheet.pdf"
    export_pdf(small_set, out, per_page=4)
    boxes = pdf_pages(out)
    assert len(boxes) == 3  # 10 levels, 4 a page
    assert all([round(float(v)) for v in box.split()] == [0, 0, 595, 842] for box in boxes)
    export_pdf(small_set[:1], out, per_page=6)
    assert len(pdf_pages(out)) == 1
    export_pdf(small_set, out, per_page=6, solutions=True)
    assert len(pdf_pages(out)) == 4


def test_dispatch(tmp_path, small_set):
    assert format_for("a/b.svg") == "svg"
    with pytest.raises(ValueError):
        format_for("a/b.txt")
    assert export_set(small_set, tmp_path / "x.csv", analyse=False) == [tmp_path / "x.csv"]
    with pytest.raises(ValueError):
        export_set(small_set, tmp_path / "x.out", "docx")


def test_a_long_message_is_cut_and_never_squeezes_the_boards(small_set):
    from linjat_editor.render.sheet_layout import MAX_MESSAGE_LINES

    wordy = [small_set[0].with_meta(message="Draw every line. " * 200)] + small_set[1:]
    plain = sheet_pages(small_set, per_page=6)
    pages = sheet_pages(wordy, per_page=6)
    first = pages[0].boards[0]
    notes = first.texts[1:]
    assert len(notes) == MAX_MESSAGE_LINES and notes[-1].text.endswith("…")
    assert first.cell > 0.8 * plain[0].boards[0].cell
    for page in pages:
        for t in page.texts + [t for b in page.boards for t in b.texts]:
            assert 0 < t.y < page.height


def test_an_empty_set_is_one_page_with_the_rules_and_no_solutions_section():
    from linjat_editor.io.level_set import LevelSet
    from linjat_editor.render.sheet_layout import HOW_TO_PLAY

    pages = sheet_pages(LevelSet(name="Nothing yet"), per_page=4, solutions=True)
    assert len(pages) == 1 and not pages[0].boards
    assert [t.text for t in pages[0].texts][:2] == ["Nothing yet", HOW_TO_PLAY]


def test_a_long_set_name_stays_on_the_page(small_set):
    from linjat_editor.render.sheets import render_images

    name = "The very long name of a set of levels made for the winter camp of the puzzle club " * 3
    pages = sheet_pages(small_set, title=name, per_page=4, solutions=True)
    for img in render_images([pages[0], pages[1], pages[3]], 72):  # the first, a later, and a solutions page
        edges = np.concatenate([pixels(img)[:, :14], pixels(img)[:, -14:]], axis=1)
        assert edges.min() > 200  # nothing drawn in the margins: the name is wrapped or cut

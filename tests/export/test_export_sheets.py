"""Printable sheets: SVG parses with one grid per level; PDF pages; PNG loads."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from linjat_editor.io.export_formats import export_set, format_for
from linjat_editor.io.export_sheets import export_pdf, export_png, export_svg


SVG = "{http://www.w3.org/2000/svg}"


def grids(path, cls="grid"):
    root = ET.parse(path).getroot()
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def pdf_pages(path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return len(re.findall(rb"/Type\s*/Page(?!s)", data))


def test_svg_one_grid_per_level(tmp_path, small_set):
    out = tmp_path / "sheet.svg"
    assert export_svg(small_set, out, title="Set & co", per_page=4) == [out]
    boards = grids(out)
    assert len(boards) == len(small_set)
    assert [int(g.get("data-index")) for g in boards] == list(range(len(small_set)))
    assert len(list(ET.parse(out).getroot().iter(f"{SVG}g"))) >= 3 + len(small_set)  # 3 pages
    # every number of every level is printed
    texts = [t.text for g in boards for t in g.iter(f"{SVG}text")]
    assert sum(len(lv.numbers) for lv in small_set) + len(small_set) == len(texts)


def test_pdf_page_count(tmp_path, small_set):
    out = tmp_path / "sheet.pdf"
    export_pdf(small_set, out, per_page=4)
    assert pdf_pages(out) == 3  # 10 levels, 4 a page
    export_pdf(small_set[:1], out, per_page=6)
    assert pdf_pages(out) == 1


def test_png_pages_load(tmp_path, small_set):
    from PySide6.QtGui import QImage

    written = export_png(small_set, tmp_path / "sheet.png", per_page=6, dpi=72)
    assert [p.name for p in written] == ["sheet-1.png", "sheet-2.png"]
    for p in written:
        img = QImage(str(p))
        assert not img.isNull()
        assert (img.width(), img.height()) == (595, 842)  # A4 at 72 dpi
        # a drawn page is not blank: the board border is black somewhere
        assert any(img.pixelColor(x, y).value() < 60 for x in range(0, 595, 3) for y in range(100, 300, 3))


def test_solution_pages(tmp_path, small_set):
    out = tmp_path / "sol.svg"
    export_svg(small_set, out, per_page=6, solutions=True)
    sols = grids(out, "grid solution")
    assert len(sols) == len(small_set)
    lines = [ln for g in sols for ln in g.iter(f"{SVG}line") if ln.get("stroke-linecap") == "round"]
    assert len(lines) >= sum(len(lv.numbers) for lv in small_set[2:])
    pdf = tmp_path / "sol.pdf"
    export_pdf(small_set, pdf, per_page=6, solutions=True)
    assert pdf_pages(pdf) == 4


def test_dispatch(tmp_path, small_set):
    assert format_for("a/b.svg") == "svg"
    with pytest.raises(ValueError):
        format_for("a/b.txt")
    assert export_set(small_set, tmp_path / "x.csv", analyse=False) == [tmp_path / "x.csv"]
    with pytest.raises(ValueError):
        export_set(small_set, tmp_path / "x.out", "docx")

"""Printable sheets of a set: SVG (pure Python), PNG and PDF (QPainter, imported lazily).

Several levels a page, an optional solutions section after them. An SVG sheet
is one document with the pages stacked; each board is a ``<g class="grid">``
(``class="grid solution"`` on solution pages) so tools can find them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence
from xml.sax.saxutils import escape, quoteattr

from linjat_editor.core.level import Level, Line
from linjat_editor.io.atomic import commit_temp
from linjat_editor.io.export_common import export_items, temp_path_beside, write_atomic
from linjat_editor.io.export_sheet_layout import Circle, Page, Rect, Segment, Shape, SheetItem, Text, layout_pages

PAGE_GAP = 18.0  # points between stacked pages in one SVG


def solution_lines(level: Level) -> tuple[Line, ...] | None:
    """The level's solution lines: the human-style solver's, else the exact solver's first, else None."""
    from linjat_editor.core import count_solutions, solve  # lazy: only solution pages need the engine

    result = solve(level)
    if result.solved and result.lines is not None:
        return tuple(result.lines)
    exact = count_solutions(level, limit=1)
    return tuple(exact.solutions[0]) if exact.count >= 1 and exact.solutions else None


def sheet_items(level_set: Any, solutions: bool = False) -> list[SheetItem]:
    """The set's levels as sheet items, captioned with name and tier, with lines when asked."""
    items = []
    for it in export_items(level_set, analyse=False):
        caption = it.name if it.tier in ("custom", "") else f"{it.name} ({it.tier})"
        items.append(SheetItem(it.level, caption, solution_lines(it.level) if solutions else None))
    return items


def sheet_pages(
    level_set: Any, *, title: str = "", per_page: int = 6, solutions: bool = False, paper: str = "a4"
) -> list[Page]:
    """Lay out a set's sheets (the step shared by all three formats)."""
    items = sheet_items(level_set, solutions)
    return layout_pages(items, title=title, per_page=per_page, paper=paper, solution_pages=solutions)


# -- SVG -------------------------------------------------------------------


def _f(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _svg_shape(s: Shape) -> str:
    if isinstance(s, Rect):
        stroke = f'stroke="{s.stroke}" stroke-width="{_f(s.width)}"' if s.stroke else 'stroke="none"'
        return f'<rect x="{_f(s.x)}" y="{_f(s.y)}" width="{_f(s.w)}" height="{_f(s.h)}" fill="{s.fill or "none"}" {stroke}/>'
    if isinstance(s, Segment):
        cap = "round" if s.round_cap else "butt"
        return (f'<line x1="{_f(s.x1)}" y1="{_f(s.y1)}" x2="{_f(s.x2)}" y2="{_f(s.y2)}" stroke="{s.stroke}" '
                f'stroke-width="{_f(s.width)}" stroke-linecap="{cap}"/>')
    if isinstance(s, Circle):
        return f'<circle cx="{_f(s.cx)}" cy="{_f(s.cy)}" r="{_f(s.r)}" fill="{s.fill}"/>'
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        return (f'<text x="{_f(s.x)}" y="{_f(s.y)}" font-size="{_f(s.size)}"{weight} text-anchor="{s.anchor}" '
                f'fill="{s.color}">{escape(s.text)}</text>')
    raise TypeError(f"unknown shape {s!r}")


def svg_text(pages: Sequence[Page], title: str = "") -> str:
    """One SVG document with the pages stacked top to bottom."""
    width = max(p.width for p in pages)
    height = sum(p.height for p in pages) + PAGE_GAP * (len(pages) - 1)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_f(width)}pt" height="{_f(height)}pt" '
        f'viewBox="0 0 {_f(width)} {_f(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f"<title>{escape(title or 'Linjat levels')}</title>",
    ]
    y = 0.0
    for n, page in enumerate(pages):
        out.append(f'<g class="page" id="page-{n + 1}" transform="translate(0 {_f(y)})">')
        out.append(f'<rect x="0" y="0" width="{_f(page.width)}" height="{_f(page.height)}" fill="#ffffff" stroke="#dddddd"/>')
        out += [_svg_shape(s) for s in page.shapes]
        for b in page.boards:
            cls = "grid solution" if b.solution else "grid"
            out.append(f'<g class={quoteattr(cls)} data-index="{b.index}">')
            out += [_svg_shape(s) for s in b.shapes]
            out.append("</g>")
        out.append("</g>")
        y += page.height + PAGE_GAP
    out.append("</svg>")
    return "\n".join(out) + "\n"


def export_svg(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4",
) -> list[Path]:
    """Write the set's printable sheet as one SVG file (pages stacked); returns ``[path]``."""
    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper)
    write_atomic(path, svg_text(pages, title).encode("utf-8"))
    return [Path(path)]


# -- PNG and PDF (Qt) ------------------------------------------------------


def _page_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i + 1}{path.suffix or '.png'}") for i in range(count)]


def export_png(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4", dpi: float = 150.0,
) -> list[Path]:
    """Write the sheet as PNG: ``path`` for one page, else ``stem-1.png``, ``stem-2.png``...

    Returns the files written, in page order.
    """
    from linjat_editor.io.export_sheet_qt import render_images

    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper)
    targets = _page_paths(Path(path), len(pages))
    for img, target in zip(render_images(pages, dpi), targets):
        tmp = temp_path_beside(target)
        try:
            if not img.save(tmp, "PNG"):
                raise OSError(f"could not write {target}")
            commit_temp(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return targets


def export_pdf(
    level_set: Any, path: str | os.PathLike[str], *, title: str = "", per_page: int = 6,
    solutions: bool = False, paper: str = "a4",
) -> list[Path]:
    """Write the sheet as one PDF, a page per sheet page; returns ``[path]``."""
    from linjat_editor.io.export_sheet_qt import write_pdf

    pages = sheet_pages(level_set, title=title, per_page=per_page, solutions=solutions, paper=paper)
    tmp = temp_path_beside(path)
    try:
        write_pdf(pages, tmp, title)
        commit_temp(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return [Path(path)]

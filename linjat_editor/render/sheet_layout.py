"""Where things go on printable sheets: pages of boards with captions, headers and footers.

Geometry only; :mod:`linjat_editor.render.sheets` paints it (the boards through
the one board painter) on an image, a PDF or an SVG alike. Units are
PostScript points (1/72 inch); y grows downwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from linjat_editor.core.level import Level, Line

#: Paper sizes in points (width, height).
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

INK = "#000000"
GREY = "#9a9a9a"  # page numbers, the same grey as the board's grid


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    anchor: str = "start"  # "start" | "middle" | "end"
    color: str = INK


@dataclass(frozen=True)
class SheetItem:
    """What a sheet prints for one level: the board, a caption, and (on solution pages) lines."""

    level: Level
    caption: str
    lines: Sequence[Line] | None = None


@dataclass
class Board:
    """One level on a page: where its grid sits (top-left corner, cell side) and its texts."""

    index: int
    solution: bool
    level: Level
    x: float
    y: float
    cell: float
    lines: tuple[Line, ...] = ()
    texts: list[Text] = field(default_factory=list)  # caption, "no solution"


@dataclass
class Page:
    width: float
    height: float
    texts: list[Text] = field(default_factory=list)  # header, footer
    boards: list[Board] = field(default_factory=list)


def _grid_shape(per_page: int) -> tuple[int, int]:
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    return cols, math.ceil(per_page / cols)


def layout_pages(
    items: Sequence[SheetItem],
    *,
    title: str = "",
    per_page: int = 6,
    paper: str = "a4",
    solution_pages: bool = False,
    margin: float = 36.0,
) -> list[Page]:
    """Pages of boards: ``per_page`` levels a page, then (when the items carry lines) solution pages."""
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    pw, ph = PAPER[paper.lower()]
    cols, rows = _grid_shape(per_page)
    chunks = [list(range(i, min(i + per_page, len(items)))) for i in range(0, len(items), per_page)] or [[]]
    passes = [False, True] if solution_pages else [False]
    pages: list[Page] = []
    for solution in passes:
        for chunk in chunks:
            page = Page(pw, ph)
            head = (title + " - solutions") if solution else title
            if head:
                page.texts.append(Text(pw / 2, margin, head, 14, True, "middle"))
            top = margin + 16
            box_w = (pw - 2 * margin) / cols
            box_h = (ph - top - margin - 14) / rows
            for slot, idx in enumerate(chunk):
                it = items[idx]
                bx = margin + (slot % cols) * box_w
                by = top + (slot // cols) * box_h
                lvl = it.level
                cell = min((box_w - 24) / lvl.width, (box_h - 34) / lvl.height, 36.0)
                gx = bx + (box_w - cell * lvl.width) / 2
                gy = by + 22
                board = Board(idx, solution, lvl, gx, gy, cell, tuple(it.lines or ()) if solution else ())
                board.texts.append(Text(bx + box_w / 2, by + 14, f"{idx + 1}. {it.caption}", 10, False, "middle"))
                if solution and it.lines is None:
                    board.texts.append(Text(bx + box_w / 2, gy + cell * lvl.height / 2, "no solution", 12,
                                            True, "middle", "#b00020"))
                page.boards.append(board)
            pages.append(page)
    for n, page in enumerate(pages):
        page.texts.append(Text(pw / 2, ph - margin / 2, f"{n + 1} / {len(pages)}", 8, False, "middle", GREY))
    return pages

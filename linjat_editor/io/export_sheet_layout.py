"""Printable sheets as pages of simple shapes, shared by the SVG, PNG and PDF writers.

Laying out once and drawing the same shapes three ways keeps the three
formats identical. Units are PostScript points (1/72 inch); y grows downwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from linjat_editor.core.level import Level, Line

#: Paper sizes in points (width, height).
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

INK = "#000000"
GRID = "#9a9a9a"
SOLUTION = "#4a7fb5"  # a blue that stays dark in greyscale print


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = INK
    fill: str | None = None
    width: float = 1.0


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = INK
    width: float = 1.0
    round_cap: bool = False


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str = INK


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    anchor: str = "start"  # "start" | "middle" | "end"
    color: str = INK


Shape = Rect | Segment | Circle | Text


@dataclass
class Board:
    """One level's drawing on a page: its shapes and where it sits (for grouping)."""

    index: int
    solution: bool
    shapes: list[Shape] = field(default_factory=list)


@dataclass
class Page:
    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)  # header, footer
    boards: list[Board] = field(default_factory=list)


@dataclass(frozen=True)
class SheetItem:
    """What a sheet prints for one level: the board, a caption, and (on solution pages) lines."""

    level: Level
    caption: str
    lines: Sequence[Line] | None = None


def board_shapes(level: Level, x: float, y: float, cell: float, lines: Sequence[Line] | None) -> list[Shape]:
    """The shapes of one board with its top-left corner at (x, y) and square cells of ``cell`` points."""
    h, w = level.height, level.width
    out: list[Shape] = []
    for r in range(1, h):
        out.append(Segment(x, y + r * cell, x + w * cell, y + r * cell, GRID, 0.5))
    for c in range(1, w):
        out.append(Segment(x + c * cell, y, x + c * cell, y + h * cell, GRID, 0.5))
    out.append(Rect(x, y, w * cell, h * cell, INK, None, 1.5))
    for r1, c1, r2, c2 in lines or ():
        # Lines first, so dots and numbers stay readable on top of them.
        out.append(Segment(x + (c1 + 0.5) * cell, y + (r1 + 0.5) * cell, x + (c2 + 0.5) * cell,
                           y + (r2 + 0.5) * cell, SOLUTION, cell * 0.42, True))
    for r, c in sorted(level.dots):
        out.append(Circle(x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell * 0.12))
    for n in level.numbers:
        cx, cy = x + (n.col + 0.5) * cell, y + (n.row + 0.5) * cell
        out.append(Rect(cx - cell * 0.34, cy - cell * 0.34, cell * 0.68, cell * 0.68, INK, "#ffffff", 1.0))
        out.append(Text(cx, cy + cell * 0.2, str(n.value), cell * 0.55, True, "middle"))
    return out


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
                page.shapes.append(Text(pw / 2, margin, head, 14, True, "middle"))
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
                board = Board(idx, solution)
                board.shapes.append(Text(bx + box_w / 2, by + 14, f"{idx + 1}. {it.caption}", 10, False, "middle"))
                board.shapes += board_shapes(lvl, gx, gy, cell, it.lines if solution else None)
                if solution and it.lines is None:
                    board.shapes.append(Text(bx + box_w / 2, gy + cell * lvl.height / 2, "no solution", 12,
                                             True, "middle", "#b00020"))
                page.boards.append(board)
            pages.append(page)
    for n, page in enumerate(pages):
        page.shapes.append(Text(pw / 2, ph - margin / 2, f"{n + 1} / {len(pages)}", 8, False, "middle", GRID))
    return pages

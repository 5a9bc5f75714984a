"""Where things go on printable sheets: pages of boards with captions, a rules header and page numbers.

Geometry only; :mod:`linjat_editor.render.sheets` paints it (the boards through
the one board painter) on an image, a PDF or an SVG alike. Units are
PostScript points (1/72 inch); y grows downwards.

A sheet is for players: one cell size across the whole document (a 9×6 and a
13×9 board print at the same scale, the largest that fits every slot), the
slots of a page share its body evenly, the first page opens with the set's
name and the game's rules, and solutions (when asked) come after all the
puzzles, on pages of their own.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Sequence

from linjat_editor.core.level import Level, Line

#: Paper sizes in points (width, height).
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

#: Puzzles a page may hold, and how each count is laid out: (columns, rows) on a portrait page.
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
PER_PAGE = tuple(GRIDS)

#: The game's four rules in a player's words (spec section 1).
RULES = (
    "Every number gets one straight line, across or down, through its own square.",
    "The line covers exactly as many squares as the number (the number's own square counts).",
    "Lines never overlap each other and never cover another number.",
    "Every dot is covered by a line.",
)
HOW_TO_PLAY = "How to play"

INK = "#000000"
GREY = "#9a9a9a"  # the same grey as the board's grid
FOOT = "#555555"  # page numbers: quiet, but readable on paper
ALERT = "#b00020"

TITLE_SIZE = 18.0
HEAD_SIZE = 12.0
RULE_SIZE = 9.5
CAPTION_SIZE = 10.0
MESSAGE_SIZE = 8.5
FOOT_SIZE = 8.0
LEADING = 1.3  # line height per font size
CHAR_WIDTH = 0.56  # a generous average glyph width per font size (DejaVu Sans), for wrapping
MAX_CELL = 40.0  # a page of one small board need not be a poster
SLOT_PAD = 8.0  # room around a board inside its slot
MAX_MESSAGE_LINES = 6  # a longer tutorial message is cut, ending in "…"


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
    """What a sheet prints for one level: the board, its caption, its message, and (for solutions) lines."""

    level: Level
    caption: str
    lines: Sequence[Line] | None = None
    message: str = ""


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
    texts: list[Text] = field(default_factory=list)  # caption, message, "no solution"


@dataclass
class Page:
    width: float
    height: float
    texts: list[Text] = field(default_factory=list)  # header, rules, footer
    boards: list[Board] = field(default_factory=list)
    frames: list[tuple[float, float, float, float]] = field(default_factory=list)  # x, y, w, h (the rules' box)


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` points at font ``size`` (paragraphs kept)."""
    chars = max(8, int(width / (CHAR_WIDTH * size)))
    return [line for para in text.splitlines() for line in (textwrap.wrap(para, chars) or [""])]


def _line(size: float) -> float:
    return size * LEADING


@dataclass(frozen=True)
class _Body:
    """A page's body: where the slots go, below its header and above its footer."""

    top: float
    bottom: float


def _rules_block(width: float) -> list[list[str]]:
    """Each rule wrapped to the rules box's inner width (after its number)."""
    return [wrap(rule, width - 24, RULE_SIZE) for rule in RULES]


def _header(page: Page, title: str, heading: str, first: bool, margin: float) -> float:
    """Put the page's header on it; returns where the body starts."""
    pw = page.width
    y = margin + TITLE_SIZE * 0.8
    if first:
        for k, line in enumerate(wrap(title, pw - 2 * margin, TITLE_SIZE)[:2] if title else []):
            y += _line(TITLE_SIZE) if k else 0
            page.texts.append(Text(pw / 2, y, line, TITLE_SIZE, True, "middle"))
        if title:
            y += _line(TITLE_SIZE) * 0.6
        if heading:
            y += _line(HEAD_SIZE)
            page.texts.append(Text(pw / 2, y, heading, HEAD_SIZE, True, "middle"))
        else:
            box_top = y + 8
            inner = margin + 10
            ty = box_top + _line(RULE_SIZE) + 2
            page.texts.append(Text(inner, ty, HOW_TO_PLAY, RULE_SIZE + 1, True))
            for n, lines in enumerate(_rules_block(pw - 2 * margin - 20), 1):
                for k, text in enumerate(lines):
                    ty += _line(RULE_SIZE)
                    if k == 0:
                        page.texts.append(Text(inner, ty, f"{n}.", RULE_SIZE, True))
                    page.texts.append(Text(inner + 16, ty, text, RULE_SIZE))
            box_bottom = ty + _line(RULE_SIZE) * 0.6
            page.frames.append((margin, box_top, pw - 2 * margin, box_bottom - box_top))
            y = box_bottom
    else:
        head = " · ".join(t for t in (title, heading) if t)
        if len(head) * CHAR_WIDTH * HEAD_SIZE > pw - 2 * margin:  # a long name: cut to one line
            head = wrap(head, pw - 2 * margin - HEAD_SIZE, HEAD_SIZE)[0] + " …"
        if head:
            page.texts.append(Text(pw / 2, margin + HEAD_SIZE * 0.8, head, HEAD_SIZE, True, "middle"))
        y = margin + _line(HEAD_SIZE)
    return y + 10


def layout_pages(
    items: Sequence[SheetItem],
    *,
    title: str = "",
    per_page: int = 6,
    paper: str = "a4",
    solution_pages: bool = False,
    margin: float = 36.0,
) -> list[Page]:
    """Pages of boards, ``per_page`` a page, then (when asked) the same boards with their lines.

    ``per_page`` is one of :data:`PER_PAGE`; ``paper`` a key of :data:`PAPER`.
    """
    if per_page not in GRIDS:
        raise ValueError(f"puzzles per page: one of {', '.join(map(str, PER_PAGE))}, not {per_page}")
    if paper.lower() not in PAPER:
        raise ValueError(f"paper: one of {', '.join(PAPER)}, not {paper!r}")
    pw, ph = PAPER[paper.lower()]
    cols, rows = GRIDS[per_page]
    chunks = [list(range(i, min(i + per_page, len(items)))) for i in range(0, len(items), per_page)] or [[]]
    # Every page with its header first: the body each page leaves decides the one cell size.
    pages: list[tuple[Page, bool, list[int], _Body]] = []
    for solution in ([False, True] if solution_pages and items else [False]):
        for k, chunk in enumerate(chunks):
            page = Page(pw, ph)
            top = _header(page, title, "Solutions" if solution else "", k == 0, margin)
            pages.append((page, solution, chunk, _Body(top, ph - margin - _line(FOOT_SIZE))))
    box_w = (pw - 2 * margin) / cols
    caption_h = _line(CAPTION_SIZE) + 4

    def message_lines(idx: int) -> list[str]:
        lines = wrap(items[idx].message, box_w - 2 * SLOT_PAD, MESSAGE_SIZE) if items[idx].message else []
        if len(lines) > MAX_MESSAGE_LINES:  # a message is a hint, not a page: it never squeezes the boards
            lines = lines[:MAX_MESSAGE_LINES - 1] + [lines[MAX_MESSAGE_LINES - 1].rstrip() + " …"]
        return lines

    def fit(idx: int, frame: _Body) -> float:
        lvl = items[idx].level
        box_h = (frame.bottom - frame.top) / rows
        room = box_h - caption_h - len(message_lines(idx)) * _line(MESSAGE_SIZE) - 2 * SLOT_PAD
        return min((box_w - 2 * SLOT_PAD) / lvl.width, room / lvl.height)

    cell = min([MAX_CELL] + [fit(i, frame) for _, _, chunk, frame in pages for i in chunk])

    def block(idx: int) -> float:
        notes = message_lines(idx)
        return caption_h + items[idx].level.height * cell + (len(notes) * _line(MESSAGE_SIZE) + 4 if notes else 0)

    for page, solution, chunk, frame in pages:
        box_h = (frame.bottom - frame.top) / rows
        for slot, idx in enumerate(chunk):
            it = items[idx]
            lvl = it.level
            notes = message_lines(idx)
            # A row's blocks share a top (captions in line), the row's tallest centred in its slots.
            row = chunk[slot - slot % cols:slot - slot % cols + cols]
            bx = margin + (slot % cols) * box_w
            by = frame.top + (slot // cols) * box_h + (box_h - max(block(i) for i in row)) / 2
            gx = bx + (box_w - cell * lvl.width) / 2
            gy = by + caption_h
            lines = tuple(it.lines or ()) if solution else ()
            board = Board(idx, solution, lvl, gx, gy, cell, lines)
            board.texts.append(Text(bx + box_w / 2, by + CAPTION_SIZE, it.caption, CAPTION_SIZE, True, "middle"))
            ny = gy + lvl.height * cell + 4
            for text in notes:
                ny += _line(MESSAGE_SIZE)
                board.texts.append(Text(bx + box_w / 2, ny, text, MESSAGE_SIZE, False, "middle"))
            if solution and it.lines is None:
                board.texts.append(Text(bx + box_w / 2, gy + cell * lvl.height / 2, "no solution", 12,
                                        True, "middle", ALERT))
            page.boards.append(board)
    out = [page for page, _, _, _ in pages]
    for n, page in enumerate(out):
        page.texts.append(Text(pw / 2, ph - margin / 2, f"Page {n + 1} of {len(out)}", FOOT_SIZE, False, "middle",
                               FOOT))
    return out

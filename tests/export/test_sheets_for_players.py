"""Sheets a player can use, read back from the PDF with poppler as a printer would see them.

A mixed set (a 4×4 tutorial with its message, then 9×6 to 13×9 boards) must
print every grid at one cell size, fill 1, 2, 4 or 6 puzzles a page, open
with the set's name and the rules, number the puzzles without the designer's
labels, and (when asked) end with solution pages whose lines are the level's
solution as the exact solver finds it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from linjat_editor.core.level import Level
from linjat_editor.io.level_set import LevelSet
from linjat_editor.render.export import export_set
from linjat_editor.render.sheet_layout import RULES

POPPLER = "needs poppler-utils (pdftotext, pdftoppm, pdfinfo) to read the PDF back"
DPI = 144  # two pixels a point: a cell of the smallest layout is still 30 pixels
DARK = 100  # the boards' frames are black; the rules' box and the grid are grey
TIERS = ("easy", "medium", "hard", "expert")


@pytest.fixture(autouse=True)
def _poppler(qapp):
    if not all(shutil.which(tool) for tool in ("pdftotext", "pdftoppm", "pdfinfo")):
        pytest.skip(POPPLER)


@pytest.fixture
def mixed(corpus: dict) -> LevelSet:
    """The first tutorial with its message, then two levels of each tier (9×6 to 13×9), with designer names."""
    s = LevelSet(name="Weekend puzzles")
    first = corpus["tutorial"][0]
    s = s.add(Level.from_rows(first["puzzle"], name="lesson one", message=first["message"]), tier="tutorial")
    for tier in TIERS:
        for k, rec in enumerate([r for r in corpus[tier] if r["puzzle"]][:2]):
            s = s.add(Level.from_rows(rec["puzzle"], name=f"{tier} {k + 1}"), tier=tier)
    return s


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def words(text: str) -> str:
    return " ".join(text.split())


def pdf_pages(path: Path) -> tuple[int, str]:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+(.*)$", info, re.M).group(1)
    return pages, size


def page_image(path: Path, page: int, tmp_path: Path) -> np.ndarray:
    """Page ``page`` (1-based) as an RGB array at :data:`DPI`."""
    stem = tmp_path / f"page{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile", str(path), str(stem)],
                   check=True)
    data = (stem.with_suffix(".ppm")).read_bytes()
    # Binary PPM: "P6\n<w> <h>\n255\n" then the pixels.
    head = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
    w, h = int(head.group(1)), int(head.group(2))
    return np.frombuffer(data[head.end():], dtype=np.uint8).reshape(h, w, 3).astype(int)


def frames(img: np.ndarray) -> list[tuple[float, float, float, float]]:
    """Every board's frame on a page, as (left, top, right, bottom) stroke centres in pixels, top to bottom.

    A frame's top and bottom edges are the long black horizontal runs on a
    sheet: the numbers' boxes are a fraction of a cell, text is broken by spaces.
    """
    dark = img.max(axis=2) < DARK
    edges: list[list] = []  # [x0, x1, rows]
    for y in range(dark.shape[0]):
        ends = np.flatnonzero(np.diff(np.concatenate(([0], dark[y].astype(np.int8), [0]))))
        for x0, x1 in zip(ends[::2], ends[1::2]):
            if x1 - x0 < 40:
                continue
            same = [e for e in edges if e[2][-1] >= y - 1 and abs(e[0] - x0) <= 4 and abs(e[1] - x1) <= 4]
            if same:
                same[0][2].append(y)
            else:
                edges.append([int(x0), int(x1), [y]])
    if not edges:
        return []
    longest = max(x1 - x0 for x0, x1, _ in edges)
    lines = sorted(((x0, x1, float(np.mean(ys))) for x0, x1, ys in edges if x1 - x0 > longest / 3), key=lambda e: e[2])
    boards: list[list] = []
    for x0, x1, y in lines:
        open_ = [b for b in boards if b[3] is None and abs(b[0] - x0) <= 4 and abs(b[2] - x1) <= 4]
        if open_:
            open_[0][3] = y
        else:
            boards.append([x0, y, x1, None])
    assert all(b[3] is not None for b in boards), boards
    return sorted((tuple(b) for b in boards), key=lambda b: (b[1], b[0]))


def board_cells(frame: tuple[float, float, float, float], level: Level) -> float:
    """The cell side in pixels of ``level``'s board drawn in ``frame``, from its height (stroke centre to centre)."""
    return (frame[3] - frame[1]) / level.height


def test_one_cell_size_for_every_grid_and_pages_for_each_count(mixed, tmp_path):
    levels = mixed.levels
    sizes = {}
    for per_page, pages in ((1, 9), (2, 5), (4, 3), (6, 2)):
        out = tmp_path / f"sheets-{per_page}.pdf"
        export_set(mixed, out, per_page=per_page)
        assert pdf_pages(out) == (pages, "595 x 842 pts (A4)"), per_page
        found = []
        for page in range(1, pages + 1):
            found += frames(page_image(out, page, tmp_path))
        assert len(found) == len(levels), per_page
        # Matched to the levels by shape (rows over columns), every board has the same cell.
        cells = []
        for frame, level in zip(sorted(found, key=lambda f: (f[3] - f[1]) / (f[2] - f[0])),
                                sorted(levels, key=lambda lv: lv.height / lv.width)):
            cell = board_cells(frame, level)
            width = (frame[2] - frame[0]) / level.width  # the run includes the frame's stroke: a little wider
            assert cell <= width <= cell + 3 / level.width + 0.5, (per_page, level.name, cell, width)
            cells.append(cell)
        assert max(cells) - min(cells) < 1.0, (per_page, cells)  # under half a point
        sizes[per_page] = float(np.mean(cells)) * 72 / DPI
    # Fewer puzzles a page, cells as big or bigger (two and four a page are both two boards high);
    # six a page still prints cells of 5 mm (14 pt) or more.
    assert sizes[1] > sizes[2] >= sizes[4] - 0.1 and sizes[4] > sizes[6] >= 14.0, sizes


def test_the_first_page_has_the_name_and_rules_and_players_see_numbers(mixed, tmp_path):
    out = tmp_path / "sheets.pdf"
    export_set(mixed, out, per_page=4)
    text = pdf_text(out)
    first = words(text.split("\f")[0])
    assert first.startswith("Weekend puzzles How to play")
    for rule in RULES:
        assert words(rule) in re.sub(r" \d\. ", " ", first), rule
    flat = words(text)
    assert sorted(int(n) for n in re.findall(r"Puzzle (\d+)", flat)) == list(range(1, 10))
    assert words(mixed[0].level.message) in flat  # the tutorial's message, under its board
    assert re.findall(r"Page (\d) of 3", flat) == ["1", "2", "3"]
    for label in ("lesson one", "easy 1", "expert 2", "(hard)", "tutorial"):
        assert label not in flat, label
    export_set(mixed, out, per_page=4, labels=True)
    labelled = words(pdf_text(out))
    assert "Puzzle 2 · easy 1 (easy)" in labelled and "Puzzle 9 · expert 2 (expert)" in labelled


def test_letter_paper(mixed, tmp_path):
    out = tmp_path / "letter.pdf"
    export_set(mixed, out, per_page=6, paper="letter")
    assert pdf_pages(out) == (2, "612 x 792 pts (letter)")


def test_solution_pages_at_the_back_draw_the_solution(mixed, tmp_path):
    from linjat_editor.core import count_solutions

    out = tmp_path / "solutions.pdf"
    export_set(mixed, out, per_page=6, solutions=True)
    pages, _ = pdf_pages(out)
    assert pages == 4
    text = pdf_text(out).split("\f")
    assert "Solutions" not in text[0] + text[1] and "Weekend puzzles" in text[2] and "Solutions" in text[2]
    for page in (1, 2):  # puzzle pages show no lines
        img = page_image(out, page, tmp_path)
        assert not (((img[:, :, 2] - img[:, :, 0]) > 60) & (img[:, :, 2] > 120)).any()
    # The first expert level (the 8th, second board of page 4's... rather: page 3 holds puzzles 1-6, page 4 7-9).
    known = mixed[7].level
    exact = count_solutions(known, limit=2)
    assert exact.count == 1
    covered = {(r, c) for r1, c1, r2, c2 in exact.solutions[0]
               for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)}
    marked = {n.cell for n in known.numbers} | set(known.dots)
    img = page_image(out, 4, tmp_path)
    expert = [f for f in frames(img) if abs((f[3] - f[1]) / (f[2] - f[0]) - known.height / known.width) < 0.05]
    assert len(expert) == 2
    left, top, right, bottom = expert[0]
    cell = board_cells(expert[0], known)
    for r in range(known.height):
        for c in range(known.width):
            if (r, c) in marked:
                continue
            px = img[round(top + (r + 0.5) * cell), round(left + (c + 0.5) * cell)]
            blue = px[2] - px[0] > 60 and px[2] > 120
            assert blue == ((r, c) in covered), (r, c)


def test_the_command_line_takes_the_same_options(mixed, tmp_path, capsys):
    from linjat_editor.cli import main
    from linjat_editor.io import write_set

    source = tmp_path / "weekend.json"
    write_set(mixed, source)
    out = tmp_path / "weekend.pdf"
    argv = ["export", str(source), "-o", str(out), "--per-page", "4", "--paper", "letter", "--solutions", "--labels"]
    assert main(argv) == 0
    assert pdf_pages(out) == (6, "612 x 792 pts (letter)")  # nine puzzles four a page, then their solutions
    text = words(pdf_text(out))
    assert text.startswith("Weekend puzzles How to play") and "Puzzle 9 · expert 2 (expert)" in text
    assert main(["export", str(source), "-o", str(out), "--title", "For Sam"]) == 0
    assert words(pdf_text(out)).startswith("For Sam How to play") and "(expert)" not in pdf_text(out)

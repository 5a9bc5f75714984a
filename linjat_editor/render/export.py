"""One entry point for every export, for the CLI (``linjat export``) and the editor's menu.

The data formats (puzzles.json, CSV) live in ``io``; the drawn ones (SVG, PNG,
PDF) here in ``render``. This dispatcher sits with the drawn ones because it
needs both and ``io`` never imports Qt.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from linjat_editor.io.errors import STDOUT_NAME, FormatError

FORMATS = ("puzzles-json", "csv", "svg", "png", "pdf", "html")

#: File suffix -> format, to guess the format from the output name.
SUFFIXES = {".json": "puzzles-json", ".csv": "csv", ".svg": "svg", ".png": "png", ".pdf": "pdf", ".html": "html", ".htm": "html"}


def format_for(path: str | os.PathLike[str]) -> str:
    """The export format an output file name asks for.

    >>> format_for("out/levels.PDF")
    'pdf'
    """
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"cannot tell the export format from {Path(path).name!r}; choose one of {', '.join(FORMATS)}")
    return SUFFIXES[suffix]


def _exporter(fmt: str) -> Callable[..., Any]:
    # Imported on demand: the CSV/JSON paths never load Qt.
    if fmt == "puzzles-json":
        from linjat_editor.io.export_puzzles_json import export_puzzles_json

        return export_puzzles_json
    if fmt == "csv":
        from linjat_editor.io.export_csv import export_csv

        return export_csv
    if fmt == "html":  # the playtest page
        from linjat_editor.io.playtest_page import export_playtest_page

        return export_playtest_page
    from linjat_editor.render import sheets

    return {"svg": sheets.export_svg, "png": sheets.export_png, "pdf": sheets.export_pdf}[fmt]


def export_set(level_set: Any, path: str | os.PathLike[str], fmt: str | None = None, **options: Any) -> list[Path]:
    """Export ``level_set`` to ``path`` in ``fmt`` (guessed from the suffix when None).

    Options go to the format's function: ``export_puzzles_json(closing=,
    default_tier=, analyse=)``, ``export_csv(analyse=, exact=)``, and for
    svg/png/pdf ``title=, per_page=, solutions=, paper=`` (png also ``dpi=``); ``html`` is the
    playtest page (``io/playtest_page.py``), no options.
    Returns the files written. ``-`` writes to standard output (every format but
    PNG, whose pages may be several files). A write that fails raises
    :class:`FormatError` naming the file that could not be written.
    """
    if os.fspath(path) == "-" and not fmt:
        raise ValueError(f"-o - (standard output) needs --format, one of {', '.join(FORMATS)}")
    fmt = (fmt or format_for(path)).lower().replace("_", "-")
    if fmt == "json":
        fmt = "puzzles-json"
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; choose one of {', '.join(FORMATS)}")
    with _writing(path):
        written = _exporter(fmt)(level_set, path, **options)
    return list(written) if written else [Path(path)]


def export_pages(pages: Any, path: str | os.PathLike[str], fmt: str, title: str = "") -> list[Path]:
    """Write sheets already laid out (``render.sheets.sheet_pages``) as ``fmt``: the painting step alone,
    for a caller that laid them out elsewhere (the editor, on a worker). Errors as :func:`export_set`'s."""
    from linjat_editor.render.sheets import write_pages

    with _writing(path):
        return write_pages(pages, path, fmt, title)


@contextmanager
def _writing(path: str | os.PathLike[str]) -> Iterator[None]:
    """A write that fails raises :class:`FormatError` naming the file that could not be written."""
    try:
        yield
    except BrokenPipeError:
        raise  # the reader of standard output stopped early: the CLI ends quietly
    except OSError as e:
        target = STDOUT_NAME if os.fspath(path) == "-" else (e.filename or os.fspath(path))
        raise FormatError(os.fspath(target), f"cannot write: {e.strerror or e}") from None

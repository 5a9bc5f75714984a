"""Rows, the original game's text form of a board, checked cell by cell.

A row is a string with one character a cell: ``1``-``9`` a number, ``.`` a
dot, a space an empty cell. Spaces are significant, so rows are never
stripped, and a short row is an error rather than padded.
"""

from __future__ import annotations

from typing import Any

from linjat_editor.core.level import MAX_SIDE, Level, LevelError
from linjat_editor.io.errors import FormatError

_CELLS = frozenset("123456789. ")


def check_rows(rows: Any, name: str, unit: str = "row") -> list[str]:
    """Return ``rows`` as a list of strings, or raise :class:`FormatError` saying what is wrong.

    ``unit`` is how messages call a row: ``"row"`` for JSON, ``"line"`` for text
    files (where row N is line N of the file).

    >>> check_rows(["3. ", " 2"], "a.json")
    Traceback (most recent call last):
    ...
    linjat_editor.io.errors.FormatError: a.json: ragged rows: row 2 has 2 cells, row 1 has 3
    """
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise FormatError(name, "rows must be a list of strings")
    if not rows:
        raise FormatError(name, "the level has no rows")
    width = max(len(r) for r in rows)
    if width == 0:
        raise FormatError(name, "the rows are empty (a level needs at least one column)")
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise FormatError(name, f"absurd size {len(rows)}x{width} (at most {MAX_SIDE}x{MAX_SIDE})")
    longest = next(i for i, r in enumerate(rows) if len(r) == width)
    for i, row in enumerate(rows):
        if len(row) != width:
            raise FormatError(
                name, f"ragged rows: {unit} {i + 1} has {len(row)} cells, {unit} {longest + 1} has {width}"
            )
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in _CELLS:
                continue
            where = f"{unit} {r + 1}, column {c + 1}"
            if ch == "0":
                raise FormatError(name, f"{where}: 0 is not a valid number (numbers are 1 to 9)")
            raise FormatError(name, f"{where}: unexpected character {ch!r} (use 1-9, '.' or space)")
    return rows


def level_from_rows(rows: Any, name: str, /, unit: str = "row", **meta: Any) -> Level:
    """A :class:`Level` from checked rows and metadata; model errors name the file too.

    ``name`` (the file) is positional-only so that ``meta`` may carry the level's own ``name``.
    """
    rows = check_rows(rows, name, unit)
    try:
        return Level.from_rows(rows, **meta)
    except LevelError as e:
        raise FormatError(name, str(e)) from None


def split_text_rows(text: str) -> list[str]:
    """The rows of a plain text file: one a line, trailing spaces kept.

    The newline that ends the last row is not a row, nor are empty lines at
    the very end; ``\\r\\n`` line ends are accepted.

    >>> split_text_rows(" 3.\\n.  \\n")
    [' 3.', '.  ']
    """
    lines = text.split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def read_text_rows(text: str, name: str) -> Level:
    """A level from a plain text file of rows."""
    lines = text.rstrip("\r\n").count("\n") + 1
    if lines > 25 * MAX_SIDE:  # said before splitting a huge file into millions of rows
        raise FormatError(name, f"absurd size: {lines} lines (at most {MAX_SIDE}x{MAX_SIDE})")
    return level_from_rows(split_text_rows(text), name, unit="line")


def write_text_rows(level: Level) -> str:
    """The plain text form of a level: its rows, one a line (metadata is not kept)."""
    return "\n".join(level.rows()) + "\n"

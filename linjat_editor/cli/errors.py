"""How the ``linjat`` command shows an error: one printable line, naming the file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linjat_editor.core.level import LevelError
from linjat_editor.io import FormatError
from linjat_editor.io.errors import MAX_PROBLEM, STDIN_NAME, printable, shorten

if TYPE_CHECKING:
    from .request import Request

#: The longest error line: a file name near the system's limit (255) and a whole problem fit.
MAX_LINE = 300 + MAX_PROBLEM


def one_line(error: BaseException, request: Request | None = None) -> str:
    """The error as one printable line; an engine error about the level names its file too."""
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(error, OSError) and error.strerror:
        # "out.json: File too large", not "[Errno 27] File too large: 'out.json'"
        text = f"{error.filename}: {error.strerror}" if error.filename is not None else error.strerror
    elif isinstance(error, MemoryError):
        text = "out of memory (is the input far larger than a level?)"
    elif isinstance(error, RecursionError):
        text = "input nested too deeply"
    level = request and (request.level_file or request.jsonl)
    if isinstance(error, LevelError) and not isinstance(error, FormatError) and isinstance(level, str):
        name = STDIN_NAME if level == "-" else level
        if not text.startswith(name):
            text = f"{name}: {text}"
    return printable(shorten(text, MAX_LINE))

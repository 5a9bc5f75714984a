"""The file formats the editor knows, and the functions that read and write files with them.

Every format has a name, a description, file extensions, and ``read(text,
name)`` and/or ``write(obj) -> str``. Reading finds the format from the
content (the extension is only a hint for writing). Every problem, from a
missing file to a bad cell, is a :class:`FormatError` whose text is one line
naming the file. ``-`` as a path means standard input (or output).

Other modules may add formats with :func:`register`; registering a name again
replaces that format (e.g. to give a read-only format a writer).
"""

from __future__ import annotations

import itertools
import os
import stat
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import PurePath
from typing import Any, BinaryIO, Callable, Iterator

from linjat_editor.core.level import Level
from linjat_editor.io import _json
from linjat_editor.io.atomic import atomic_write_text
from linjat_editor.io.errors import STDIN_NAME, STDOUT_NAME, FormatError, within
from linjat_editor.io.level_json import SET_FORMAT, level_from_object, read_level_json, write_level_json
from linjat_editor.io.level_set import LevelSet
from linjat_editor.io.puzzles_json import looks_like_puzzles_json, read_puzzles_json, set_from_puzzles
from linjat_editor.io.rows import read_text_rows, write_text_rows
from linjat_editor.io.set_json import read_set_json, set_from_object, write_set_json

#: Files beyond this size are surely not levels (the published corpus is ~0.1 MB).
MAX_BYTES = 64 * 1024 * 1024


class FormatKind(StrEnum):
    """What a format holds: one level, or a set of levels."""

    LEVEL = "level"
    SET = "set"


@dataclass(frozen=True)
class Format:
    """One file format. ``kind`` says what it holds; ``detect(text)`` says whether text looks like it."""

    name: str
    description: str
    extensions: tuple[str, ...]
    kind: FormatKind
    read: Callable[[str, str], Any] | None = None
    write: Callable[[Any], str] | None = None
    detect: Callable[[str], bool] | None = None


_FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    """Add a format (or replace the one with the same name) and return it."""
    if fmt.kind not in tuple(FormatKind):
        raise ValueError(f"format kind must be 'level' or 'set', not {fmt.kind!r}")
    _FORMATS[fmt.name] = fmt
    return fmt


def formats(kind: FormatKind | None = None) -> list[Format]:
    """The registered formats (of one kind, if given), in registration order."""
    return [f for f in _FORMATS.values() if kind is None or f.kind == kind]


def get_format(name: str) -> Format:
    """The format called ``name``; raises :class:`FormatError` listing the known names."""
    try:
        return _FORMATS[name]
    except KeyError:
        raise FormatError("", f"unknown file format {name!r} (known: {', '.join(_FORMATS)})") from None


def format_for_path(path: str | os.PathLike[str], kind: FormatKind) -> Format:
    """The writable format of ``kind`` for a path's extension (the native one if none matches)."""
    writable = [f for f in formats(kind) if f.write is not None]
    suffix = PurePath(os.fspath(path)).suffix.lower()
    for f in writable:
        if suffix in f.extensions:
            return f
    return writable[0]


# -- reading -----------------------------------------------------------------


def read_source(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The text of a file (``-``: standard input) and the name to show for it.

    Raises :class:`FormatError` for a missing or unreadable file, anything that
    is not a regular file (a pipe or device would block or never end), a file
    over :data:`MAX_BYTES` (refused before it is read), a file that is not UTF-8
    text, or an empty one. A UTF-8 byte order mark is dropped.
    """
    if os.fspath(path) in ("-", "/dev/stdin"):  # a pipe, but one that ends
        name = STDIN_NAME
        if sys.stdin is None:  # started with it closed (``<&-``): Python has no stream for it
            raise FormatError(name, "standard input is closed")
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1)
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
    else:
        name = os.fspath(path)
        data = _read_regular_file(name)
    if len(data) > MAX_BYTES:
        raise FormatError(name, _too_large())
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FormatError(name, f"not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    _require_text(text, name)
    return text, name


def _too_large() -> str:
    return f"file too large (over {MAX_BYTES // (1024 * 1024)} MB; a level set of thousands of levels is a few MB)"


def _read_regular_file(name: str) -> bytes:
    with _open_regular(name) as f:
        try:
            return f.read(MAX_BYTES + 1)  # a file growing while read is still capped
        except OSError as e:
            raise FormatError(name, f"cannot read the file: {e.strerror or e}") from None


def _open_regular(name: str) -> BinaryIO:
    """``name`` opened for reading if it is a regular file of at most :data:`MAX_BYTES`, else a FormatError."""
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FormatError(name, "file not found") from None
    except IsADirectoryError:
        raise FormatError(name, "is a directory, not a file") from None
    except PermissionError:
        raise FormatError(name, "cannot read the file: permission denied") from None
    except OSError as e:
        raise FormatError(name, f"cannot read the file: {e.strerror or e}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FormatError(name, "is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FormatError(name, f"is {_kind_of(info.st_mode)}, not a regular file")
        if info.st_size > MAX_BYTES:
            raise FormatError(name, _too_large())
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


#: A level a line is a few kB; a longer line is no level (and is not held in memory whole).
MAX_LINE_BYTES = 1024 * 1024


def source_lines(path: str | os.PathLike[str]) -> tuple[Iterator[str], str]:
    """The lines of a file (``-``: standard input), read one at a time, and the name to show for it.

    For JSON Lines: memory stays bounded whatever the file's size, so a caller
    that gives up on a file of junk does so before reading it all. The file is
    checked as :func:`read_source` checks it; a line that is not UTF-8 or longer
    than :data:`MAX_LINE_BYTES` is a :class:`FormatError` naming the line.
    """
    if os.fspath(path) in ("-", "/dev/stdin"):
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            text, name = read_source(path)  # a text-only stand-in (tests): small by nature
            return iter(text.splitlines()), name
        return _lines(stream, STDIN_NAME, close=False), STDIN_NAME
    name = os.fspath(path)
    return _lines(_open_regular(name), name, close=True), name


def _lines(f: BinaryIO, name: str, close: bool) -> Iterator[str]:
    read = 0
    try:
        for number in itertools.count(1):
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            read += len(raw)
            if read > MAX_BYTES:
                raise FormatError(name, _too_large())
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise FormatError(within(name, f"line {number}"), f"longer than {MAX_LINE_BYTES // 1024:,} kB: no level")
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as e:
                raise FormatError(within(name, f"line {number}"), f"not UTF-8 text (byte 0x{raw[e.start]:02x})") from None
            yield line.rstrip("\r\n")
    finally:
        if close:
            f.close()


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _require_text(text: str, name: str) -> None:
    # Only line ends: a file of spaces is a blank board, not an empty file.
    if not text.strip("\r\n"):
        raise FormatError(name, "empty file")


def _detected(text: str, kind: FormatKind) -> Format | None:
    for f in formats(kind):
        if f.read is not None and f.detect is not None and f.detect(text):
            return f
    return None


def _require_json_if_named(text: str, name: str) -> None:
    """A ``.json`` file is JSON or an error (``42`` in it is not a plain-rows board)."""
    if PurePath(name).suffix.lower() in (".json", ".jsonl") and not _starts_json(text):
        raise FormatError(name, "not valid JSON: a .json file must hold a JSON object or list")


def _read_as(text: str, name: str, kind: FormatKind, format: str | None) -> Any:
    _require_text(text, name)
    if not format and kind is FormatKind.LEVEL:  # (the set readers refuse non-JSON themselves)
        _require_json_if_named(text, name)
    fmt = get_format(format) if format else _detected(text, kind)
    if fmt is None or fmt.read is None:
        # Nothing claims the text: the native reader says best what is wrong with it.
        fmt = formats(kind)[0]
    assert fmt.read is not None
    return fmt.read(text, name)


def read_level(path: str | os.PathLike[str], format: str | None = None) -> Level:
    """Read one level from a file in any accepted form (``-``: standard input)."""
    text, name = read_source(path)
    level = _read_as(text, name, FormatKind.LEVEL, format)
    if not isinstance(level, Level):
        raise FormatError(name, "this file holds a level set, not a single level")
    return level


def read_set(path: str | os.PathLike[str], format: str | None = None) -> LevelSet:
    """Read a level set: a native set file or the original game's ``puzzles.json``."""
    text, name = read_source(path)
    level_set = _read_as(text, name, FormatKind.SET, format)
    if not isinstance(level_set, LevelSet):
        raise FormatError(name, "this file holds a single level, not a level set")
    return level_set


def read_levels(path: str | os.PathLike[str]) -> list[Level]:
    """Every level in a file, whatever its form (see :func:`levels_from_text`)."""
    text, name = read_source(path)
    return levels_from_text(text, name)


def levels_from_text(text: str, name: str) -> list[Level]:
    """The levels in some text, detecting its form.

    One level in any accepted form gives a list of one; a set file or a
    ``puzzles.json`` gives its levels in order; a JSON list of levels, or JSON
    Lines (one level a line, blank lines skipped), gives one level per item.
    """
    _require_text(text, name)
    _require_json_if_named(text, name)
    if text.lstrip()[:1] not in ("{", "["):
        return [read_text_rows(text, name)]
    try:
        obj = _json.loads(text, name)
    except FormatError as e:
        if not e.problem.startswith("not valid JSON: Extra data"):
            raise
        # A first value followed by more: JSON Lines.
        return [
            parse_level_line(line, within(name, f"line {i + 1}"))
            for i, line in enumerate(text.splitlines())
            if line.strip()
        ]
    if isinstance(obj, dict) and obj.get("format") == SET_FORMAT:
        return set_from_object(obj, name).levels
    if looks_like_puzzles_json(obj):
        return set_from_puzzles(obj, name).levels
    if isinstance(obj, list) and obj and all(isinstance(x, (dict, list)) for x in obj):
        return [level_from_object(x, within(name, f"level {i + 1}")) for i, x in enumerate(obj)]
    return [level_from_object(obj, name)]


def parse_level_line(line: str, name: str = "<line>") -> Level:
    """One level from a JSON Lines line: a native object, a list of rows or a ``{"puzzle": ...}`` record."""
    if not line.strip():
        raise FormatError(name, "empty line")
    return level_from_object(_json.loads(line, name), name)


# -- writing -----------------------------------------------------------------


def _save(obj: Any, path: str | os.PathLike[str], kind: FormatKind, format: str | None) -> None:
    fmt = get_format(format) if format else format_for_path(path, kind)
    name = STDOUT_NAME if os.fspath(path) == "-" else os.fspath(path)
    if fmt.kind != kind or fmt.write is None:
        raise FormatError(name, f"the {fmt.name} format cannot be written as a {kind}")
    try:
        text = fmt.write(obj)  # all of it before the file is touched
    except (TypeError, ValueError) as e:
        raise FormatError(name, f"cannot save: metadata is not plain JSON data ({e})") from None
    except RecursionError:
        raise FormatError(name, f"cannot save: metadata nested too deeply (at most {_json.MAX_DEPTH} levels)") from None
    try:
        atomic_write_text(path, text)  # ``-``: standard output
    except BrokenPipeError:
        raise  # the reader stopped early (``| head``): the CLI ends quietly
    except OSError as e:
        raise FormatError(name, f"cannot save: {e.strerror or e}") from None


def write_level(level: Level, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Save a level atomically; the format comes from ``format`` or the extension (native JSON by default)."""
    _save(level, path, FormatKind.LEVEL, format)


def write_set(level_set: LevelSet, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Save a set atomically; the native set JSON unless ``format`` names another writable set format."""
    _save(level_set, path, FormatKind.SET, format)


def _starts_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[")


def _json_object(text: str) -> dict[str, Any] | None:
    """The JSON object in ``text``, or None if it is not one (for detection only)."""
    if text.lstrip()[:1] != "{":
        return None
    try:
        obj = _json.loads(text, "")
    except FormatError:  # the reader chosen in the end says what is wrong
        return None
    return obj if isinstance(obj, dict) else None


register(Format(
    "linjat-level", "Linjat level (JSON; also a list of rows or a {\"puzzle\": ...} record)",
    (".json",), FormatKind.LEVEL, read_level_json, write_level_json, _starts_json,
))
register(Format(
    "rows", "Plain text: one row a line, digits, dots and spaces (metadata is not kept)",
    (".txt",), FormatKind.LEVEL, read_text_rows, write_text_rows, lambda text: not _starts_json(text),
))
register(Format(
    "linjat-set", "Linjat level set (JSON)",
    (".json",), FormatKind.SET, read_set_json, write_set_json,
    lambda text: "format" in (_json_object(text) or {}),
))
register(Format(
    "puzzles-json", "The original Linjat game's puzzles.json (read here; written by the export)",
    (".json",), FormatKind.SET, read_puzzles_json, None, lambda text: looks_like_puzzles_json(_json_object(text)),
))

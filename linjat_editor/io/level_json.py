"""The native level file, and the other JSON and text forms a level is read from.

Native form (what :func:`write_level_json` writes)::

    {"format": "linjat-level", "version": 1,
     "rows": ["  3 .", ...], "pinned": [[row, col], ...],
     "name": "", "author": "", "notes": "", "message": "", "extra": {}}

Also read: a bare JSON list of row strings; a JSON object with a ``"puzzle"``
key (a record of the original game or one line of its generator's output;
``message`` is kept as the level's message, ``classification``, ``score``,
``file`` and any other keys go to ``extra``); and a plain text file of rows.
"""

from __future__ import annotations

import json
from typing import Any, Collection

from linjat_editor.core.level import Level
from linjat_editor.io import _json
from linjat_editor.io.errors import FormatError
from linjat_editor.io.rows import level_from_rows, read_text_rows

LEVEL_FORMAT = "linjat-level"
LEVEL_VERSION = 1
SET_FORMAT = "linjat-set"

#: The lists of the original game's puzzles.json, in its order.
PUZZLES_TIERS = ("tutorial", "easy", "medium", "hard", "expert")

_META = ("name", "author", "notes", "message")
#: Sizes are read from the rows; these keys, if present, are only checked.
_SIZE_KEYS = ("height", "width")
_NATIVE_KEYS = frozenset({"format", "version", "rows", "pinned", "extra", *_META})


def level_to_object(level: Level) -> dict[str, Any]:
    """The native JSON object of a level (keys in a stable, readable order)."""
    return {
        "format": LEVEL_FORMAT,
        "version": LEVEL_VERSION,
        "rows": level.rows(),
        "pinned": [[r, c] for r, c in sorted(level.pinned)],
        "name": level.name,
        "author": level.author,
        "notes": level.notes,
        "message": level.message,
        "extra": dict(level.extra),
    }


def write_level_json(level: Level) -> str:
    """The native JSON text of a level (raises TypeError/ValueError if ``extra`` is not JSON data)."""
    return _json.dumps(level_to_object(level))


def read_level_json(text: str, name: str) -> Level:
    """A level from JSON text in any accepted form (native, list of rows, puzzle record)."""
    return level_from_object(_json.loads(text, name), name)


def read_level_text(text: str, name: str) -> Level:
    """A level from file text: JSON if it starts with ``{`` or ``[``, else plain rows.

    Rows only hold digits, dots and spaces, so the first character tells the forms apart.
    """
    if text.lstrip()[:1] in ("{", "["):
        return read_level_json(text, name)
    return read_text_rows(text, name)


def level_from_object(obj: Any, name: str, ignore: Collection[str] = ()) -> Level:
    """A level from parsed JSON in any accepted form.

    ``ignore`` lists keys that belong to a container (a set entry's ``tier``...)
    and must not end up in ``extra``.
    """
    if isinstance(obj, list):
        return level_from_rows(obj, name)
    if not isinstance(obj, dict):
        raise FormatError(name, "expected a level: a JSON object or a list of row strings")
    if "puzzle" in obj and "rows" not in obj:
        return _from_puzzle_record(obj, name, ignore)
    return _from_native(obj, name, ignore)


def _check_header(obj: dict[str, Any], name: str) -> None:
    fmt = obj.get("format")
    if fmt == SET_FORMAT:
        raise FormatError(name, f'this is a level set ("{SET_FORMAT}"), not a single level')
    if "format" in obj and fmt != LEVEL_FORMAT:
        raise FormatError(name, f'unknown format {_show(fmt)} (expected "{LEVEL_FORMAT}")')
    if "format" in obj and "version" not in obj:
        raise FormatError(name, f'missing "version" (this editor reads version {LEVEL_VERSION})')
    version = obj.get("version", LEVEL_VERSION)
    if version != LEVEL_VERSION or isinstance(version, bool):
        raise FormatError(
            name, f'unsupported version {_show(version)} of "{LEVEL_FORMAT}" (this editor reads version {LEVEL_VERSION})'
        )
    if "rows" not in obj:
        if "format" not in obj and any(k in PUZZLES_TIERS for k in obj):
            raise FormatError(name, "this is a level set (the original game's puzzles.json layout), not a single level")
        if "format" in obj:
            raise FormatError(name, 'missing "rows"')
        raise FormatError(
            name, f'not a level: expected "format": "{LEVEL_FORMAT}", a "puzzle" key or a list of row strings'
        )


def _from_native(obj: dict[str, Any], name: str, ignore: Collection[str]) -> Level:
    _check_header(obj, name)
    meta = {key: _string(obj, key, name) for key in _META}
    extra = obj.get("extra")
    if extra is None:
        extra = {}
    if not isinstance(extra, dict):
        raise FormatError(name, '"extra" must be an object')
    # Keys this version does not know are kept rather than lost on the next save.
    unknown = {k: v for k, v in obj.items() if k not in _NATIVE_KEYS and k not in ignore and k not in _SIZE_KEYS}
    level = level_from_rows(obj["rows"], name, extra={**unknown, **extra}, **meta)
    _check_sizes(obj, level, name)
    pinned = _pinned(obj.get("pinned"), level, name)
    return level.with_meta(pinned=pinned) if pinned else level


def _pinned(value: Any, level: Level, name: str) -> frozenset[tuple[int, int]]:
    if value is None:
        return frozenset()
    bad = FormatError(name, '"pinned" must be a list of [row, column] pairs')
    if not isinstance(value, list):
        raise bad
    cells = set()
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(x) for x in pair)):
            raise bad
        r, c = pair
        if not (0 <= r < level.height and 0 <= c < level.width):
            raise FormatError(name, f'"pinned" cell [{r}, {c}] is outside the {level.height}x{level.width} grid')
        if (r, c) not in level.dots:
            raise FormatError(name, f'"pinned" cell [{r}, {c}] (row {r + 1}, column {c + 1}) is not a dot')
        cells.add((r, c))
    return frozenset(cells)


def _from_puzzle_record(obj: dict[str, Any], name: str, ignore: Collection[str]) -> Level:
    if obj["puzzle"] is None:
        raise FormatError(name, 'message-only entry ("puzzle" is null): there is no level in it')
    message = _string(obj, "message", name)
    extra = {k: v for k, v in obj.items() if k not in ("puzzle", "message", *_SIZE_KEYS) and k not in ignore}
    level = level_from_rows(obj["puzzle"], name, message=message, extra=extra)
    _check_sizes(obj, level, name)
    return level


def _check_sizes(obj: dict[str, Any], level: Level, name: str) -> None:
    """Sizes some tools write beside the rows must agree with them (the rows decide; the keys are not kept)."""
    for key, actual in (("height", level.height), ("width", level.width)):
        if key not in obj:
            continue
        value = obj[key]
        if not _is_int(value) or value < 1:
            raise FormatError(name, f'"{key}" must be a positive whole number, not {_show(value)}')
        if value != actual:
            raise FormatError(name, f'"{key}" is {_show(value)} but the rows make it {actual}')


def _string(obj: dict[str, Any], key: str, name: str) -> str:
    value = obj.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FormatError(name, f'"{key}" must be a string')
    return value


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _show(value: Any) -> str:
    """A JSON value for a message, kept short."""
    text = json.dumps(value) if value is not None else "null"
    return text if len(text) <= 40 else text[:37] + "..."

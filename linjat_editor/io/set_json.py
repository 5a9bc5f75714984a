"""The native level-set file.

::

    {"format": "linjat-set", "version": 1, "name": "", "author": "", "notes": "",
     "levels": [{<native level object>, "tier": "easy" | null, "tags": [...],
                 "analysis": {...} | null, "playtests": [{...}, ...]}, ...],
     "extra": {}}

Each entry is a complete native level object (so it can be cut out as a
level file) plus the entry fields. Errors name the entry: ``set.json, level 4: ...``.
Keys this version does not know are kept, as a level file keeps them: the set's
in its ``extra``, an entry's in its level's ``extra``.
"""

from __future__ import annotations

import json
from typing import Any

from linjat_editor.io import _json
from linjat_editor.io.errors import FormatError, within
from linjat_editor.io.level_json import LEVEL_FORMAT, SET_FORMAT, level_from_object, level_to_object
from linjat_editor.io.level_set import LevelSet, SetEntry

SET_VERSION = 1
_ENTRY_KEYS = ("tier", "tags", "analysis", "playtests")
_SET_KEYS = frozenset({"format", "version", "name", "author", "notes", "levels", "extra"})


def set_to_object(level_set: LevelSet) -> dict[str, Any]:
    """The native JSON object of a set."""
    levels = []
    for e in level_set.entries:
        obj = level_to_object(e.level)
        obj.update(
            tier=e.tier,
            tags=list(e.tags),
            analysis=None if e.analysis is None else dict(e.analysis),
            playtests=[dict(p) for p in e.playtests],
        )
        levels.append(obj)
    return {
        "format": SET_FORMAT,
        "version": SET_VERSION,
        "name": level_set.name,
        "author": level_set.author,
        "notes": level_set.notes,
        "levels": levels,
        "extra": dict(level_set.extra),
    }


def write_set_json(level_set: LevelSet) -> str:
    """The native JSON text of a set (raises TypeError/ValueError if metadata is not JSON data)."""
    return _json.dumps(set_to_object(level_set))


def read_set_json(text: str, name: str) -> LevelSet:
    """A set from the text of a native set file."""
    if text.lstrip()[:1] not in ("{", "["):
        raise FormatError(name, f'not a level set: expected a JSON object with "format": "{SET_FORMAT}"')
    return set_from_object(_json.loads(text, name), name)


def set_from_object(obj: Any, name: str) -> LevelSet:
    """A set from a parsed native set object."""
    if isinstance(obj, list):
        raise FormatError(name, "this is a single level (a list of rows), not a level set")
    if not isinstance(obj, dict):
        raise FormatError(name, f'expected a level set: a JSON object with "format": "{SET_FORMAT}"')
    fmt = obj.get("format")
    if fmt == LEVEL_FORMAT:
        raise FormatError(name, f'this is a single level ("{LEVEL_FORMAT}"), not a level set')
    if fmt != SET_FORMAT:
        shown = json.dumps(fmt)[:40] if "format" in obj else "missing"
        raise FormatError(name, f'unknown format {shown} (expected "{SET_FORMAT}")')
    version = obj.get("version")
    if version != SET_VERSION or isinstance(version, bool):
        raise FormatError(
            name, f'unsupported version {json.dumps(version)[:20]} of "{SET_FORMAT}" (this editor reads version {SET_VERSION})'
        )
    meta = {}
    for key in ("name", "author", "notes"):
        value = obj.get(key)
        if value is not None and not isinstance(value, str):
            raise FormatError(name, f'"{key}" must be a string')
        meta[key] = value or ""
    extra = obj.get("extra") or {}
    if not isinstance(extra, dict):
        raise FormatError(name, '"extra" must be an object')
    levels = obj.get("levels")
    if not isinstance(levels, list):
        raise FormatError(name, '"levels" must be a list of level objects')
    entries = [entry_from_object(item, within(name, f"level {i + 1}")) for i, item in enumerate(levels)]
    unknown = {k: v for k, v in obj.items() if k not in _SET_KEYS}  # kept rather than lost on the next save
    return LevelSet(entries=tuple(entries), extra={**unknown, **extra}, **meta)


def entry_from_object(obj: Any, name: str) -> SetEntry:
    """One set entry: a level object (without its header, if need be) plus the entry fields."""
    if not isinstance(obj, dict):
        raise FormatError(name, "expected a level object")
    level = level_from_object(obj, name, ignore=_ENTRY_KEYS)
    tier = obj.get("tier")
    if tier is not None and not isinstance(tier, str):
        raise FormatError(name, '"tier" must be a string or null')
    tags = obj.get("tags") or []
    if not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
        raise FormatError(name, '"tags" must be a list of strings')
    analysis = obj.get("analysis")
    if analysis is not None and not isinstance(analysis, dict):
        raise FormatError(name, '"analysis" must be an object or null')
    playtests = obj.get("playtests") or []
    if not (isinstance(playtests, list) and all(isinstance(p, dict) for p in playtests)):
        raise FormatError(name, '"playtests" must be a list of objects')
    return SetEntry(level, tier=tier or None, tags=tuple(tags), analysis=analysis, playtests=tuple(playtests))

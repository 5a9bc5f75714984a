"""Reading the original Linjat web game's ``puzzles.json`` into a :class:`LevelSet`.

The layout: one object with the lists ``tutorial``, ``easy``, ``medium``,
``hard`` and ``expert``. A record has ``puzzle`` (rows, or null for a
message-only record such as the one ending every list), and may have
``message``, ``classification``, ``score`` and ``file``.

Each level becomes an entry whose ``tier`` is its list's key; its message is
the level's message and the other record keys go to the level's ``extra``
unchanged (the original's classification uses its own key names, so it is
not our ``analysis``). Message-only records are kept in the set's ``extra``:
the one ending a list as ``closing_messages[tier]``, any other one in
``interludes`` as ``{"tier", "before", "message"}`` (``before``: how many
levels of that tier come before it). Writing this layout is an export
(``io/export_puzzles_json.py``).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from linjat_editor.io import _json
from linjat_editor.io.errors import FormatError, within
from linjat_editor.io.level_json import PUZZLES_TIERS as TIERS
from linjat_editor.io.level_json import level_from_object
from linjat_editor.io.level_set import LevelSet, SetEntry


def looks_like_puzzles_json(obj: Any) -> bool:
    """Whether parsed JSON has the original game's layout (an object keyed by tiers, no ``format``)."""
    return isinstance(obj, dict) and "format" not in obj and bool(obj) and any(k in TIERS for k in obj)


def read_puzzles_json(text: str, name: str) -> LevelSet:
    """A set from the text of a ``puzzles.json`` file."""
    return set_from_puzzles(_json.loads(text, name), name)


def set_from_puzzles(obj: Any, name: str) -> LevelSet:
    """A set from the parsed ``puzzles.json`` object."""
    if not isinstance(obj, dict):
        raise FormatError(name, "expected the puzzles.json layout: an object with tutorial/easy/medium/hard/expert lists")
    for key in obj:
        if key not in TIERS:
            raise FormatError(name, f'unknown key "{key[:40]}" (expected {", ".join(TIERS)})')
    entries: list[SetEntry] = []
    closing: dict[str, str] = {}
    interludes: list[dict[str, Any]] = []
    for tier in TIERS:  # the game's order, whatever the order in the file
        records = obj.get(tier, [])
        if not isinstance(records, list):
            raise FormatError(name, f'"{tier}" must be a list of records')
        count = 0
        for i, rec in enumerate(records):
            where = within(name, f"{tier} record {i + 1}")
            if not isinstance(rec, dict) or "puzzle" not in rec:
                raise FormatError(where, 'expected an object with a "puzzle" key')
            if rec["puzzle"] is None:
                message = rec.get("message")
                if not isinstance(message, str):
                    raise FormatError(where, 'a record without a puzzle needs a "message" string')
                if i == len(records) - 1:
                    closing[tier] = message
                else:
                    interludes.append({"tier": tier, "before": count, "message": message})
                continue
            entries.append(SetEntry(level_from_object(rec, where), tier=tier))
            count += 1
    extra: dict[str, Any] = {"closing_messages": closing}
    if interludes:
        extra["interludes"] = interludes
    stem = PurePath(name).stem if name and not name.startswith("<") else ""
    return LevelSet(name=stem, entries=tuple(entries), extra=extra)

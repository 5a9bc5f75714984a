"""Export a set to the original Linjat web game's ``puzzles.json`` layout.

The layout (see ``../shared/corpus/README.md``): one object with ``tutorial``,
``easy``, ``medium``, ``hard`` and ``expert`` lists. Tutorial records hold
``puzzle`` rows and a ``message``; tier records hold ``puzzle``,
``classification`` (original key names: ``dep``, ``single-solution``...) and
``score``. Every list ends with a message-only record (``puzzle: null``), which
the game shows after the last level of that list; a list the set has no level
for is left out.

A level read from a puzzles.json carries its record's other fields in its
``extra`` (the original's ``classification`` and ``score``, ``file``, anything
else): they are written back as they were read, so a re-export of an unchanged
set is the same data field for field. The engine's figures fill only the
fields such a record lacks (the original's score is on its own scale).
"""

from __future__ import annotations

import json
import os
from typing import Any, Mapping

from linjat_editor.io.export_common import ORIGINAL_KEYS, ExportItem, export_items, write_atomic

TIERS = ("easy", "medium", "hard", "expert")

#: The closing records the game shows when a list is finished (our own words;
#: a set can carry its own in ``extra["closing_messages"]``).
DEFAULT_CLOSING = {
    "tutorial": "You are ready for the real puzzles now. They may need kinds of deduction the tutorial did not show.",
    **{tier: f"Well done: that was the last {tier} level in this set." for tier in TIERS},
}


def original_classification(cls: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """Our classification keys renamed to the original's (``dependency`` -> ``dep``...).

    >>> original_classification({"dependency": {"depth": 2, "max_width": 1}})
    {'dep': {'depth': 2, 'max_width': 1}}
    """
    out = {}
    for key, stats in cls.items():
        name = ORIGINAL_KEYS.get(key, key)
        out[name] = {"depth": int(stats["depth"]), "max_width": int(stats["max_width"])}
    return out


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else round(float(x), 2)


#: Keys the editor itself keeps in a level's ``extra``: not fields of a puzzles.json record.
EDITOR_KEYS = frozenset({"analysis", "playtests", "tier", "generator", "generated"})


def _record(item: ExportItem, tier: str) -> dict[str, Any]:
    rec: dict[str, Any] = {"puzzle": item.level.rows()}
    if tier == "tutorial" or item.message:
        rec["message"] = item.message
    kept = {k: v for k, v in item.level.extra.items() if k not in EDITOR_KEYS and k not in rec}
    if tier != "tutorial":
        if item.classification is not None and "classification" not in kept:
            rec["classification"] = original_classification(item.classification)
        if item.score is not None and "score" not in kept:
            rec["score"] = _number(item.score)
    rec.update(kept)  # the record's own fields, as read
    return rec


def puzzles_json_data(
    level_set: Any,
    closing: Mapping[str, str] | None = None,
    default_tier: str = "expert",
    analyse: bool = True,
) -> dict[str, list[dict[str, Any]]]:
    """The ``puzzles.json`` object for a set, levels kept in set order within each tier.

    Levels whose tier is none of the game's (``custom``) go to ``default_tier``;
    a tier without levels has no list.
    The message-only record ending each list comes from ``closing``, else the
    set's ``extra["closing_messages"]`` (kept when a puzzles.json was read),
    else a default; the set's ``extra["interludes"]`` are put back in place.
    """
    extra = getattr(level_set, "extra", None) or {}
    messages = {**DEFAULT_CLOSING, **dict(extra.get("closing_messages") or {}), **(closing or {})}
    lists: dict[str, list[dict[str, Any]]] = {t: [] for t in ("tutorial", *TIERS)}
    for item in export_items(level_set, analyse=analyse):
        tier = item.tier if item.tier in lists else default_tier
        lists[tier].append(_record(item, tier))
    # Interludes go in from the back so earlier insertions do not shift later positions.
    interludes = [i for i in extra.get("interludes") or () if isinstance(i, Mapping) and i.get("tier") in lists]
    for it in sorted(interludes, key=lambda i: -int(i.get("before", 0))):
        records = lists[it["tier"]]
        records.insert(min(int(it.get("before", 0)), len(records)), {"puzzle": None, "message": str(it["message"])})
    # A list without levels is left out: the game would offer an empty tier, closing on "the last level".
    lists = {tier: records for tier, records in lists.items() if any(r["puzzle"] is not None for r in records)}
    for tier, records in lists.items():
        records.append({"puzzle": None, "message": messages[tier]})
    return lists


def export_puzzles_json(
    level_set: Any,
    path: str | os.PathLike[str],
    *,
    closing: Mapping[str, str] | None = None,
    default_tier: str = "expert",
    analyse: bool = True,
    indent: int | None = 1,
) -> None:
    """Write ``level_set`` as the original game's ``puzzles.json`` to ``path`` (atomically).

    ``analyse=False`` uses the figures stored in the set instead of running
    the solver (faster; records without stored figures then have none).
    """
    data = puzzles_json_data(level_set, closing=closing, default_tier=default_tier, analyse=analyse)
    text = json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
    write_atomic(path, text.encode("utf-8"))

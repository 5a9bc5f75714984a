"""The playtest page: a set as one self-contained HTML file that testers play in a browser.

The page (template ``resources/playtest.html``: inline script and style, no
network) plays the set's levels in order with the game's rules and gives the
tester's results as a JSON file (read back by :mod:`.playtest_results`). It
carries each level's rows and tutorial message, never its solution: the page
checks a finished board by the rules alone. Each level goes by its content key,
so results find their level again wherever it has moved in the set.

>>> from linjat_editor.core.level import Level
>>> level_key(Level.from_rows(["    ", "    ", ".3. ", "    "]))
'4bc063d664ae8b38'
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib import resources
from typing import Any

from linjat_editor.core.level import Level
from linjat_editor.io.export_common import export_items, write_atomic

#: What a results file says it is, and the version this editor reads.
RESULTS_FORMAT = "linjat-playtests"
RESULTS_VERSION = 1

#: Where the page's data goes in the template.
_SLOT = "__LINJAT_DATA__"


def level_key(level: Level) -> str:
    """A short digest of the level's content (size, numbers, dots): the same board, the same key."""
    text = json.dumps([level.height, level.width, level.rows()], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def set_key(keys: list[str]) -> str:
    """The digest of a set's levels in order: which page the results came from."""
    return hashlib.sha256(",".join(keys).encode("ascii")).hexdigest()[:16]


def page_data(level_set: Any) -> dict[str, Any]:
    """What the page needs: per level its rows as numbers and dots, its message and key; no solution."""
    levels: list[dict[str, Any]] = []
    for item in export_items(level_set, analyse=False):
        lvl = item.level
        levels.append({
            "key": level_key(lvl),
            "height": lvl.height,
            "width": lvl.width,
            "numbers": [[n.row, n.col, n.value] for n in lvl.numbers],
            "dots": sorted([r, c] for r, c in lvl.dots),
            "message": item.message,
        })
    if not levels:
        raise ValueError("the set has no levels to playtest")
    keys = [str(lv["key"]) for lv in levels]
    name = str(getattr(level_set, "name", "") or "")
    return {
        "results_format": RESULTS_FORMAT,
        "results_version": RESULTS_VERSION,
        "set": {"name": name, "key": set_key(keys)},
        "levels": levels,
    }


def _template() -> str:
    return resources.files("linjat_editor").joinpath("resources", "playtest.html").read_text(encoding="utf-8")


def playtest_page_html(level_set: Any) -> str:
    """The page's HTML text for ``level_set``.

    The data sits in a ``<script type="application/json">``: ``<``, ``>``, ``&``
    and the two JavaScript line separators are escaped, so no name or message
    can end the script early.
    """
    data = json.dumps(page_data(level_set), ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        data = data.replace(raw, escaped)
    return _template().replace(_SLOT, data, 1)


def export_playtest_page(level_set: Any, path: str | os.PathLike[str]) -> None:
    """Write the playtest page for ``level_set`` to ``path`` (atomically)."""
    write_atomic(path, playtest_page_html(level_set).encode("utf-8"))

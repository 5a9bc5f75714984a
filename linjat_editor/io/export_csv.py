"""Export a set's analysis figures as CSV: one row per level, for spreadsheets.

Columns: position, name, tier, size, counts of numbers and dots, whether the
human-style solver solves it, the exact solution count, the selection score
(spec section 4), the score under the level's tier preset, the predicted solving time
(the set's adopted time model, else the shipped one: ``core/analysis/solve_time.py``), ``depth`` and
``max_width`` of every kind, and playtest figures (the set entry's playtests and the level's ``extra["playtests"]``).
"""

from __future__ import annotations

import csv
import io
import os
import statistics
from typing import Any, Mapping

from linjat_editor.io.export_common import ExportItem, export_items, write_atomic
from linjat_editor.io.level_set import median_seconds

KIND_KEYS = ("cover", "cant_fit", "square", "dependency", "one_of", "single_solution", "uncontested_no_cover", "all")

HEADER = (
    ["index", "name", "tier", "height", "width", "numbers", "dots", "solved", "solutions",
     "selection_score", "tier_score", "predicted_seconds"]
    + [f"{k}_{f}" for k in KIND_KEYS for f in ("depth", "max_width")]
    + ["playtests", "playtests_solved", "median_seconds", "median_moves", "puzzle"]
)


def tier_score(cls: Mapping[str, Mapping[str, int]], tier: str) -> float | None:
    """The level's score under its tier's weight preset (None for unknown tiers)."""
    from linjat_editor.core import PRESETS  # lazy: only needed when figures exist

    weights = PRESETS.get(tier)
    if weights is None:
        return None
    total = sum(cls.get(k, {}).get("depth", 0) * getattr(weights, k) for k in KIND_KEYS if k != "all")
    return float(total + cls.get("all", {}).get("max_width", 0) * weights.width)


def _playtest_figures(playtests: Any) -> list[Any]:
    tests = [t for t in playtests if isinstance(t, Mapping)]
    solved = [t for t in tests if t.get("solved")]
    median = median_seconds(tests)
    moves = [int(t["moves"]) for t in solved if "moves" in t]
    return [
        len(tests),
        len(solved),
        round(median, 1) if median is not None else "",
        statistics.median(moves) if moves else "",
    ]


def _row(i: int, item: ExportItem, model: Any) -> list[Any]:
    lvl = item.level
    cls = item.classification or {}
    row: list[Any] = [
        i + 1, item.name, item.tier, lvl.height, lvl.width, len(lvl.numbers), len(lvl.dots),
        "" if item.solved is None else int(item.solved),
        "" if item.count is None else item.count,
        "" if item.score is None else item.score,
    ]
    ts = tier_score(cls, item.tier) if cls else None
    row.append("" if ts is None else ts)
    seconds = model.time_for(item.layers or (), bool(item.solved))
    row.append("" if seconds is None else round(seconds, 1))
    for k in KIND_KEYS:
        stats = cls.get(k)
        row += [stats["depth"], stats["max_width"]] if stats else ["", ""]
    row += _playtest_figures(item.playtests)
    row.append("|".join(lvl.rows()))  # the text form, so a row identifies its level
    return row


def csv_text(level_set: Any, analyse: bool = True, exact: bool = True) -> str:
    """The CSV document for a set (header plus one row per level)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(HEADER)
    from linjat_editor.core.analysis.solve_time import model_of  # lazy: numpy only when figures are written

    model = model_of(getattr(level_set, "extra", None))
    for i, item in enumerate(export_items(level_set, analyse=analyse, exact=exact)):
        writer.writerow(_row(i, item, model))
    return buf.getvalue()


def export_csv(
    level_set: Any, path: str | os.PathLike[str], *, analyse: bool = True, exact: bool = True
) -> None:
    """Write the set's analysis figures to ``path`` as CSV (atomically).

    ``exact`` adds the exact solution count (capped at 2); ``analyse=False``
    uses only the figures stored in the set.
    """
    write_atomic(path, csv_text(level_set, analyse=analyse, exact=exact).encode("utf-8"))

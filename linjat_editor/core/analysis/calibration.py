"""Calibration data for the difficulty estimate: per tier, the sizes and selection scores of a corpus.

The estimate (:mod:`.tiers`) never uses hand-typed thresholds: it compares a
level with calibration data computed from real levels. The project ships one
computed from levels it generated itself (``linjat_editor/resources/
calibration.json``, made by ``benchmarks/calibration_recipe.py``); any level set can
be turned into another with :func:`compute_calibration` (``linjat calibrate``).

>>> from linjat_editor.core.level import Level
>>> cal = compute_calibration({"easy": [Level.from_rows(["    ", "    ", ".3. ", "    "])]}, source="demo")
>>> cal["tiers"]["easy"]["selection_scores"], cal["tiers"]["easy"]["numbers"], cal["source"]
([-1.0], [1], 'demo')
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..level import Level
from ..scoring import TIERS, selection_score
from ..solver import classify

#: Version of the calibration file layout.
FORMAT = 1
#: Where the shipped calibration lives (installed with the package).
SHIPPED = Path(__file__).resolve().parent.parent.parent / "resources" / "calibration.json"


def compute_calibration(
    levels_by_tier: Mapping[str, Iterable[Level]],
    source: str = "",
    metadata: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Calibration data from levels grouped by tier name.

    Per tier: ``count``, sorted ``selection_scores`` (spec section 4, from the
    engine's own classification), sorted ``numbers`` (count of numbers per
    level) and ``sizes`` (``[height, width, how many]``, most common first).
    Levels the solver cannot finish still count (their score is what it is).
    """
    tiers: dict[str, Any] = {}
    for name, levels in levels_by_tier.items():
        scores: list[float] = []
        numbers: list[int] = []
        sizes: dict[tuple[int, int], int] = {}
        for level in levels:
            scores.append(selection_score(classify(level)))
            numbers.append(len(level.numbers))
            sizes[level.size] = sizes.get(level.size, 0) + 1
        if not scores:
            continue
        tiers[name] = {
            "count": len(scores),
            "selection_scores": sorted(scores),
            "numbers": sorted(numbers),
            "sizes": [[h, w, k] for (h, w), k in sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0]))],
        }
    return {"format": FORMAT, "source": source, "metadata": dict(metadata or {}), "tiers": tiers}


def calibration_from_corpus(corpus: Mapping[str, Any], source: str = "published") -> dict[str, Any]:
    """Calibration from the published corpus's JSON (tier -> records with ``puzzle``)."""
    levels = {
        name: [Level.from_rows(rec["puzzle"]) for rec in corpus.get(name, []) if rec.get("puzzle") is not None]
        for name in TIERS
    }
    return compute_calibration(levels, source=source, metadata={"from": "the published Linjat levels"})


def check_calibration(data: Any) -> dict[str, Any]:
    """``data`` if it looks like calibration data, else ValueError with a one-line reason."""
    if not isinstance(data, dict) or not isinstance(data.get("tiers"), dict):
        raise ValueError("not calibration data (no 'tiers' object)")
    for name, tier in data["tiers"].items():
        if not isinstance(tier, dict) or not tier.get("selection_scores") or not tier.get("sizes"):
            raise ValueError(f"calibration tier {name!r} has no scores or sizes")
    return data


def load_calibration(path: str | Path) -> dict[str, Any]:
    """Read a calibration file written by :func:`save_calibration`."""
    with open(path, encoding="utf-8") as f:
        return check_calibration(json.load(f))


def save_calibration(data: Mapping[str, Any], path: str | Path) -> None:
    """Write calibration data as JSON."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


@lru_cache(maxsize=1)
def shipped_calibration() -> dict[str, Any]:
    """The calibration the project ships (computed from levels it generated)."""
    return load_calibration(SHIPPED)


def refreshed(data: Mapping[str, Any]) -> dict[str, Any]:
    """Recompute a generated calibration's figures from the levels stored in its metadata.

    For when the solver's classification changes: the levels stay, the scores follow.
    """
    meta = dict(data.get("metadata") or {})
    stored = meta.get("levels")
    if not isinstance(stored, dict):
        raise ValueError("this calibration does not store its levels")
    levels = {name: [Level.from_rows(rows) for rows in rows_list] for name, rows_list in stored.items()}
    return compute_calibration(levels, source=str(data.get("source", "")), metadata=meta)

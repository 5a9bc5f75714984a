"""What every export needs: the set's levels in order, with tier, name and figures.

The exports accept a ``LevelSet`` (``io/level_set.py``) but also any iterable of
levels or of entries that carry a ``.level``; this keeps them usable from the
CLI, the set panel and tests alike. Figures (classification, score) come from
the engine when it can run, else from what the entry already stores.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

from linjat_editor.core.level import Level
from linjat_editor.core.scoring import tier_of_size
from linjat_editor.io.atomic import atomic_write_bytes
from linjat_editor.io.level_set import SetEntry, playtests_of

#: The original game's tier order; a puzzles.json lists them in this order.
TIER_ORDER = ("tutorial", "easy", "medium", "hard", "expert")

#: Our classification keys (``Kind.key``) and the original game's spelling.
ORIGINAL_KEYS = {
    "cover": "cover",
    "cant_fit": "cant_fit",
    "square": "square",
    "dependency": "dep",
    "one_of": "one_of",
    "single_solution": "single-solution",
    "uncontested_no_cover": "uncontested-no-cover",
    "all": "all",
}


@dataclass(frozen=True)
class ExportItem:
    """One level as the exports see it."""

    level: Level
    tier: str
    name: str
    message: str
    classification: Mapping[str, Mapping[str, int]] | None = None  # our keys
    score: float | None = None  # selection score (spec section 4)
    solved: bool | None = None
    count: int | None = None  # exact solution count (capped at 2)
    playtests: tuple[Mapping[str, Any], ...] = ()
    layers: tuple[Any, ...] | None = None  # the solve's layers, (kind, width) each: what the time model reads


def _entries_of(level_set: Any) -> list[Any]:
    for attr in ("entries", "levels"):
        seq = getattr(level_set, attr, None)
        if seq is not None and not callable(seq):
            return list(seq)
    return list(level_set)


def guess_tier(level: Level, stated: str | None = None) -> str:
    """The entry's tier: as stated, else by grid size, else 'tutorial' for small grids."""
    if stated:
        return str(stated).lower()
    tier = level.extra.get("tier") if isinstance(level.extra, Mapping) else None
    if tier:
        return str(tier).lower()
    by_size = tier_of_size(level.height, level.width)
    if by_size:
        return by_size
    if level.message or max(level.height, level.width) <= 5:
        return "tutorial"
    return "custom"


_OUR_KEYS = {v: k for k, v in ORIGINAL_KEYS.items()}


def _as_float(x: Any) -> float | None:
    try:
        return None if x is None else float(x)
    except (TypeError, ValueError):
        return None


def _our_classification(cls: Any) -> dict[str, dict[str, int]] | None:
    """A stored classification with our key names (the original's ``dep`` etc. renamed; strings read as ints)."""
    if not isinstance(cls, Mapping):
        return None
    out: dict[str, dict[str, int]] = {}
    for key, stats in cls.items():
        if isinstance(stats, Mapping) and "depth" in stats:
            out[_OUR_KEYS.get(str(key), str(key))] = {"depth": int(stats["depth"]), "max_width": int(stats.get("max_width", 0))}
    return out or None


def _stored_figures(entry: Any, level: Level) -> tuple[Mapping[str, Any] | None, float | None, bool | None, int | None]:
    """Figures an entry or level already carries: a set entry's analysis (the editor's checks
    store solved and the exact count there too), or what reading a puzzles.json left in
    ``level.extra`` (the original's classification and score)."""
    for source in (getattr(entry, "analysis", None), level.extra.get("analysis"), level.extra):
        if isinstance(source, Mapping) and isinstance(source.get("classification"), Mapping):
            score = source.get("selection_score", source.get("score"))
            solved = source.get("solved")
            count = source.get("count")
            return (_our_classification(source["classification"]), _as_float(score),
                    solved if isinstance(solved, bool) else None,
                    count if isinstance(count, int) and not isinstance(count, bool) else None)
    return None, None, None, None


def analyse_level(level: Level, exact: bool = True) -> dict[str, Any]:
    """Run the engine on one level: classification, selection score, solved, count."""
    from linjat_editor.core import count_solutions, selection_score, solve

    result = solve(level, trace=True)
    out: dict[str, Any] = {
        "classification": result.classification.to_json(),
        "layers": [[layer.kind.key, layer.width] for layer in result.layers],
        "score": float(selection_score(result.classification)),
        "solved": bool(result.solved),
    }
    if exact:
        out["count"] = int(count_solutions(level, limit=2).count)
    return out


def export_items(level_set: Any, analyse: bool = True, exact: bool = False) -> list[ExportItem]:
    """The set's levels in order, each with tier, name, message and figures.

    ``analyse`` runs the engine on each level (stored figures are used when it
    is off); ``exact`` also counts solutions, which costs more on big grids.
    """
    items = []
    for i, entry in enumerate(_entries_of(level_set)):
        level = entry if isinstance(entry, Level) else entry.level
        name = getattr(entry, "name", "") or level.name or f"Level {i + 1}"
        message = getattr(entry, "message", "") or level.message
        tier = guess_tier(level, getattr(entry, "tier", None))
        cls, score, solved, count = _stored_figures(entry, level)
        stored = getattr(entry, "analysis", None) or {}
        layers = stored.get("layers") if isinstance(stored.get("layers"), list) else None
        if analyse:
            fig = analyse_level(level, exact=exact)
            cls, score, solved, count = fig["classification"], fig["score"], fig["solved"], fig.get("count")
            layers = fig["layers"]
        tests = tuple(playtests_of(entry if isinstance(entry, (Level, SetEntry)) else level))
        items.append(ExportItem(level, tier, name, message, cls, score, solved, count, tests,
                                tuple(layers) if layers is not None else None))
    return items


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (the io layer's rename-over-target save; ``-``: standard output)."""
    atomic_write_bytes(path, data)

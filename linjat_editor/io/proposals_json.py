"""The optimizer's proposals as a file: the level a run was for, and the levels its pool held.

The editor autosaves them beside the level (``gui/shell/recovery.py``), so that
an editor ended by the session (logout, ``kill``) or a crash offers them back
on the next start. Each proposal keeps its score and the solver's layers (per
kind: depth, widest layer), so the pool shows as it did without the engine::

    {"format": "linjat-proposals", "version": 1,
     "for": {<native level>},
     "proposals": [{"level": {<native level>}, "score": 231.0,
                    "layers": [[depth, width], ...]}, ...]}

``layers`` has a row for all kinds together, then one per kind in the
engine's order (:class:`~linjat_editor.core.kinds.Kind`).

>>> from linjat_editor.core.level import Level
>>> run = Level.from_rows([" 2 ", "   "])
>>> text = write_proposals_json(run, [Proposal(Level.from_rows([" 2.", "   "]), 3.0, ((1, 1),) * 8)])
>>> back = read_proposals_json(text, "p.json")
>>> back.run == run, back.proposals[0].score, len(back.proposals[0].layers)
(True, 3.0, 8)
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from linjat_editor.core.kinds import Kind
from linjat_editor.core.level import Level
from linjat_editor.io import _json
from linjat_editor.io.errors import FormatError
from linjat_editor.io.level_json import level_from_object, level_to_object

PROPOSALS_FORMAT = "linjat-proposals"
PROPOSALS_VERSION = 1
#: Rows of ``layers``: all kinds together, then one per kind.
LAYER_ROWS = len(Kind) + 1
#: More than a pool ever holds (ten in the search, ten by selection score), far fewer than a damaged file might list.
MOST_PROPOSALS = 100


class Proposal(NamedTuple):
    """One level of the pool: its score by the run's weights, and the solver's layers (depth, widest) per row."""

    level: Level
    score: float
    layers: tuple[tuple[int, int], ...]


class Proposals(NamedTuple):
    """A run's proposals: ``run``, the level the run was for; ``proposals``, best first."""

    run: Level
    proposals: tuple[Proposal, ...]


def write_proposals_json(run: Level, proposals: Sequence[Proposal]) -> str:
    return _json.dumps({
        "format": PROPOSALS_FORMAT, "version": PROPOSALS_VERSION, "for": level_to_object(run),
        "proposals": [{"level": level_to_object(p.level), "score": float(p.score),
                       "layers": [[int(d), int(w)] for d, w in p.layers]} for p in proposals],
    })


def read_proposals_json(text: str, name: str) -> Proposals:
    """The proposals in ``text``; a :class:`FormatError` naming ``name`` and the first problem otherwise."""
    obj = _json.loads(text, name)
    if not isinstance(obj, dict) or obj.get("format") != PROPOSALS_FORMAT:
        raise FormatError(name, f"not a proposals file (format {PROPOSALS_FORMAT!r} expected)")
    if obj.get("version") != PROPOSALS_VERSION:
        raise FormatError(name, f"proposals version {repr(obj.get('version'))[:20]} is not one this editor reads")
    run = _level(obj.get("for"), name, '"for"')
    items = obj.get("proposals")
    if not isinstance(items, list) or len(items) > MOST_PROPOSALS:
        raise FormatError(name, f'"proposals" should be a list of at most {MOST_PROPOSALS}')
    return Proposals(run, tuple(_proposal(item, name, f"proposal {i + 1}", run) for i, item in enumerate(items)))


def _level(obj: Any, name: str, where: str) -> Level:
    try:
        return level_from_object(obj, name)
    except FormatError as error:
        raise FormatError(name, f"{where}: {error.problem}") from None


def _proposal(item: Any, name: str, where: str, run: Level) -> Proposal:
    if not isinstance(item, dict):
        raise FormatError(name, f"{where} should be an object")
    level = _level(item.get("level"), name, where)
    if (level.height, level.width) != (run.height, run.width):
        raise FormatError(name, f"{where} is {level.height}x{level.width}, its run's level {run.height}x{run.width}")
    score = item.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        raise FormatError(name, f'{where}: "score" should be a number')
    layers = item.get("layers")
    if (not isinstance(layers, list) or len(layers) != LAYER_ROWS
            or not all(isinstance(row, list) and len(row) == 2 and all(_count(x) for x in row) for row in layers)):
        raise FormatError(name, f'{where}: "layers" should be {LAYER_ROWS} pairs of whole numbers (depth, widest layer)')
    return Proposal(level, float(score), tuple((row[0], row[1]) for row in layers))


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1_000_000

"""Board colours. Defaults are the Okabe-Ito palette, readable with the common colour-vision deficiencies.

Colours are never the only cue: the painter pairs each with a shape, a dash
pattern or a line width (see :mod:`linjat_editor.render.board`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class Theme:
    """Named colours as '#rrggbb' strings, so they round-trip through the settings JSON."""

    background: str = "#f7f5f0"
    cell: str = "#ffffff"
    grid: str = "#b8b4aa"
    number_fill: str = "#2b2b2b"
    number_text: str = "#ffffff"
    dot: str = "#2b2b2b"
    pin_ring: str = "#0072b2"  # blue ring marks a pinned dot (plus the ring shape itself)
    selection: str = "#0072b2"
    solution: str = "#56b4e9"  # sky blue bars
    step_done: str = "#009e73"  # bluish green: a line of the right length (solid, thick)
    step_short: str = "#d55e00"  # vermillion: a line still short (thin, with open end ticks)
    stuck: str = "#e69f00"  # orange hatching for cells deduction could not settle
    leak: str = "#cc79a7"  # reddish purple outline + cross-hatch for leak cells
    culprit: str = "#d55e00"  # vermillion thick outline + crosses: why the level has no solution

    def color(self, name: str) -> QColor:
        return QColor(getattr(self, name))

    def to_json(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Theme:
        """Build from settings, ignoring unknown keys and anything that is not a valid colour."""
        known = {f.name for f in fields(cls)}
        good = {k: v for k, v in (data or {}).items()
                if k in known and isinstance(v, str) and QColor.isValidColorName(v)}
        return cls(**good)

"""What the human-style solver measured: depth and widest layer, per kind and overall."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from .kinds import Kind


@dataclass(frozen=True)
class KindStats:
    """``depth``: how many layers; ``max_width``: the most numbers one layer advanced."""

    depth: int = 0
    max_width: int = 0

    def to_json(self) -> dict[str, int]:
        return {"depth": self.depth, "max_width": self.max_width}


@dataclass(frozen=True)
class Classification:
    """Per-kind statistics of one solve, and whether it finished.

    >>> c = Classification.from_table(np.array([[3, 2], [2, 2], [1, 1]] + [[0, 0]] * 5), solved=True)
    >>> c.all, c.of(Kind.COVER).depth
    (KindStats(depth=3, max_width=2), 2)
    """

    solved: bool = False
    all: KindStats = KindStats()
    kinds: Mapping[Kind, KindStats] = field(default_factory=dict)

    def of(self, kind: Kind) -> KindStats:
        return self.kinds.get(kind, KindStats())

    @property
    def uses_leaks(self) -> bool:
        return any(self.of(k).depth for k in Kind if k.is_leak)

    @classmethod
    def from_table(cls, table: np.ndarray, solved: bool) -> Classification:
        """From the kernel's table: row 0 overall, row k for kind k; columns depth, max width."""
        stats = {k: KindStats(int(table[k, 0]), int(table[k, 1])) for k in Kind}
        return cls(solved, KindStats(int(table[0, 0]), int(table[0, 1])), stats)

    def table(self) -> np.ndarray:
        """The kernel's table it came from (``from_table``'s): row 0 overall, row k for kind k."""
        table = np.zeros((len(Kind) + 1, 2), np.int64)
        table[0] = self.all.depth, self.all.max_width
        for k in Kind:
            table[k] = self.of(k).depth, self.of(k).max_width
        return table

    @classmethod
    def from_json(cls, data: Mapping[str, Any], solved: bool = True) -> Classification:
        """Reads ours or the original's JSON (numbers may be strings there)."""
        kinds = {}
        for key, value in data.items():
            if key == "all":
                continue
            kinds[Kind.from_key(key)] = KindStats(int(value["depth"]), int(value["max_width"]))
        a = data.get("all", {"depth": 0, "max_width": 0})
        return cls(solved, KindStats(int(a["depth"]), int(a["max_width"])), kinds)

    def to_json(self) -> dict[str, dict[str, int]]:
        out = {"all": self.all.to_json()}
        for kind in Kind:
            out[kind.key] = self.of(kind).to_json()
        return out

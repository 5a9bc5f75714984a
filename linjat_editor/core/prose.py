"""How the engine's sentences list things, for the techniques' lines and the analysis' words alike.

>>> join(["cover"]), join(["cover", "square"]), join(["cover", "square", "one of"])
('cover', 'cover and square', 'cover, square and one of')
"""

from __future__ import annotations

from typing import Sequence


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]

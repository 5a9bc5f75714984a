"""The preset names for ``--preset``, read from the engine only when argparse needs them.

Building the parser must stay cheap (``linjat --help`` loads neither numpy nor
numba); the names are looked up when an option is checked or its help shown.
Give such options a ``metavar``: without one, argparse lists the choices
while the parser is built.
"""

from __future__ import annotations

from typing import Iterator


class PresetNames:
    """A lazy ``choices`` container: the keys of :data:`linjat_editor.core.PRESETS`."""

    def _names(self) -> list[str]:
        from linjat_editor.core import PRESETS

        return list(PRESETS)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __len__(self) -> int:
        return len(self._names())


PRESET_NAMES = PresetNames()

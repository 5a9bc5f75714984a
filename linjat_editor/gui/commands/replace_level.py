"""Swap in a whole new level as one undo step.

Used for everything computed in one go: fill dots, fix leaks, adopt from the
optimizer, resize, clear dots, clear all, new random level. The text says which.
"""

from __future__ import annotations

from linjat_editor.core.level import Level
from linjat_editor.gui.commands.base import LevelCommand, LevelDocument


class ReplaceLevelCommand(LevelCommand):
    """Replace the document's level with ``level``; ``text`` names the action in the history."""

    def __init__(self, document: LevelDocument, level: Level, text: str) -> None:
        super().__init__(document, level, text)

"""Edit the level's metadata (name, author, notes, message) without touching the board."""

from __future__ import annotations

from typing import Any

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument


class SetMetaCommand(LevelCommand):
    """Level ▸ Properties: the fields that changed, as one undo step."""

    def __init__(self, document: LevelDocument, **fields: Any) -> None:
        level = document.level
        changed = {k: v for k, v in fields.items() if getattr(level, k) != v}
        names = ", ".join(changed) or "nothing"
        super().__init__(document, level.with_meta(**changed) if changed else level, f"Edit {names}")

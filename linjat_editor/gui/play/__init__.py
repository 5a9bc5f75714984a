"""Play mode: play a level like the original game and record playtests (see :class:`PlayPanel`)."""

from linjat_editor.gui.play.play_panel import PlayPanel, with_playtest
from linjat_editor.gui.play.play_state import Check, PlayState, Reach

__all__ = ["PlayPanel", "PlayState", "Reach", "Check", "with_playtest"]

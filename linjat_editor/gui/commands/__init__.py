"""One QUndoCommand class per kind of edit (of the level, and of a level set). Views push these; they never edit levels directly."""

from linjat_editor.gui.commands.base import LevelCommand, LevelDocument
from linjat_editor.gui.commands.change_set import ChangeSetCommand
from linjat_editor.gui.commands.clear_cell import ClearCellCommand
from linjat_editor.gui.commands.move_number import MoveNumberCommand
from linjat_editor.gui.commands.pin_dot import PinDotCommand
from linjat_editor.gui.commands.replace_level import ReplaceLevelCommand
from linjat_editor.gui.commands.set_meta import SetMetaCommand
from linjat_editor.gui.commands.set_number import SetNumberCommand
from linjat_editor.gui.commands.toggle_dot import ToggleDotCommand

__all__ = [
    "LevelCommand",
    "LevelDocument",
    "ChangeSetCommand",
    "ClearCellCommand",
    "MoveNumberCommand",
    "PinDotCommand",
    "ReplaceLevelCommand",
    "SetMetaCommand",
    "SetNumberCommand",
    "ToggleDotCommand",
]

"""Level sets in the editor: the set panel, its difficulty curve and checks (see :class:`SetPanel`)."""

from linjat_editor.gui.sets.set_checks import EntryCheck, check_level
from linjat_editor.gui.sets.set_ordering import ramp_order, roughness
from linjat_editor.gui.sets.set_panel import SetPanel

__all__ = ["SetPanel", "EntryCheck", "check_level", "ramp_order", "roughness"]

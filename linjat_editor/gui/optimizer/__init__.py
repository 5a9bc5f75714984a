"""The optimizer dock: ``core.Optimizer`` in a background thread, with a live plot and the pool."""

from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel
from linjat_editor.gui.optimizer.runner import OptimizerRunner

__all__ = ["OptimizerPanel", "OptimizerRunner"]

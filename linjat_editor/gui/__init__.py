"""The Qt editor window. Thin: it asks ``linjat_editor.core`` questions and draws the answers."""

# Importing the render package runs the PySide6 workaround every Qt user needs
# (see render/qt_guard.py) before any widget exists.
import linjat_editor.render  # noqa: F401

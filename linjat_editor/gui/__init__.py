"""The Qt editor window. Thin: it asks ``linjat_editor.core`` questions and draws the answers."""

# PySide6 6.12 on Python 3.11 leaks one reference to None per void call until the
# interpreter aborts ("none_dealloc"); the io package's guard fixes that. Run it
# before any Qt use so every editor entry point (app, tests) is covered.
from linjat_editor.io.export_sheet_qt import guard_none_refcount

guard_none_refcount()

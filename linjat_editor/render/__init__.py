"""Drawing: the one board painter and what is drawn with it (the editor's board, thumbnails, sheets).

QtGui only, never widgets: a headless run needs just the offscreen
``QGuiApplication`` that :func:`linjat_editor.render.app.ensure_app` makes.
Import the submodules (``render.board``, ``render.sheets``, ``render.export``);
this package itself loads nothing but the PySide6 workaround below.
"""

from linjat_editor.render.qt_guard import guard_none_refcount

# Before any Qt call from any entry point (editor, CLI export, tests).
guard_none_refcount()

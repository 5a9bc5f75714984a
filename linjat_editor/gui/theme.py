"""Board colours: defined beside the board painter (:mod:`linjat_editor.render.theme`)."""

from linjat_editor.render.theme import Theme

__all__ = ["Theme"]

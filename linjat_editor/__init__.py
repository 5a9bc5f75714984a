"""Linjat level editor: engine (``core``), file formats (``io``) and the editor (``gui``)."""

__version__ = "0.1.0"

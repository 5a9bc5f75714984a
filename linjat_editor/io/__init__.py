"""File formats: reading and writing levels and level sets. Pure Python, no Qt.

>>> from linjat_editor.io import levels_from_text
>>> [lvl.rows() for lvl in levels_from_text('[" 2", ". "]', "a.json")]
[[' 2', '. ']]

Every reader and writer raises :class:`FormatError`, whose text is one line
naming the file and the problem. See :mod:`linjat_editor.io.registry`.
"""

from linjat_editor.io.atomic import atomic_write_bytes, atomic_write_text
from linjat_editor.io.errors import FormatError
from linjat_editor.io.level_set import LevelSet, SetEntry, playtests_of
from linjat_editor.io.registry import (
    Format,
    FormatKind,
    format_for_path,
    formats,
    get_format,
    levels_from_text,
    parse_level_line,
    read_level,
    read_levels,
    read_set,
    read_source,
    source_lines,
    register,
    write_level,
    write_set,
)

__all__ = [
    "Format",
    "FormatError",
    "FormatKind",
    "LevelSet",
    "SetEntry",
    "atomic_write_bytes",
    "atomic_write_text",
    "format_for_path",
    "formats",
    "get_format",
    "levels_from_text",
    "parse_level_line",
    "playtests_of",
    "read_level",
    "read_levels",
    "read_set",
    "read_source",
    "source_lines",
    "register",
    "write_level",
    "write_set",
]

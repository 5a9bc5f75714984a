"""Where a save dialog starts and what a typed name becomes: shared by level, set and export dialogs.

A dialog opens in the folder used last (the most recent file's folder that
still exists), else the user's documents; a bare name gets the extension of
the format chosen in the dialog (not every platform's dialog adds it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import platformdirs


def last_folder(settings: Any) -> Path:
    """The folder of the most recently used file that still exists, else Documents (else home)."""
    for recent in settings.recent_files():
        folder = Path(recent).parent
        if folder.is_dir():
            return folder
    documents = Path(platformdirs.user_documents_dir())
    return documents if documents.is_dir() else Path.home()


def with_extension(path: str, extension: str) -> str:
    """``path`` with ``extension`` added when the name has none.

    >>> with_extension("/tmp/first", ".json"), with_extension("/tmp/first.txt", ".json")
    ('/tmp/first.json', '/tmp/first.txt')
    """
    return path + extension if extension and not Path(path).suffix else path


def safe_name(name: str, fallback: str) -> str:
    """A level or set name usable as a file name (no folder separators), or ``fallback``.

    >>> safe_name("medium 1/2", "level"), safe_name("  ", "level")
    ('medium 1-2', 'level')
    """
    cleaned = name.replace("/", "-").replace("\\", "-").strip()
    return cleaned or fallback

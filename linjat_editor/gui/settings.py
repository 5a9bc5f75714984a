"""Editor settings as one JSON file in the platform's config directory.

JSON (not QSettings) so the file is readable and tests can point it at a
temporary directory with ``LINJAT_EDITOR_CONFIG_DIR``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

APP = "linjat-editor"
MAX_RECENT = 10


def config_dir() -> Path:
    """Where settings live: ``$LINJAT_EDITOR_CONFIG_DIR`` or the platform's user config dir."""
    override = os.environ.get("LINJAT_EDITOR_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    """Where recovery files live: ``$LINJAT_EDITOR_DATA_DIR`` or the platform's user data dir."""
    override = os.environ.get("LINJAT_EDITOR_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP))


class Settings:
    """A small dict persisted as ``settings.json``. Unknown or broken files fall back to defaults."""

    DEFAULTS: dict[str, Any] = {
        "geometry": "",  # base64 of QMainWindow.saveGeometry()
        "state": "",  # base64 of QMainWindow.saveState()
        "recent": [],
        "preset": "auto",  # by board size, the rule generate uses too
        "tier": "easy",
        "colours": {},
        "show_solution": False,
        "welcomed": False,  # the starter set opens on the first start only
    }

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_dir()) / "settings.json"
        self.data: dict[str, Any] = dict(self.DEFAULTS)
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                self.data.update(loaded)
        except (OSError, ValueError):
            pass  # first run, or a damaged file: defaults are fine

    def get(self, key: str) -> Any:
        return self.data.get(key, self.DEFAULTS.get(key))

    def set(self, key: str, value: Any) -> None:
        self.data[key] = value

    def recent_files(self) -> list[str]:
        value = self.get("recent")
        return [str(p) for p in value if isinstance(p, str)] if isinstance(value, list) else []

    def add_recent(self, path: str | Path) -> list[str]:
        """Put ``path`` first in the recent list (no duplicates, at most MAX_RECENT)."""
        p = str(Path(path).resolve())
        recent = [p] + [r for r in self.recent_files() if r != p]
        self.set("recent", recent[:MAX_RECENT])
        return self.recent_files()

    def save(self) -> None:
        """Write atomically so a crash never leaves half a settings file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".settings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(self.data, f, indent=2)
        os.replace(tmp, self.path)

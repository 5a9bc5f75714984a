"""Editor settings as one JSON file in the platform's config directory.

JSON (not QSettings) so the file is readable and tests can point it at a
temporary directory with ``LINJAT_EDITOR_CONFIG_DIR``.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from linjat_editor.gui.shell.set_aside import set_aside

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


def _problem(loaded: Any, defaults: dict[str, Any]) -> str | None:
    """Why ``loaded`` is not a settings object we can use, or None.

    Every known key must hold the JSON type of its default; unknown keys are
    kept (a newer version may have written them).
    """
    if not isinstance(loaded, dict):
        return "not a JSON object"
    for key, default in defaults.items():
        if key in loaded and type(loaded[key]) is not type(default):
            return f'"{key}" should be {_kind(default)}, not {_kind(loaded[key])}'
    return None


def _kind(value: Any) -> str:
    """The JSON kind of a value, as a message names it."""
    kinds = {str: "text", bool: "true or false", list: "a list", dict: "an object", int: "a number",
             float: "a number", type(None): "null"}
    return kinds.get(type(value), type(value).__name__)


@dataclass
class Preferences:
    """What the editor remembers between starts, by name and type (the JSON file's keys)."""

    geometry: str = ""  # base64 of QMainWindow.saveGeometry()
    state: str = ""  # base64 of QMainWindow.saveState()
    recent: list[str] = field(default_factory=list)
    preset: str = "auto"  # by board size, the rule generate uses too
    tier: str = "easy"
    colours: dict[str, Any] = field(default_factory=dict)
    show_solution: bool = False
    welcomed: bool = False  # the starter set opens on the first start only


class Settings(Preferences):
    """The preferences persisted as ``settings.json``. A damaged file is set aside and defaults are used.

    Keys this version does not know are kept in ``unknown`` and written back (a newer version may have written them).
    """

    #: The JSON of the defaults: a file's value for a known key must be of the same JSON kind.
    DEFAULTS: dict[str, Any] = asdict(Preferences())

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__()
        self.path = (directory or config_dir()) / "settings.json"
        self.unknown: dict[str, Any] = {}
        #: A problem with the file to tell the user once (None when all is well).
        self.notice: str | None = None
        self._load()

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), **self.unknown}

    def _load(self) -> None:
        """Read the file; a damaged one is set aside so the next start does not trip on it again."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return  # the first start
        except UnicodeDecodeError:
            self.notice = set_aside(self.path, "not UTF-8 text") + " The editor uses its default settings."
            return
        except OSError as exc:  # a folder where the file should be, no permission...
            self.notice = f"Cannot read {self.path} ({exc.strerror or exc}); the editor uses its default settings."
            return
        problem: str | None
        try:
            loaded = json.loads(text)
        except (ValueError, RecursionError):
            loaded, problem = None, "not valid JSON"
        else:
            problem = _problem(loaded, self.DEFAULTS)
        if problem is None:
            for key, value in loaded.items():
                if key in self.DEFAULTS:
                    setattr(self, key, value)
                else:
                    self.unknown[key] = value
        else:
            self.notice = set_aside(self.path, problem) + " The editor uses its default settings."

    def recent_files(self) -> list[str]:
        return [str(p) for p in self.recent if isinstance(p, str)]

    def add_recent(self, path: str | Path) -> list[str]:
        """Put ``path`` first in the recent list (no duplicates, at most MAX_RECENT)."""
        p = str(Path(path).resolve())
        recent = [p] + [r for r in self.recent_files() if r != p]
        self.recent = recent[:MAX_RECENT]
        return self.recent_files()

    def save(self) -> None:
        """Write atomically so a crash never leaves half a settings file."""
        from linjat_editor.io.atomic import atomic_write_text  # the one save every file uses

        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(self.to_json(), indent=2))

"""Shared test fixtures: the published reference corpus, and Qt set up for a headless run."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest

from linjat_editor.core.level import Level

# Tests must run without a display, and pytest-qt must pick PySide6 even if
# another binding happens to be installed (pyproject also sets qt_api).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYTEST_QT_API", "pyside6")

#: The corpus lives beside the repository, never inside it (see its README).
CORPUS_PATH = Path(
    os.environ.get("LINJAT_CORPUS")
    or Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "linjat-published.json"
)


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    """Where the published corpus file is (skips the test if it is absent)."""
    if not CORPUS_PATH.is_file():
        pytest.skip(f"published corpus not found at {CORPUS_PATH} (set LINJAT_CORPUS to its path)")
    return CORPUS_PATH


@pytest.fixture(scope="session")
def corpus(corpus_path: Path) -> dict[str, Any]:
    """The published corpus as loaded from JSON: tier name -> list of records."""
    with open(corpus_path, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def corpus_levels(corpus: dict[str, Any]) -> Callable[[str], list[Level]]:
    """A function ``corpus_levels(tier)`` giving that tier's levels (message-only entries skipped)."""

    def levels(tier: str) -> list[Level]:
        return [
            Level.from_rows(rec["puzzle"], message=rec.get("message") or "")
            for rec in corpus[tier]
            if rec.get("puzzle") is not None
        ]

    return levels

"""Fixtures for the export tests: small sets built from the published corpus (``corpus`` is in tests/conftest.py)."""

from __future__ import annotations

import pytest

from linjat_editor.core.level import Level


@pytest.fixture
def small_set(corpus: dict) -> list[Level]:
    """Two tutorial levels with messages, then two levels of each tier, in that order."""
    levels = [Level.from_rows(e["puzzle"], message=e["message"]) for e in corpus["tutorial"] if e["puzzle"]][:2]
    for tier in ("easy", "medium", "hard", "expert"):
        recs = [e for e in corpus[tier] if e["puzzle"]][:2]
        levels += [Level.from_rows(e["puzzle"], name=f"{tier} {i + 1}") for i, e in enumerate(recs)]
    return levels

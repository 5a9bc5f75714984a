"""The starter set: a unique tutorial level with a message, then each tier as a rising ramp."""

from __future__ import annotations

from linjat_editor import core
from linjat_editor.batch.starter import tutorial_level, write_starter_set
from linjat_editor.io.registry import read_set


def test_tutorial_level():
    t = tutorial_level(seed=1)
    assert t.size == (4, 4) and t.message and t.dots
    assert core.count_solutions(t).count == 1 and core.solve(t).solved


def test_starter_set_file(tmp_path):
    path = tmp_path / "starter.json"
    write_starter_set(path, per_tier=1, iterations=100, workers=2, seed=3)
    s = read_set(path)
    assert [e.tier for e in s] == ["tutorial", "easy", "medium", "hard", "expert"]
    assert s[0].level.message
    for e in s:
        assert core.count_solutions(e.level).count == 1

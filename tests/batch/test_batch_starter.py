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


def test_the_shipped_starter_set_keeps_the_canon():
    # What a new user opens first: no 1s, and each tier's levels within its technique rule.
    from pathlib import Path

    import linjat_editor

    shipped = read_set(Path(linjat_editor.__file__).parent / "resources" / "starter-set.json")
    assert len(shipped) == 13
    for e in shipped:
        assert min(n.value for n in e.level.numbers) >= 2, e.level.name
        if e.tier in core.TIERS:
            c = core.classify(e.level)
            assert core.TIERS[e.tier].rule.met_by(c), (e.level.name, core.TIERS[e.tier].rule.broken_by(c))

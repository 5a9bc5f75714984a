"""The engine's kernel families: what a command needs, in a safe order, and what a first start must compile."""

from __future__ import annotations

from linjat_editor.core.ready import warmup
from linjat_editor.core.jit import cache


def test_a_family_comes_after_everything_it_calls():
    seen: set[str] = set()
    for family in warmup.FAMILIES:
        assert set(family.needs) <= seen, family.name
        seen.add(family.name)


def test_a_command_prepares_what_it_runs_and_what_that_calls():
    names = [f.name for f in warmup.with_needs(["analysis"])]
    assert names == ["board", "rules", "count", "harder rules", "solver", "sound", "leaks", "analysis"]
    assert "optimizer" not in names and "fill" not in names


def test_only_families_not_compiled_by_this_numba_are_cold(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "SHIPPED", tmp_path / "no-app")
    cache.user_folder.cache_clear()
    try:
        assert [f.name for f in warmup.cold(["solver"])] == ["board", "rules", "count", "harder rules", "solver"]
        for name in ("board", "rules", "count"):
            cache.mark_ready(name)
        assert [f.name for f in warmup.cold(["solver"])] == ["harder rules", "solver"]
        assert not warmup.compiled(["solver"]) and warmup.compiled(["count"])
    finally:
        cache.user_folder.cache_clear()


def test_progress_says_what_is_ready_how_far_and_how_long():
    progress = warmup.Progress(done=5, total=11, ready="solver", elapsed=12.0, remaining=19.6)
    assert progress.text() == "preparing the engine: the solver ready (5 of 11), about 20 s left"
    assert warmup.Progress(11, 11, "optimizer", 40.0, 0.0).text() == "preparing the engine: the optimizer ready (11 of 11)"
    assert warmup.Progress(1, 11, "board", 0.1, None).text() == "preparing the engine: the board ready (1 of 11)"

"""puzzles.json export: the original game's layout, read back level by level."""

from __future__ import annotations

import json

from linjat_editor.core.level import Level
from linjat_editor.io.export_puzzles_json import export_puzzles_json, original_classification

from .conftest import need_engine

ORIGINAL_NAMES = {"cover", "cant_fit", "square", "dep", "one_of", "single-solution", "uncontested-no-cover", "all"}


def read_back(path) -> dict[str, list[Level]]:
    """Levels per list, through the io reader when it exists, else plain JSON."""
    try:
        from linjat_editor.io import puzzles_json as reader  # the io engineer's reader
    except ImportError:
        reader = None
    data = json.loads(path.read_text())
    if reader is not None and hasattr(reader, "read_puzzles_json"):
        reader.read_puzzles_json(path)  # must at least accept our file
    return {k: [Level.from_rows(r["puzzle"]) for r in v if r["puzzle"]] for k, v in data.items()}


def test_layout_without_engine(tmp_path, small_set):
    out = tmp_path / "puzzles.json"
    export_puzzles_json(small_set, out, analyse=False)
    data = json.loads(out.read_text())
    assert list(data) == ["tutorial", "easy", "medium", "hard", "expert"]
    for name, records in data.items():
        assert records[-1]["puzzle"] is None and records[-1]["message"], name
        assert all(r["puzzle"] for r in records[:-1]), name
    assert [r["message"] for r in data["tutorial"][:-1]] == [lv.message for lv in small_set[:2]]
    assert [r["puzzle"] for r in data["hard"][:-1]] == [lv.rows() for lv in small_set[6:8]]
    assert len(data["expert"]) == 3


def test_custom_tier_goes_to_default(tmp_path):
    odd = Level.from_rows(["2 .", "   ", "   "])  # 3x3: neither a tier size nor a tutorial message
    big = Level.from_rows(["2 .    "] * 7)
    out = tmp_path / "p.json"
    export_puzzles_json([big], out, analyse=False, default_tier="medium")
    assert json.loads(out.read_text())["medium"][0]["puzzle"] == big.rows()
    export_puzzles_json([odd], out, analyse=False)
    assert json.loads(out.read_text())["tutorial"][0]["puzzle"] == odd.rows()


def test_original_key_names():
    ours = {k: {"depth": 1, "max_width": 2} for k in
            ("cover", "cant_fit", "square", "dependency", "one_of", "single_solution", "uncontested_no_cover", "all")}
    assert set(original_classification(ours)) == ORIGINAL_NAMES


def test_exported_levels_are_unique_and_classified(tmp_path, small_set):
    core = need_engine()
    out = tmp_path / "puzzles.json"
    export_puzzles_json(small_set, out)
    data = json.loads(out.read_text())
    levels = read_back(out)
    tier_levels = [lv for k in ("easy", "medium", "hard", "expert") for lv in levels[k]]
    assert len(tier_levels) == 8
    for lv in tier_levels:
        assert core.count_solutions(lv).count == 1, lv.rows()
    for tier in ("easy", "medium", "hard", "expert"):
        for rec in data[tier][:-1]:
            assert set(rec["classification"]) <= ORIGINAL_NAMES
            assert rec["classification"]["all"]["depth"] > 0
            assert isinstance(rec["score"], (int, float))

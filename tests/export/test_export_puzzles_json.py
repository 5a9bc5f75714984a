"""puzzles.json export: the original game's layout, read back level by level."""

from __future__ import annotations

import json

from linjat_editor.core.level import Level
from linjat_editor.io.export_puzzles_json import export_puzzles_json, original_classification
from linjat_editor.io.level_set import LevelSet
from linjat_editor.io.puzzles_json import read_puzzles_json

from linjat_editor import core

ORIGINAL_NAMES = {"cover", "cant_fit", "square", "dep", "one_of", "single-solution", "uncontested-no-cover", "all"}


def read_back(path) -> dict[str, list[Level]]:
    """Levels per list, read with the io layer's puzzles.json reader."""
    level_set = read_puzzles_json(path.read_text(), str(path))
    return {t: [e.level for e in level_set.of_tier(t)] for t in ("tutorial", "easy", "medium", "hard", "expert")}


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


def test_round_trip_through_the_reader(tmp_path, corpus):
    """The published file read as a set and exported again keeps levels, figures and messages, as they were written."""
    original = tmp_path / "orig.json"
    original.write_text(json.dumps(corpus))
    level_set = read_puzzles_json(original.read_text(), str(original))
    out = tmp_path / "again.json"
    export_puzzles_json(level_set, out, analyse=False)
    again = json.loads(out.read_text())
    for tier in ("tutorial", "easy", "medium", "hard", "expert"):
        assert [r["puzzle"] for r in again[tier]] == [r["puzzle"] for r in corpus[tier]], tier
        assert [r.get("message") for r in again[tier] if r["puzzle"] is None] == \
            [r.get("message") for r in corpus[tier] if r["puzzle"] is None]
    first = next(r for r in corpus["expert"] if r["puzzle"])
    assert again["expert"][0]["score"] == first["score"]  # "184" stays a string: the data is not rewritten
    assert again["expert"][0]["classification"] == first["classification"]
    assert again["expert"][0]["file"] == first["file"]


def test_level_set_entries(tmp_path, small_set):
    s = LevelSet(name="x")
    for lv in small_set[2:4]:
        s = s.add(lv, tier="medium")
    out = tmp_path / "p.json"
    export_puzzles_json(s, out, analyse=False, closing={"medium": "Bye"})
    data = json.loads(out.read_text())
    assert len(data["medium"]) == 3 and data["medium"][-1] == {"puzzle": None, "message": "Bye"}
    assert len(read_back(out)["medium"]) == 2


def test_whole_published_set_exports_unique_levels(tmp_path, corpus):
    """All 396 published tier levels, analysed by our engine, exported and read back: each unique."""
    src = tmp_path / "orig.json"
    src.write_text(json.dumps(corpus))
    out = tmp_path / "puzzles.json"
    export_puzzles_json(read_puzzles_json(src.read_text(), str(src)), out)
    levels = read_back(out)
    assert [len(levels[t]) for t in ("easy", "medium", "hard", "expert")] == [99, 99, 99, 99]
    for tier in ("easy", "medium", "hard", "expert"):
        for lv in levels[tier]:
            assert core.count_solutions(lv).count == 1, (tier, lv.rows())
    data = json.loads(out.read_text())
    assert all(set(r["classification"]) <= ORIGINAL_NAMES for t in ("easy", "expert") for r in data[t][:-1])

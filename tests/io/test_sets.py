"""Level sets: edits return new sets, the set file round-trips, the published corpus reads."""

from __future__ import annotations

import json

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, SetEntry, read_set, write_set

A = Level.from_rows(["  3 .", ". 2  "]).with_meta(name="A")
B = Level.from_rows(["2.", "  "]).with_meta(name="B", message="Try this")
C = Level.from_rows(["4..."]).with_meta(name="C")


def names(s: LevelSet) -> list[str]:
    return [e.level.name for e in s]


@pytest.fixture
def abc() -> LevelSet:
    return LevelSet(name="demo").add(A, tier="easy").add(B, tier="tutorial", tags=("intro",)).add(C)


def test_edits_return_new_sets(abc):
    assert names(abc) == ["A", "B", "C"]
    assert names(abc.remove(1)) == ["A", "C"]
    assert names(abc.move(0, 2)) == ["B", "C", "A"]
    assert names(abc.move(2, 0)) == ["C", "A", "B"]
    assert names(abc.duplicate(1)) == ["A", "B", "B", "C"]
    assert names(abc.add(C, index=0)) == ["C", "A", "B", "C"]
    assert names(abc.reordered([2, 0, 1])) == ["C", "A", "B"]
    assert names(abc) == ["A", "B", "C"]  # the original is untouched
    assert abc.with_meta(name="x").name == "x" and abc.name == "demo"


def test_replace_keeps_entry_fields_for_a_bare_level(abc):
    s = abc.replace(1, C)
    assert s[1].level is C and s[1].tier == "tutorial" and s[1].tags == ("intro",)
    s = abc.replace(1, SetEntry(C, tier="hard"))
    assert s[1].tier == "hard" and s[1].tags == ()


def test_bad_indices_raise(abc):
    for edit in (lambda: abc.remove(3), lambda: abc.move(0, 3), lambda: abc.duplicate(-1), lambda: abc.add(A, index=9)):
        with pytest.raises(IndexError):
            edit()
    with pytest.raises(ValueError):
        abc.reordered([0, 0, 1])


def test_entries_are_immutable_values(abc):
    entry = abc[0].with_playtest({"seconds": 40})
    assert entry.playtests == ({"seconds": 40},) and abc[0].playtests == ()
    assert LevelSet(entries=[abc[0]]) == LevelSet(entries=(abc[0],))
    with pytest.raises(AttributeError):
        abc.name = "x"  # type: ignore[misc]
    assert [e.level for e in abc.of_tier("easy")] == [A]


def test_set_file_round_trip(tmp_path, abc):
    s = abc.replace(0, abc[0].with_meta(analysis={"score": 12, "classification": {"all": {"depth": 3, "max_width": 1}}}))
    s = s.replace(2, s[2].with_playtest({"seconds": 93.5, "moves": 14, "solved": True}))
    s = s.with_meta(author="Ann", notes="first draft", extra={"curve": "smooth"})
    s = s.replace(1, s[1].with_level(s[1].level.with_dot(0, 1, pinned=True)))
    path = tmp_path / "set.json"
    write_set(s, path)
    back = read_set(path)
    assert back == s
    assert back[1].level.pinned == {(0, 1)} and back[2].playtests[0]["moves"] == 14
    data = json.loads(path.read_text())
    assert data["format"] == "linjat-set" and data["version"] == 1
    assert data["levels"][1]["tier"] == "tutorial" and data["levels"][1]["format"] == "linjat-level"


def test_set_entries_are_cut_out_level_files(tmp_path, abc):
    # Each entry in a set file is a complete level object: extra entry keys are not level metadata.
    from linjat_editor.io.level_json import level_from_object

    write_set(abc, tmp_path / "s.json")
    entry = json.loads((tmp_path / "s.json").read_text())["levels"][1]
    assert level_from_object(entry, "e", ignore=("tier", "tags", "analysis", "playtests")) == B


def test_published_corpus_reads_as_a_set(corpus_path, corpus):
    s = read_set(corpus_path)
    assert s.name == "linjat-published"
    assert [len(s.of_tier(t)) for t in ("tutorial", "easy", "medium", "hard", "expert")] == [3, 99, 99, 99, 99]
    assert len(s) == 3 + 4 * 99
    sizes = {t: {e.level.size for e in s.of_tier(t)} for t in ("tutorial", "easy", "medium", "hard", "expert")}
    assert sizes == {"tutorial": {(4, 4)}, "easy": {(9, 6)}, "medium": {(10, 7)}, "hard": {(11, 8)}, "expert": {(13, 9)}}
    # Tutorial messages stay on their levels; the closing message-only records on the set.
    assert [e.level.message for e in s.of_tier("tutorial")] == [r["message"] for r in corpus["tutorial"][:3]]
    assert s.extra["closing_messages"]["easy"] == corpus["easy"][-1]["message"]
    # The original's figures ride along untouched (some are strings in the file).
    first = s.of_tier("easy")[0].level
    assert first.rows() == corpus["easy"][0]["puzzle"] and first.extra["score"] == corpus["easy"][0]["score"]


def test_corpus_survives_a_native_round_trip(tmp_path, corpus_path):
    s = read_set(corpus_path)
    write_set(s, tmp_path / "all.json")
    assert read_set(tmp_path / "all.json") == s


def test_corpus_levels_helper(corpus_levels):
    assert len(corpus_levels("tutorial")) == 3 and all(lv.message for lv in corpus_levels("tutorial"))
    assert len(corpus_levels("expert")) == 99


def test_interludes_are_kept(tmp_path):
    data = {"easy": [{"puzzle": ["2."]}, {"puzzle": None, "message": "halfway"}, {"puzzle": [".2"]}, {"puzzle": None, "message": "end"}]}
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(data))
    s = read_set(path)
    assert len(s) == 2 and s.extra["closing_messages"] == {"easy": "end"}
    assert s.extra["interludes"] == [{"tier": "easy", "before": 1, "message": "halfway"}]


def test_entries_copy_what_they_are_given():
    analysis = {"score": 1}
    entry = SetEntry(A, analysis=analysis)
    analysis["score"] = 99
    assert entry.analysis == {"score": 1}
    assert LevelSet().add(entry, tier="hard")[0].tier == "hard"

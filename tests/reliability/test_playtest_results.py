"""Results files from the playtest page: bad, foreign or hostile ones are refused in one line and change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from linjat_editor.cli import main
from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, read_set, write_set
from linjat_editor.io.playtest_page import RESULTS_FORMAT, level_key, page_data
from linjat_editor.io.playtest_results import merge_results, results_from_text

LEVELS = [Level.from_rows(["    ", "    ", ".3. ", "    "]), Level.from_rows([" 2", ". "]), Level.from_rows(["3..", "   "])]


def results(the_set: LevelSet, **change: Any) -> dict[str, Any]:
    """What the page gives for ``the_set``, every level solved."""
    data = page_data(the_set)
    levels = [{"key": lv["key"], "index": i, "seconds": 10.0 + i, "solved": True, "gave_up": False, "resets": 0, "moves": 1,
               "events": [{"t": 900, "n": 0, "line": [0, 0, 0, 1]}]} for i, lv in enumerate(data["levels"])]
    out = {"format": RESULTS_FORMAT, "version": 1, "session": "0123456789abcdef", "set": data["set"], "tester": "Bo",
           "started": "2026-11-27T23:00:00.000Z", "levels": levels}
    out.update(change)
    return out


@pytest.fixture
def the_set(tmp_path: Path) -> Path:
    path = tmp_path / "set.json"
    write_set(LevelSet(name="mine", entries=()).add(LEVELS[0]).add(LEVELS[1]).add(LEVELS[2]), path)
    return path


def big_moves(d: dict) -> dict:
    d["levels"][0]["events"] = [{"t": 1, "n": 0, "line": [0, 0, 0, 1]}] * 250_000
    return d


def script_name(d: dict) -> dict:
    d["tester"] = "<script>alert(1)</script>"
    return d


def other_set(d: dict) -> dict:
    for lv in d["levels"]:
        lv["key"] = "f" * 16
    return d


def too_many_events(d: dict) -> dict:
    d["levels"][0]["events"] = [{"t": 1, "n": 0, "line": None}] * 2001
    return d


def negative_time(d: dict) -> dict:
    d["levels"][1]["seconds"] = -3
    return d


def twice(d: dict) -> dict:
    d["levels"][1]["key"] = d["levels"][0]["key"]
    return d


HOSTILE: dict[str, tuple[Callable[[str], str], str]] = {
    "malformed": (lambda text: text.replace('"levels"', '"levels" "'), "not valid JSON"),
    "truncated": (lambda text: text[: len(text) // 2], "ends too early"),
    "not results": (lambda text: json.dumps({"format": "linjat-set"}), "not playtest results"),
    "a script as the name": (lambda text: json.dumps(script_name(json.loads(text))), "markup or control characters"),
    "10 MB of moves": (lambda text: json.dumps(big_moves(json.loads(text))), "too large for playtest results (10.0 MB"),
    "too many events": (lambda text: json.dumps(too_many_events(json.loads(text))), "at most 2,000 line changes"),
    "from another set": (lambda text: json.dumps(other_set(json.loads(text))), "from another set"),
    "a negative time": (lambda text: json.dumps(negative_time(json.loads(text))), '"seconds" must be a time'),
    "a level twice": (lambda text: json.dumps(twice(json.loads(text))), "the same level twice"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_results_refused_in_one_line(case: str, the_set: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    spoil, says = HOSTILE[case]
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(results(read_set(the_set))))
    bad.write_text(spoil(good.read_text()))
    before = the_set.read_bytes()
    capsys.readouterr()
    assert main(["playtests", "import", str(good), str(bad), "--into", str(the_set)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("linjat: error: ") and says in err, err
    assert "bad.json" in err and "Traceback" not in err
    assert the_set.read_bytes() == before  # the good file beside it was not merged either


def test_a_changed_level_is_reported_not_mixed(the_set: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page_set = read_set(the_set)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(results(page_set)))
    write_set(page_set.replace(1, Level.from_rows([" 2", "  ", ". "])).move(0, 2), the_set)  # level 2 edited, level 1 moved
    capsys.readouterr()
    assert main(["playtests", "import", str(path), "--into", str(the_set)]) == 0
    err = capsys.readouterr().err
    assert "level 2 of the page has changed since the page was made" in err
    assert "2 playtests added to 2 levels" in err
    merged = read_set(the_set)
    assert [len(e.playtests) for e in merged] == [0, 1, 1]
    assert [e.playtests[0]["seconds"] for e in merged.entries[1:]] == [12.0, 10.0]  # level 3, then level 1: by content


def test_merge_keeps_sessions_apart_and_skips_one_seen() -> None:
    the_set = LevelSet().add(LEVELS[0]).add(LEVELS[1])
    one = results_from_text(json.dumps(results(the_set)), "a.json")
    two = results_from_text(json.dumps(results(the_set, session="fedcba9876543210", tester="Cy")), "b.json")
    merged = merge_results(the_set, [one, two, one])
    assert (merged.added, merged.already) == (4, 2)
    assert [[p["tester"] for p in e.playtests] for e in merged.level_set] == [["Bo", "Cy"], ["Bo", "Cy"]]
    assert merged.level_set[0].playtests[0]["events"] == [[900, 0, 0, 0, 0, 1]]
    assert level_key(merged.level_set[1].level) == one.levels[1].key


def _mutations() -> Any:
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6)
    return st.lists(st.tuples(st.sampled_from(["format", "version", "session", "set", "tester", "started", "levels",
                                               "key", "index", "seconds", "solved", "resets", "moves", "events"]),
                              scalars | st.lists(scalars, max_size=3) | st.dictionaries(st.text(max_size=4), scalars, max_size=3)),
                    max_size=3)


def test_fuzzed_results_are_read_or_refused_in_one_line() -> None:
    from hypothesis import HealthCheck, given, settings

    from linjat_editor.io.errors import FormatError

    base = results(LevelSet().add(LEVELS[0]).add(LEVELS[1]))

    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(_mutations())
    def check(changes: list[tuple[str, Any]]) -> None:
        data = json.loads(json.dumps(base))
        for key, value in changes:
            first = data["levels"][0] if isinstance(data["levels"], list) and data["levels"] else None
            if key in data or not isinstance(first, dict):
                data[key] = value
            else:
                first[key] = value
        try:
            read = results_from_text(json.dumps(data), "r.json")
        except FormatError as error:
            assert "\n" not in str(error) and str(error).startswith("r.json")
            return
        assert read.session == data["session"] and len(read.levels) == len(data["levels"])
        assert all(isinstance(lv.seconds, float) and lv.seconds >= 0 for lv in read.levels)

    check()


def test_a_puzzles_json_is_not_overwritten_by_the_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from linjat_editor.io.export_puzzles_json import export_puzzles_json

    game = tmp_path / "puzzles.json"
    export_puzzles_json(LevelSet().add(LEVELS[1], tier="tutorial"), game, analyse=False)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(results(read_set(game))))
    before = game.read_bytes()
    capsys.readouterr()
    assert main(["playtests", "import", str(path), "--into", str(game)]) == 2
    assert "no native set file" in capsys.readouterr().err and game.read_bytes() == before
    assert main(["playtests", "import", str(path), "--into", str(game), "-o", str(tmp_path / "mine.json")]) == 0
    assert len(read_set(tmp_path / "mine.json")[0].playtests) == 1

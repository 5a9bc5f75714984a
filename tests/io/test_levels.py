"""Level files: every accepted form reads, and what is written reads back equal."""

from __future__ import annotations

import io
import json
import sys

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import (
    FormatError,
    FormatKind,
    formats,
    get_format,
    levels_from_text,
    parse_level_line,
    read_level,
    read_levels,
    write_level,
)

ROWS = ["  3 .", ". 2  ", "     "]


@pytest.fixture
def level() -> Level:
    return Level.from_rows(ROWS).with_dot(2, 4, pinned=True).with_meta(
        name="Corner", author="Ann", notes="first try\nsecond line", message="Drag the 3", extra={"score": 12.5, "tags": ["x"]}
    )


def test_native_round_trip_keeps_everything(tmp_path, level):
    path = tmp_path / "a.json"
    write_level(level, path)
    back = read_level(path)
    assert back == level
    assert back.pinned == {(2, 4)} and back.notes == "first try\nsecond line"
    data = json.loads(path.read_text())
    assert data["format"] == "linjat-level" and data["version"] == 1
    assert data["rows"] == level.rows() and data["pinned"] == [[2, 4]]


def test_native_file_is_readable_text(tmp_path, level):
    path = tmp_path / "a.json"
    write_level(level, path)
    text = path.read_text()
    assert '    "  3 .",\n' in text  # one row a line, like the grid
    assert '"pinned": [[2, 4]]' in text


def test_rows_text_round_trip_keeps_trailing_spaces(tmp_path):
    lvl = Level.from_rows(ROWS)
    path = tmp_path / "a.txt"
    write_level(lvl, path)  # the extension picks the plain text format
    assert path.read_text() == "\n".join(ROWS) + "\n"
    assert read_level(path) == lvl


def test_text_rows_without_final_newline_and_crlf(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"  3 .\r\n. 2  \r\n     ")
    assert read_level(path).rows() == ROWS


def test_bare_list_of_rows(tmp_path):
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(ROWS))
    assert read_level(path).rows() == ROWS


def test_puzzle_record_keeps_message_and_figures(tmp_path):
    rec = {"puzzle": ROWS, "message": "hi", "classification": {"all": {"depth": "3", "max_width": 1}}, "score": "14.75", "file": "puzzledb/x"}
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    lvl = read_level(path)
    assert lvl.rows() == ROWS and lvl.message == "hi"
    assert lvl.extra == {"classification": rec["classification"], "score": "14.75", "file": "puzzledb/x"}
    # ...and the native file written from it carries them on.
    write_level(lvl, tmp_path / "n.json")
    assert read_level(tmp_path / "n.json") == lvl


def test_unknown_keys_are_kept_in_extra(tmp_path):
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"format": "linjat-level", "version": 1, "rows": ROWS, "future": [1, 2]}))
    assert read_level(path).extra == {"future": [1, 2]}


def test_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(ROWS).encode())))
    assert read_level("-").rows() == ROWS


def test_write_to_stdout(capsys, level):
    write_level(level, "-")
    assert json.loads(capsys.readouterr().out)["rows"] == level.rows()


def test_parse_level_line_accepts_every_json_form(level):
    assert parse_level_line(json.dumps({"puzzle": ROWS})).rows() == ROWS
    assert parse_level_line(json.dumps(ROWS)).rows() == ROWS
    native = get_format("linjat-level").write(level).replace("\n", " ")
    assert parse_level_line(native) == level
    with pytest.raises(FormatError, match=r"^<line>: not valid JSON"):
        parse_level_line('{"puzzle": [')


def test_levels_from_text_detects_the_form():
    assert [lv.rows() for lv in levels_from_text("\n".join(ROWS), "t")] == [ROWS]
    jsonl = "\n".join(json.dumps({"puzzle": ROWS, "score": i}) for i in range(3)) + "\n\n"
    assert [lv.extra["score"] for lv in levels_from_text(jsonl, "t")] == [0, 1, 2]
    assert len(levels_from_text(json.dumps([ROWS, {"puzzle": ROWS}]), "t")) == 2
    with pytest.raises(FormatError, match=r"^t, line 2: ragged rows"):
        levels_from_text(json.dumps(ROWS) + "\n" + json.dumps(["  ", " "]), "t")


def test_read_levels_from_a_set(tmp_path):
    from linjat_editor.io import LevelSet, write_set

    s = LevelSet(name="s").add(Level.from_rows(ROWS)).add(Level.from_rows(["2."]))
    write_set(s, tmp_path / "s.json")
    assert [lv.rows() for lv in read_levels(tmp_path / "s.json")] == [ROWS, ["2."]]


def test_registry_lists_formats():
    names = {f.name for f in formats(FormatKind.LEVEL)}
    assert {"linjat-level", "rows"} <= names
    assert all(f.description and f.extensions for f in formats())
    with pytest.raises(FormatError, match="unknown file format 'nope'"):
        get_format("nope")


def test_corpus_levels_read_as_records(corpus):
    # Every record of the published corpus is a valid puzzle line.
    for tier, records in corpus.items():
        for rec in records:
            if rec["puzzle"] is not None:
                assert parse_level_line(json.dumps(rec)).rows() == rec["puzzle"]

"""Every bad input gives a FormatError: one line, starting with the file's name, saying what is wrong."""

from __future__ import annotations

import json

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import FormatError, LevelSet, read_level, read_set, write_level

GOOD = ["  3 .", ". 2  "]


def native(**fields) -> str:
    return json.dumps({"format": "linjat-level", "version": 1, "rows": GOOD, **fields})


BAD_LEVELS = {
    "wrong character": ("a.txt", b"  3 .\n. x  \n", "line 2, column 3: unexpected character 'x'"),
    "tab": ("a.txt", b"  3 .\n.\t2  \n", "unexpected character '\\t'"),
    "zero": ("a.json", json.dumps(["  0 ."]).encode(), "row 1, column 3: 0 is not a valid number"),
    "ten": ("a.json", json.dumps(["10 ."]).encode(), "0 is not a valid number"),
    "ragged json": ("a.json", json.dumps(["  3 .", ". 2", "     "]).encode(), "ragged rows: row 2 has 3 cells, row 1 has 5"),
    "ragged text": ("a.txt", b"  3\n. 2  \n", "ragged rows: line 1 has 3 cells, line 2 has 5"),
    "empty line inside": ("a.txt", b"  3 .\n\n. 2  \n", "ragged rows: line 2 has 0 cells"),
    "zero rows": ("a.json", b"[]", "the level has no rows"),
    "empty rows": ("a.json", b'["", ""]', "the rows are empty"),
    "absurd height": ("a.txt", b"  \n" * 41, "absurd size 41x2 (at most 40x40)"),
    "absurd width": ("a.json", json.dumps([" " * 500]).encode(), "absurd size 1x500"),
    "truncated json": ("a.json", native().encode()[:-10], "not valid JSON: Expecting value at line 1 column 59 (the text ends too early: truncated?)"),
    "puzzles.json as a level": ("a.json", b'{"easy": []}', "is a level set (the original game's puzzles.json layout), not a single level"),
    "json position": ("a.json", b'{\n  "rows": [\n    "  3 ."\n    ". 2  "]}', "not valid JSON: Expecting ',' delimiter at line 4 column 5"),
    "rows not strings": ("a.json", native(rows=[1, 2]).encode(), "rows must be a list of strings"),
    "rows a string": ("a.json", native(rows="  3 .").encode(), "rows must be a list of strings"),
    "list of numbers": ("a.json", b"[1, 2]", "rows must be a list of strings"),
    "unknown format": ("a.json", native(format="tiled-map").encode(), 'unknown format "tiled-map" (expected "linjat-level")'),
    "future version": ("a.json", native(version=2).encode(), 'unsupported version 2 of "linjat-level"'),
    "missing version": ("a.json", json.dumps({"format": "linjat-level", "rows": GOOD}).encode(), 'missing "version"'),
    "missing rows": ("a.json", b'{"format": "linjat-level", "version": 1}', 'missing "rows"'),
    "not a level object": ("a.json", b'{"hello": 1}', "not a level"),
    "a set, not a level": ("a.json", b'{"format": "linjat-set", "version": 1, "levels": []}', "is a level set"),
    "name not string": ("a.json", native(name=3).encode(), '"name" must be a string'),
    "extra not object": ("a.json", native(extra=[1]).encode(), '"extra" must be an object'),
    "pinned shape": ("a.json", native(pinned=[[0]]).encode(), '"pinned" must be a list of [row, column] pairs'),
    "pinned outside": ("a.json", native(pinned=[[9, 9]]).encode(), '"pinned" cell [9, 9] is outside the 2x5 grid'),
    "pinned not a dot": ("a.json", native(pinned=[[0, 0]]).encode(), "is not a dot"),
    "null puzzle": ("a.json", b'{"puzzle": null, "message": "bye"}', "message-only entry"),
    "not utf-8": ("a.txt", b"  3 .\n. 2 \xff\n", "not UTF-8 text (byte 0xff at offset 10)"),
    "empty file": ("a.json", b"", "empty file"),
    "only newlines": ("a.txt", b"\n\n", "empty file"),
}


@pytest.mark.parametrize("case", BAD_LEVELS, ids=list(BAD_LEVELS))
def test_bad_level_file(tmp_path, case):
    filename, data, expected = BAD_LEVELS[case]
    path = tmp_path / filename
    path.write_bytes(data)
    with pytest.raises(FormatError) as info:
        read_level(path)
    message = str(info.value)
    assert message.startswith(f"{path}: "), message
    assert "\n" not in message
    assert expected in message
    assert info.value.name == str(path)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(FormatError, match=r": file not found$"):
        read_level(tmp_path / "nope.json")
    with pytest.raises(FormatError, match=r": is a directory, not a file$"):
        read_level(tmp_path)


@pytest.mark.parametrize(
    "error, expected",
    [(PermissionError(13, "Permission denied"), "cannot read the file: permission denied"),
     (OSError(5, "Input/output error"), "cannot read the file: Input/output error")],
)
def test_unreadable_file(tmp_path, monkeypatch, error, expected):
    # Simulated, since permissions do not stop root (which CI may run as).
    from linjat_editor.io import registry

    def refuse(*args, **kwargs):
        raise error

    path = tmp_path / "a.json"
    path.write_text(json.dumps(GOOD))
    monkeypatch.setattr(registry.os, "open", refuse)
    with pytest.raises(FormatError) as info:
        read_level(path)
    assert str(info.value) == f"{path}: {expected}"


def test_json_scalar_line():
    from linjat_editor.io import parse_level_line

    with pytest.raises(FormatError, match=r"^<line>: expected a level: a JSON object or a list of row strings$"):
        parse_level_line("42")


def test_model_errors_are_wrapped():
    # Level's own checks (e.g. a pinned dot on a number) come out as FormatError too.
    from linjat_editor.io.rows import level_from_rows

    with pytest.raises(FormatError, match=r"^x\.json: "):
        level_from_rows(GOOD, "x.json", pinned=[(0, 2)])


BAD_SETS = {
    "not a set": (b'["  3 ."]', "is a single level (a list of rows), not a level set"),
    "rows text": (b"  3 .\n", "not a level set"),
    "a level": (native().encode(), "this is a single level"),
    "unknown format": (b'{"format": "foo", "version": 1, "levels": []}', 'unknown format "foo" (expected "linjat-set")'),
    "future version": (b'{"format": "linjat-set", "version": 7, "levels": []}', 'unsupported version 7 of "linjat-set"'),
    "levels not list": (b'{"format": "linjat-set", "version": 1, "levels": {}}', '"levels" must be a list'),
    "bad entry": (
        json.dumps({"format": "linjat-set", "version": 1, "levels": [{"rows": GOOD}, {"rows": ["3", "33"]}]}).encode(),
        "set.json, level 2: ragged rows: row 1 has 1 cells, row 2 has 2",
    ),
    "bad tags": (json.dumps({"format": "linjat-set", "version": 1, "levels": [{"rows": GOOD, "tags": "x"}]}).encode(), '"tags" must be a list of strings'),
    "bad tier": (json.dumps({"format": "linjat-set", "version": 1, "levels": [{"rows": GOOD, "tier": 3}]}).encode(), '"tier" must be a string'),
    "bad playtests": (json.dumps({"format": "linjat-set", "version": 1, "levels": [{"rows": GOOD, "playtests": [1]}]}).encode(), '"playtests" must be a list of objects'),
    "puzzles unknown key": (b'{"easy": [], "bonus": []}', 'unknown key "bonus"'),
    "puzzles bad record": (json.dumps({"easy": [{"puzzle": ["3", "33"]}]}).encode(), "set.json, easy record 1: ragged rows"),
    "puzzles null without message": (b'{"easy": [{"puzzle": null}]}', 'needs a "message" string'),
    "truncated": (b'{"format": "linjat-set", "version": 1, "levels": [', "not valid JSON"),
}


@pytest.mark.parametrize("case", BAD_SETS, ids=list(BAD_SETS))
def test_bad_set_file(tmp_path, case):
    data, expected = BAD_SETS[case]
    path = tmp_path / "set.json"
    path.write_bytes(data)
    with pytest.raises(FormatError) as info:
        read_set(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    assert "\n" not in message and expected in message


def test_unsaveable_metadata_is_a_format_error(tmp_path):
    path = tmp_path / "a.json"
    with pytest.raises(FormatError, match=r"a\.json: cannot save: metadata is not plain JSON data"):
        write_level(Level.from_rows(GOOD).with_meta(extra={"x": object()}), path)
    assert not path.exists()


def test_cannot_write_into_missing_directory(tmp_path):
    with pytest.raises(FormatError, match="cannot save: No such file or directory"):
        write_level(Level.from_rows(GOOD), tmp_path / "nope" / "a.json")


def test_writing_a_level_in_a_set_format_is_refused(tmp_path):
    with pytest.raises(FormatError, match="cannot be written as a level"):
        write_level(Level.from_rows(GOOD), tmp_path / "a.json", format="linjat-set")
    with pytest.raises(FormatError, match="puzzles-json format cannot be written"):
        from linjat_editor.io import write_set

        write_set(LevelSet(), tmp_path / "p.json", format="puzzles-json")

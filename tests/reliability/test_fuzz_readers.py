"""Fuzzing every reader with hypothesis: refuse with one FormatError line, or return what saves again.

Three kinds of input: any text, JSON-shaped values (including the shapes our
files have, with wrong types and sizes in them), and valid files with a few
bytes changed. No reader may raise anything but :class:`FormatError`, hang,
or accept something it cannot write back identically.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from linjat_editor.core.level import Level  # noqa: E402
from linjat_editor.io import (  # noqa: E402
    FormatError, LevelSet, formats, levels_from_text, parse_level_line, read_level, read_levels, read_set,
)
from linjat_editor.io.level_json import read_level_json, write_level_json  # noqa: E402
from linjat_editor.io.set_json import read_set_json, write_set_json  # noqa: E402

NAME = "fuzz.json"
FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

#: Every text reader: the registered formats, plus the "anything" readers.
READERS: dict[str, Callable[[str, str], Any]] = {
    **{f.name: f.read for f in formats() if f.read is not None},
    "levels_from_text": levels_from_text,
    "parse_level_line": parse_level_line,
}

#: Values that broke readers before: drawn often, not left to chance.
_NASTY = st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e308, -0.0, 2**63, 2**64 + 1, "\x1b[31m", "", "\u202e"])
_SCALARS = (_NASTY | st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**30), max_value=10**30)
            | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8))
_JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)
_ROW = st.text(alphabet="123456789. 0x\t", min_size=0, max_size=6)
_GOOD_ROWS = st.integers(1, 4).flatmap(
    lambda width: st.lists(st.text(alphabet="12. ", min_size=width, max_size=width), min_size=1, max_size=4))
_ROWS = _GOOD_ROWS | st.lists(_ROW, max_size=6) | _JSON
_LEVELISH = st.fixed_dictionaries(
    {"rows": _ROWS},
    optional={
        "format": st.sampled_from(["linjat-level", "linjat-set", "other"]) | _JSON,
        "version": st.sampled_from([1, 2, True, "1"]),
        "pinned": st.lists(st.lists(st.integers(-3, 8), max_size=3), max_size=3) | _JSON,
        "height": st.integers(-3, 8) | _JSON, "width": st.integers(-3, 8) | _JSON,
        "name": st.text(max_size=5) | _JSON, "extra": st.dictionaries(st.text(max_size=4), _JSON, max_size=3) | _JSON,
    },
)
_FIELDS = {"format": st.sampled_from(["linjat-level", "linjat-set", "other"]) | _JSON,
           "version": st.sampled_from([1, 2, True, "1"]) | _JSON,
           "pinned": st.lists(st.lists(st.integers(-3, 8), max_size=3), max_size=3) | _JSON,
           "height": st.integers(-3, 8) | _JSON, "width": st.integers(-3, 8) | _JSON,
           "name": _JSON, "extra": st.dictionaries(st.text(max_size=4), _JSON, min_size=1, max_size=3) | _JSON,
           "rows": _ROWS}
#: Metadata is where a read-but-unsaveable value hides: chosen most often.
_FIELD_CHOICES = sorted(_FIELDS) + ["extra"] * 6


@st.composite
def _one_field_wrong(draw: st.DrawFn) -> dict[str, Any]:
    """A valid native level with one or two fields replaced by anything."""
    obj: dict[str, Any] = {"format": "linjat-level", "version": 1, "rows": draw(_GOOD_ROWS)}
    for key in draw(st.lists(st.sampled_from(_FIELD_CHOICES), min_size=1, max_size=2, unique=True)):
        obj[key] = draw(_FIELDS[key])
    return obj


_SETISH = st.fixed_dictionaries(
    {"format": st.just("linjat-set"), "version": st.just(1)},
    optional={"levels": st.lists(_LEVELISH | _JSON, max_size=3) | _JSON, "name": _JSON, "extra": _JSON},
)
_PUZZLES = st.dictionaries(st.sampled_from(["tutorial", "easy", "hard", "x"]),
                           st.lists(st.fixed_dictionaries({"puzzle": _ROWS},
                                                          optional={"message": _JSON}), max_size=3) | _JSON,
                           max_size=3)


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)  # NaN and Infinity too: Python's parser would accept them


def _valid_texts() -> list[str]:
    level = Level.from_rows(["2. ", "   ", " 3."]).with_meta(name="n", extra={"k": [1, 2.5]})
    level = level.with_meta(pinned=frozenset({(0, 1)}))
    return [write_level_json(level), write_set_json(LevelSet(name="s").add(level, tier="easy")),
            "2. \n   \n 3.\n", '{"easy": [{"puzzle": ["2. ", " 3."]}, {"puzzle": null, "message": "bye"}]}']


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(_valid_texts()))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 3)))
        text = text[:i] + draw(st.text(alphabet='{}[]",:0123456789.- \nNaI\\e', max_size=3)) + text[j:]
    return text


def _check(reader: Callable[[str, str], Any], text: str) -> None:
    try:
        result = reader(text, NAME)
    except FormatError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(NAME), message
        return
    for item in result if isinstance(result, list) else [result]:
        if isinstance(item, LevelSet):
            assert read_set_json(write_set_json(item), NAME) == item
        else:
            assert isinstance(item, Level)
            assert read_level_json(write_level_json(item), NAME) == item


_INPUTS = {
    "text": st.text(max_size=60),
    "json": _JSON.map(_dumps),
    "levelish": _LEVELISH.map(_dumps),
    "one field wrong": _one_field_wrong().map(_dumps),
    "setish": _SETISH.map(_dumps),
    "puzzles": _PUZZLES.map(_dumps),
    "mutated": _mutated(),
}


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("kind", list(_INPUTS))
def test_reader_fuzz(reader: str, kind: str) -> None:
    @FUZZ
    @given(_INPUTS[kind])
    def run(text: str) -> None:
        _check(READERS[reader], text)

    run()


@FUZZ
@given(st.binary(max_size=80) | _mutated().map(lambda t: t.encode("utf-8")))
def test_file_readers_fuzz(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / NAME
    path.write_bytes(data)
    for reader in (read_level, read_set, read_levels):
        try:
            reader(path)
        except FormatError as error:
            assert "\n" not in str(error) and str(error).startswith(str(path))

"""Playtest results from the playtest page, read back and merged into a set's levels.

A results file is what the page (:mod:`.playtest_page`) gives a tester::

    {"format": "linjat-playtests", "version": 1, "session": "<hex id>",
     "set": {"name": "...", "key": "<hex>"}, "tester": "", "started": "<ISO time>",
     "levels": [{"key": "<level key>", "index": 0, "seconds": 41.2, "solved": true,
                 "gave_up": false, "resets": 0, "moves": 9,
                 "events": [{"t": 1200, "n": 2, "line": [r1, c1, r2, c2] | null},
                            {"t": 9000, "reset": true}, ...]}, ...]}

Reading checks every field and its range; anything else is refused whole, in
one line, so a file changes nothing unless all of it is good. Merging matches a
result to its level by content (the level key), not position, skips a session
already merged, and reports results of levels that changed since the page was made.

A merged playtest keeps the play-mode record's fields (``date``, ``seconds``,
``moves``, ``solved``) and adds ``source: "page"``, ``session``, ``tester``,
``gave_up``, ``resets`` and ``events`` (``[t_ms, number, r1, c1, r2, c2]`` a
line drawn, ``[t_ms, number]`` a line taken away, ``[t_ms]`` a reset).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from linjat_editor.io import _json
from linjat_editor.io.errors import FormatError, within
from linjat_editor.io.level_set import LevelSet
from linjat_editor.io.playtest_page import RESULTS_FORMAT, RESULTS_VERSION, level_key
from linjat_editor.io.registry import read_source

#: A session's results are a few kB; this is room for a long session, far from megabytes of junk.
MAX_RESULTS_BYTES = 1024 * 1024
#: Line changes kept per level (the page stops recording beyond this).
MAX_EVENTS = 2000
#: The longest time a level can take that is still a playtest (a day).
MAX_SECONDS = 86_400.0
MAX_NAME = 40
#: The page records a page's levels; a set of more has no page.
MAX_LEVELS = 10_000

#: What a playtest from the page says of its origin (play mode's records have none).
PAGE_SOURCE = "page"

_HEX_ID = re.compile(r"[0-9a-f]{8,32}")
#: A tester's name is plain text: no markup, no control characters (the page strips the same class).
_BAD_NAME = re.compile(r"[<>&\"'\x00-\x1f\x7f-\x9f\u2028\u2029]")


@dataclass(frozen=True)
class LevelResult:
    """One level as a tester played it."""

    key: str
    index: int
    seconds: float
    solved: bool
    gave_up: bool
    resets: int
    moves: int
    events: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Results:
    """One tester's session, as read from a results file named ``name``."""

    name: str
    session: str
    set_name: str
    set_key: str
    tester: str
    started: str
    levels: tuple[LevelResult, ...]

    def playtest(self, level: LevelResult) -> dict[str, Any]:
        """The record stored on the level's set entry."""
        return {
            "date": self.started, "seconds": level.seconds, "moves": level.moves, "solved": level.solved,
            "source": PAGE_SOURCE, "session": self.session, "tester": self.tester,
            "gave_up": level.gave_up, "resets": level.resets, "events": [list(e) for e in level.events],
        }


def read_results(path: str | os.PathLike[str]) -> Results:
    """Read and check a results file; :class:`FormatError` (one line) for anything wrong with it."""
    name = os.fspath(path)
    try:
        if os.path.getsize(name) > MAX_RESULTS_BYTES:
            raise FormatError(name, _too_large(os.path.getsize(name)))
    except OSError:
        pass  # read_source names what is wrong with the file
    text, name = read_source(path)
    if len(text.encode("utf-8")) > MAX_RESULTS_BYTES:
        raise FormatError(name, _too_large(len(text.encode("utf-8"))))
    return results_from_text(text, name)


def _too_large(size: int) -> str:
    return f"too large for playtest results ({size / 1e6:.1f} MB; a session's results are a few kB, at most 1 MB)"


def results_from_text(text: str, name: str) -> Results:
    """The results in ``text`` (the page's JSON), checked."""
    if text.lstrip()[:1] != "{":
        raise FormatError(name, f'not playtest results: expected a JSON object with "format": "{RESULTS_FORMAT}"')
    obj = _json.loads(text, name)
    if not isinstance(obj, dict) or obj.get("format") != RESULTS_FORMAT:
        raise FormatError(name, f'not playtest results: expected "format": "{RESULTS_FORMAT}"')
    if obj.get("version") != RESULTS_VERSION or isinstance(obj.get("version"), bool):
        raise FormatError(name, f"unsupported version of playtest results (this editor reads version {RESULTS_VERSION})")
    session = obj.get("session")
    if not (isinstance(session, str) and _HEX_ID.fullmatch(session)):
        raise FormatError(name, '"session" must be the page\'s id (8 to 32 hex digits)')
    the_set = obj.get("set")
    if not (isinstance(the_set, dict) and isinstance(the_set.get("key"), str) and _HEX_ID.fullmatch(the_set["key"])):
        raise FormatError(name, '"set" must name the page\'s set and its key')
    set_name = _text(the_set.get("name", ""), name, '"set" name', 200)
    tester = _text(obj.get("tester", ""), name, "the tester's name", MAX_NAME)
    if _BAD_NAME.search(tester):
        raise FormatError(name, "the tester's name holds markup or control characters: not what the page writes")
    started = _text(obj.get("started", ""), name, '"started"', 40)
    levels = obj.get("levels")
    if not isinstance(levels, list) or len(levels) > MAX_LEVELS:
        raise FormatError(name, f'"levels" must be a list of at most {MAX_LEVELS:,} level results')
    read = tuple(_level(item, within(name, f"result {i + 1}")) for i, item in enumerate(levels))
    return Results(name, session, set_name, the_set["key"], tester, started, read)


def _text(value: Any, name: str, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise FormatError(name, f"{what} must be text of at most {limit} characters")
    return value


def _int(obj: Mapping[str, Any], key: str, name: str, hi: int) -> int:
    value = obj.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= hi:
        raise FormatError(name, f'"{key}" must be a whole number from 0 to {hi:,}')
    return value


def _level(obj: Any, name: str) -> LevelResult:
    if not isinstance(obj, dict):
        raise FormatError(name, "expected a level result object")
    key = obj.get("key")
    if not (isinstance(key, str) and re.fullmatch(r"[0-9a-f]{16}", key)):
        raise FormatError(name, '"key" must be the level\'s 16-digit key')
    seconds = obj.get("seconds")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= MAX_SECONDS:
        raise FormatError(name, f'"seconds" must be a time from 0 to {MAX_SECONDS:,.0f}')
    flags = {k: obj.get(k, False) for k in ("solved", "gave_up")}
    if not all(isinstance(v, bool) for v in flags.values()):
        raise FormatError(name, '"solved" and "gave_up" must be true or false')
    events = obj.get("events", [])
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise FormatError(name, f'"events" must be a list of at most {MAX_EVENTS:,} line changes')
    return LevelResult(
        key, _int(obj, "index", name, MAX_LEVELS), float(seconds), flags["solved"], flags["gave_up"],
        _int(obj, "resets", name, MAX_EVENTS), _int(obj, "moves", name, 1_000_000),
        tuple(_event(e, within(name, f"event {j + 1}")) for j, e in enumerate(events)),
    )


def _event(obj: Any, name: str) -> tuple[int, ...]:
    if not isinstance(obj, dict):
        raise FormatError(name, "expected an event object")
    t = obj.get("t")
    if not isinstance(t, (int, float)) or isinstance(t, bool) or not 0 <= t <= MAX_SECONDS * 1000:
        raise FormatError(name, '"t" must be the milliseconds since the level began')
    if obj.get("reset") is True:
        return (int(t),)
    n = _int(obj, "n", name, 999)
    line = obj.get("line")
    if line is None:
        return (int(t), n)
    if not (isinstance(line, list) and len(line) == 4
            and all(isinstance(x, int) and not isinstance(x, bool) and -1 <= x <= 40 for x in line)):
        raise FormatError(name, '"line" must be null or four cell coordinates')
    return (int(t), n, *line)


# -- merging -------------------------------------------------------------------


@dataclass
class Merge:
    """What merging results into a set did: the new set and a line per thing to report."""

    level_set: LevelSet
    added: int = 0
    levels: set[int] = field(default_factory=set)  # entries that gained playtests
    already: int = 0  # results of sessions merged before
    changed: list[str] = field(default_factory=list)  # results of levels no longer in the set

    def summary(self) -> str:
        n = len(self.levels)
        line = f"{self.added} playtest{'s' if self.added != 1 else ''} added to {n} level{'s' if n != 1 else ''}"
        if self.already:
            line += f"; {self.already} already there"
        return line


def merge_results(level_set: LevelSet, results: list[Results], set_name: str = "the set") -> Merge:
    """``level_set`` with every result put on the entry of the same level (by content).

    A file none of whose levels is in the set is from another set: refused whole
    (:class:`FormatError`), as is a file that names a level twice. A result whose
    level is not in the set (it was edited after the page was made) is left out and
    reported; one whose session the entry already holds is skipped.
    """
    where: dict[str, int] = {}
    for i, entry in enumerate(level_set.entries):
        where.setdefault(level_key(entry.level), i)
    for res in results:
        if res.levels and not any(lv.key in where for lv in res.levels):
            raise FormatError(res.name, f"from another set: none of its {len(res.levels)} levels is in {set_name}")
        keys = [lv.key for lv in res.levels]
        if len(set(keys)) != len(keys):
            raise FormatError(res.name, "names the same level twice: not what the page writes")
    merge = Merge(level_set)
    entries = list(level_set.entries)
    for res in results:
        for lv in res.levels:
            if lv.key not in where:
                merge.changed.append(f"{res.name}: level {lv.index + 1} of the page has changed since the page was made "
                                     "(or left the set): its result is left out")
                continue
            i = where[lv.key]
            if any(p.get("session") == res.session for p in entries[i].playtests):
                merge.already += 1
                continue
            entries[i] = entries[i].with_playtest(res.playtest(lv))
            merge.added += 1
            merge.levels.add(i)
    merge.level_set = level_set.with_meta(entries=tuple(entries)) if merge.added else level_set
    return merge

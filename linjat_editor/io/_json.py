"""JSON parsing with one-line errors, and the compact-but-readable layout our files use."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterable

from linjat_editor.io.errors import FormatError


#: Deeper than this is no level data, and the writer could not save it again.
MAX_DEPTH = 64

#: Objects and lists in one document: a level set of ~10,000 analysed levels has fewer.
#: Counted before parsing, since millions of tiny ``{}`` cost a gigabyte once parsed.
MAX_CONTAINERS = 200_000


#: Paired surrogates in JSON escapes become one character when parsed: any left are lone.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


def _finite(word: str) -> float:
    value = float(word)
    if not math.isfinite(value):
        raise ValueError(f"{word[:20]} is too large a number")
    return value


def loads(text: str, name: str) -> Any:
    """Parse JSON text; every problem becomes a one-line :class:`FormatError`.

    Syntax errors give line and column. ``NaN``/``Infinity`` (which Python's
    parser accepts but JSON does not), integers too long to read and nesting
    deeper than :data:`MAX_DEPTH` are refused here, so whatever is read can be
    saved again.
    """
    containers = text.count("{") + text.count("[")  # an upper bound: brackets in strings count too
    if containers > MAX_CONTAINERS:
        raise FormatError(name, f"too large for level data: {containers:,} objects and lists (at most {MAX_CONTAINERS:,})")
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as e:
        raise syntax_error(e, name) from None
    except RecursionError:
        raise FormatError(name, f"not valid level data: nested more than {MAX_DEPTH} deep") from None
    except ValueError as e:  # NaN, or an integer beyond Python's digit limit
        problem = str(e).split(";")[0]
        if "digits" in problem:
            problem = "an integer too long to read"
        raise FormatError(name, f"not valid JSON: {problem}") from None
    check_data(obj, name)
    return obj


def check_data(obj: Any, name: str) -> None:
    """Raise :class:`FormatError` if ``obj`` nests lists/objects deeper than :data:`MAX_DEPTH`,
    or holds a string that is not text: a lone surrogate (``"\\ud800"``), which JSON's
    escapes allow but no UTF-8 file can hold, so it could never be saved again.

    Iterative, so it cannot itself run out of stack.
    """
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, str):
            _check_text(value, name)
            continue
        if isinstance(value, dict):
            children = [*value.keys(), *value.values()]
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise FormatError(name, f"not valid level data: nested more than {MAX_DEPTH} deep")
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list, tuple, str)))


def _check_text(text: str, name: str) -> None:
    lone = _LONE_SURROGATE.search(text)
    if lone is not None:
        shown = json.dumps(lone.group())[1:-1]
        raise FormatError(name, f"not valid text: a string holds a lone surrogate ({shown}), which cannot be saved")


def syntax_error(e: json.JSONDecodeError, name: str) -> FormatError:
    """The one-line error for a JSON syntax error; says so when the text simply stops early."""
    ends_early = e.pos >= len(e.doc.rstrip()) or e.msg.startswith("Unterminated string")
    truncated = " (the text ends too early: truncated?)" if ends_early else ""
    msg = e.msg.removesuffix(" at")  # "Unterminated string starting at" already ends with "at"
    return FormatError(name, f"not valid JSON: {msg} at line {e.lineno} column {e.colno}{truncated}")


def dumps(obj: Any) -> str:
    """JSON text indented by two spaces, with short lists of numbers on one line.

    Rows (lists of strings) keep one string a line, so a level reads like its
    grid; pairs such as pinned cells stay on one line.

    >>> print(dumps({"rows": [" 3", ". "], "pinned": [[1, 0]]}), end="")
    {
      "rows": [
        " 3",
        ". "
      ],
      "pinned": [[1, 0]]
    }
    """
    check_data(obj, "")  # never write what the reader would refuse
    return _dump(obj, "") + "\n"


def _is_flat(obj: Any) -> bool:
    """A list of scalars (or of such lists) that is short enough for one line."""
    if not isinstance(obj, list) or any(isinstance(x, (dict, str)) for x in obj):
        return False
    if not all(not isinstance(x, list) or _is_flat(x) for x in obj):
        return False
    return len(json.dumps(obj)) <= 100


def _dump(obj: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(obj, dict) and obj:
        items = (f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {_dump(v, inner)}" for k, v in obj.items())
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(obj, (list, tuple)) and obj:
        obj = list(obj)
        if _is_flat(obj):
            return json.dumps(obj, allow_nan=False)
        return "[\n" + ",\n".join(inner + _dump(v, inner) for v in obj) + "\n" + indent + "]"
    return json.dumps(obj, ensure_ascii=False, allow_nan=False)

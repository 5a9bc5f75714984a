"""JSON parsing with one-line errors, and the compact-but-readable layout our files use."""

from __future__ import annotations

import json
from typing import Any

from linjat_editor.io.errors import FormatError


def loads(text: str, name: str) -> Any:
    """Parse JSON text; a syntax error becomes a :class:`FormatError` with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise syntax_error(e, name) from None
    except RecursionError:
        raise FormatError(name, "not valid JSON: nested too deeply") from None


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

"""``--jsonl FILE``: one level a line in, one JSON answer a line out, in order.

Every answer carries its input ``line`` number. A bad line answers with its
``error`` and the run goes on. Bad input in bulk is not echoed without end:
after :data:`SHOWN_ERRORS` error records per input the rest are counted and
summed up on stderr, and a file whose first :data:`GIVE_UP` lines are all bad
is not JSON Lines at all (one error, exit 2). A file without a single level
(only blank lines) is an error too, not an empty success.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

from linjat_editor.core.level import Level, LevelError
from linjat_editor.io import FormatError, parse_level_line, source_lines
from linjat_editor.io.errors import printable

SHOWN_ERRORS = 100
GIVE_UP = 1000


def each_line(path: str, answer: Callable[[Level], dict[str, Any]], prepare: Callable[[], None] = lambda: None) -> int:
    """Answer every non-blank line of ``path``; exit status 0, or 2 if errors were left unshown.

    ``prepare`` runs once, before the first level read is answered: a file of junk is refused
    without the engine (on a first start: without compiling it first).
    """
    lines, name = source_lines(path)  # one at a time: a big file of junk is refused before it is all read
    answered = bad = 0
    prepared = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            level = parse_level_line(line, f"{name}:{number}")
            if not prepared:
                prepare()
                prepared = True
            out = {"line": number, **answer(level)}
            answered += 1
        except (FormatError, LevelError, ValueError, RecursionError) as error:
            bad += 1
            if not answered and bad >= GIVE_UP:
                raise FormatError(name, f"the first {bad} lines are all bad: not a JSON Lines file of levels?") from None
            if bad > SHOWN_ERRORS:
                continue
            out = {"line": number, "error": printable(str(error))}
        print(json.dumps(out), flush=True)
    if not answered and not bad:
        raise FormatError(name, "no levels in it (only blank lines)")
    if bad > SHOWN_ERRORS:
        print(f"linjat: {name}: {bad - SHOWN_ERRORS} more bad lines not shown ({bad} in all)", file=sys.stderr)
        return 2
    return 0

"""The one error every reader and writer raises: a single line naming the file and the problem.

>>> str(FormatError("levels/a.json", "row 3 has 5 cells, row 1 has 6"))
'levels/a.json: row 3 has 5 cells, row 1 has 6'
"""

from __future__ import annotations

#: How standard input is named in messages.
STDIN_NAME = "<stdin>"
#: How standard output (``-o -``) is named in messages.
STDOUT_NAME = "<stdout>"


class FormatError(ValueError):
    """A file that cannot be read or written; ``str()`` is one line, ``file: problem``.

    ``name`` is the file as the user gave it and ``problem`` the bare message,
    so a dialog can show them apart.
    """

    def __init__(self, name: str, problem: str) -> None:
        # A message with a newline would break the one-line promise (and JSONL output).
        self.name = printable(" ".join(str(name).split())) if name else ""
        self.problem = printable(shorten(" ".join(str(problem).split())))
        super().__init__(f"{self.name}: {self.problem}" if self.name else self.problem)


def printable(text: str) -> str:
    r"""``text`` with control characters escaped, so a file name cannot drive the terminal.

    >>> printable("a\x1b[31mb.json")
    'a\\x1b[31mb.json'
    """
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in text)


#: The longest problem a message shows; a value quoted in it is cut in the middle beyond this.
MAX_PROBLEM = 300


def shorten(text: str, limit: int = MAX_PROBLEM) -> str:
    """``text`` cut in the middle to at most ``limit`` characters (a 4,000-digit value is no message).

    >>> shorten("1" * 50, 20)
    '111111111…1111111111'
    """
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


def within(name: str, where: str) -> str:
    """A file name narrowed to a part of it, e.g. ``within("set.json", "level 4")``.

    >>> within("set.json", "level 4")
    'set.json, level 4'
    """
    return f"{name}, {where}" if name else where

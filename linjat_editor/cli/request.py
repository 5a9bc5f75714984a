"""One ``linjat`` command as the command line's modules pass it to each other: a typed, frozen request.

The parser's Namespace is read here once (:meth:`Request.of`); what the
modules share (the verb, the files it reads and writes, the level read before
the engine starts, the engine's start) travels as fields. A verb's own flags
stay in ``options``, read by the verb's module alone.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from linjat_editor.core.level import Level
    from linjat_editor.io import LevelSet


def _nothing() -> None:
    """The engine's start of a request not run by ``command.run`` (a caller of the parser alone): none."""


@dataclass(frozen=True)
class Request:
    #: The verb: ``solve``, ``generate``, ...
    command: str
    #: The verb's own flags, as parsed.
    options: argparse.Namespace
    #: LEVEL: a level file, or - for standard input (None: not given, or the verb takes none).
    level_file: str | None = None
    #: ``--jsonl FILE``: one level a line.
    jsonl: str | None = None
    #: ``-o FILE``.
    output: str | None = None
    #: The verb needs LEVEL or ``--jsonl``.
    needs_level: bool = False
    #: What the verb reads before the engine starts (a bad file is refused without compiling it first).
    reads: Callable[[Request], Request] | None = None
    #: LEVEL, once read.
    level: Level | None = None
    #: The SET, once read (``calibrate``).
    level_set: LevelSet | None = None
    #: The SET's levels by tier, once read (``calibrate``).
    groups: dict[str, list[Level]] | None = None
    #: Makes the command's kernels ready, once (``command.run`` sets it; JSON Lines call it at the first level read).
    prepare_engine: Callable[[], None] = _nothing

    @classmethod
    def of(cls, args: argparse.Namespace | Request) -> Request:
        """The request of parsed arguments (a request stays itself)."""
        if isinstance(args, Request):
            return args
        given = vars(args)
        level = given.get("level")
        return cls(
            command=str(given.get("command") or ""),
            options=args,
            level_file=level if isinstance(level, str) else None,
            jsonl=given.get("jsonl"),
            output=given.get("output"),
            needs_level=bool(given.get("needs_level", False)),
            reads=given.get("read_input"),
        )

    def read(self) -> Request:
        """This request with what its verb reads before the engine starts, read (JSON Lines: read line by line)."""
        return self.reads(self) if self.reads is not None and not self.jsonl else self

    def prepared_by(self, prepare: Callable[[Request], None]) -> Request:
        """This request, whose engine start is ``prepare`` of it."""
        return replace(self, prepare_engine=lambda: prepare(self))


#: A verb as the parser registers it (``set_defaults(func=...)``): ``command.run`` gives it the checked request,
#: a caller of the parser alone (tests, scripts) the parsed arguments.
Entry = Callable[[Request | argparse.Namespace], int]


def verb(run: Callable[[Request], int]) -> Entry:
    """The parser's entry of a verb that takes the request."""

    def entry(args: Request | argparse.Namespace) -> int:
        return run(Request.of(args))

    entry.__name__, entry.__doc__ = run.__name__, run.__doc__
    return entry


def on_options(run: Callable[[argparse.Namespace], int]) -> Entry:
    """The parser's entry of a verb that reads its own flags only."""

    def entry(args: Request | argparse.Namespace) -> int:
        return run(Request.of(args).options)

    entry.__name__, entry.__doc__ = run.__name__, run.__doc__
    return entry

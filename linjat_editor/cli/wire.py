"""The engine server's messages, typed: what a command, the server and its child say (``rendezvous.py``).

Each is a JSON object, one a line. A command sends a ``run`` request with its
streams attached; the child answers ``pid``, runs once told ``go``, and ends
with ``exit`` (or the server says ``signal``); ``status`` and ``stop`` ask the
server itself, which answers with its status, or ``refused`` with why. One
record holds every key a message may carry, so a reader checks what it needs.
Only type checkers import this module: a command handed to a server never loads ``typing``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

#: What a message asks of the server.
Verb = Literal["run", "status", "stop"]


class Message(TypedDict, total=False):
    """Any message on a server's socket; which keys it carries says which it is."""

    # A request: ``verb``; a run also the command's whole situation, which its child takes on.
    verb: Verb
    fingerprint: str
    argv: list[str]
    cwd: str
    env: dict[str, str]
    umask: int
    cpus: list[int]
    ignored: list[int]
    nice: int
    limits: dict[str, tuple[int, int]]
    # The child, then the caller: started (its pid), go ahead, how it ended.
    pid: int
    go: bool
    exit: int
    signal: int
    refused: str
    # A server's status (``pid`` and ``fingerprint`` as above).
    started: float
    idle: float
    idle_limit: float
    served: int
    running: int

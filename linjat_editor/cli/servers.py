"""``linjat server status`` and ``linjat server stop``: the warm engine servers of this user.

A server starts by itself after a command that ran on a warm engine
(``client.py``), and leaves after ten idle minutes; these verbs say whether one
runs, and stop them. Several may run, one per fingerprint (another checkout,
another cache); the one for this ``linjat`` is marked as such.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from . import rendezvous
from .fingerprint import fingerprint
from .request import on_options
from .wire import Message, Verb

#: Seconds ``stop`` waits for a server to end (it first lets the commands it runs finish).
STOP_WAIT = 10.0


def ask(where: str, name: str, verb: Verb) -> Message | None:
    """A server's answer to ``verb`` (its status), or None when none listens at ``name``."""
    try:
        with rendezvous.connect(os.path.join(where, name), timeout=2.0) as sock:
            rendezvous.send(sock, {"verb": verb})
            return rendezvous.Reader(sock).next()
    except (OSError, ValueError):
        return None


def listening(where: str, verb: Verb = "status") -> list[Message]:
    """Every server in ``where`` that answers, told ``verb``."""
    try:
        names = sorted(n for n in os.listdir(where) if n.endswith(".sock"))
    except OSError:
        return []
    return [answer for answer in (ask(where, name, verb) for name in names) if answer is not None]


def describe(status: Message, mine: str) -> str:
    whose = "" if status.get("fingerprint") == mine else " for other code or settings"
    return (f"linjat server{whose}: running, pid {status.get('pid')}, idle {status.get('idle', 0):.0f} s "
            f"of {status.get('idle_limit', 0):.0f}, {status.get('served', 0)} commands served, "
            f"{status.get('running', 0)} running")


def alive(pid: int) -> bool:
    """Whether ``pid`` runs: an ended server waits as a zombie until its new parent (init) collects it."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def stop(where: str, wait: float = STOP_WAIT) -> tuple[list[Message], list[Message]]:
    """Ask every server in ``where`` to stop and wait up to ``wait`` s for them: (those asked, those still running)."""
    stopped = listening(where, "stop")
    deadline = time.monotonic() + wait
    while any(alive(int(s["pid"])) for s in stopped) and time.monotonic() < deadline:
        time.sleep(0.05)
    return stopped, [s for s in stopped if alive(int(s["pid"]))]


def run(args: argparse.Namespace) -> int:
    """status: exit 0 when this ``linjat``'s server runs, 1 when not; stop: ends them all, exit 0."""
    where = rendezvous.folder(create=False)
    mine = fingerprint()
    if args.action == "status":
        found = listening(where) if where else []
        if args.json:
            print(json.dumps({"folder": where, "fingerprint": mine, "servers": found}))
        else:
            for status in found:
                print(describe(status, mine))
            if not any(s.get("fingerprint") == mine for s in found):
                off = rendezvous.off_because()
                print("linjat server: not running" + (f" ({off})" if off else ""))
        return 0 if any(s.get("fingerprint") == mine for s in found) else 1
    stopped, left = stop(where) if where else ([], [])
    print(f"linjat server: {len(stopped) - len(left)} stopped" +
          (f", {len(left)} still finishing commands (pids {', '.join(str(s['pid']) for s in left)})" if left else ""),
          file=sys.stderr)
    return 0


def add_parser(sub: Any) -> None:
    p = sub.add_parser("server", help="the warm engine server that lets commands start fast: status, stop")
    p.add_argument("action", choices=["status", "stop"],
                   help="status: whether one runs (exit 0) or not (1); stop: end every server of this user")
    p.add_argument("--json", action="store_true", help="status as JSON")
    p.set_defaults(func=on_options(run))

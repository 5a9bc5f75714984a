"""The ``linjat`` program: the command runs in a warm engine server's fork when one listens, else here.

A server (``server.py``) has numba and the kernels loaded: handing it the
command spares this process importing them, most of a short command's time.
The command gets this process' standard input, output and error (passed as
file descriptors), folder, environment and umask, so it reads and writes
exactly what it would here: terminals, pipes, progress bars, ``| head``. This
process waits, passes on the signals it gets (Ctrl-C, kill, a closed
terminal, Ctrl-Z) and exits with the command's status.

Whatever fails before the server's child started (no server, a stale socket,
a refusal) runs the command here, as before; once the child started, the
command is never run a second time. A command that ran here on a warm engine
starts a server for the next one (``starter.py``). Standard library only: a
command handed to a server never imports numpy or numba.
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False  # importing typing would cost a command handed to a server 3 ms of its start
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, NoReturn, Sequence

    from .wire import Message

from . import rendezvous
from .fingerprint import fingerprint, search_path

#: Signals passed on to the command: Ctrl-C, kill, the terminal closing, Ctrl-\.
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
#: A command ending with one of these ran (an answer, even "not solved"): the engine worked, a server may start.
ANSWERED = (0, 1)


def main(argv: Sequence[str] | None = None) -> int:
    """The program's entry point; a caller passing ``argv`` (tests, scripts) runs the command in its own process."""
    if argv is not None:
        from .command import main as run_here

        return run_here(argv)
    mine = None
    if rendezvous.enabled() and sys.argv[1:2] != ["server"]:
        environment = dict(os.environ)
        mine = fingerprint()
        status = _run_in_server(mine, environment)
        if status is not None:
            return status
    from . import command

    status, warm = command.run()
    if mine is not None and status in ANSWERED and warm:
        from linjat_editor.core.ready import readiness, warmup

        if warmup.compiled(readiness.SERVED_FAMILIES):
            from . import starter

            starter.start(mine, environment, search_path())
    return status


def _run_in_server(mine: str, environment: dict[str, str]) -> int | None:
    """The command's exit status from a server's child; None when no child started (run it here)."""
    if not _streams_open():
        return None
    where = rendezvous.folder(create=False)
    if where is None:
        return None
    try:
        sock = rendezvous.connect(rendezvous.socket_path(where, mine))
    except OSError:
        return None
    with sock:
        reader = rendezvous.Reader(sock)
        try:
            umask = os.umask(0o22)
            os.umask(umask)
            # Ignored signals stay ignored, as this process inherited them (a script's "cmd &" ignores SIGINT, nohup SIGHUP).
            ignored = [int(s) for s in FORWARDED if signal.getsignal(s) == signal.SIG_IGN]
            request: Message = {"verb": "run", "fingerprint": mine, "argv": sys.argv, "cwd": os.getcwd(), "env": environment,
                       "umask": umask, "cpus": sorted(os.sched_getaffinity(0)), "ignored": ignored,
                       "nice": os.getpriority(os.PRIO_PROCESS, 0), "limits": _limits()}
            rendezvous.send(sock, request, [0, 1, 2])
            answer = reader.next()
            pid = int(answer["pid"]) if answer and "pid" in answer else 0
        except (OSError, ValueError, TypeError):
            return None
        if pid <= 0:
            return None
        forwarded: set[int] = set()
        before = _forward_signals(pid, [s for s in FORWARDED if s not in ignored], forwarded)
        try:
            rendezvous.send(sock, {"go": True})
        except OSError:
            _restore(before)
            return None  # the child never heard "go": it ran nothing
        # From here on the command is the child's, whatever happens.
        sock.settimeout(None)
        while True:
            try:
                message = reader.next()
            except OSError:
                message = None
            if message is None:
                print(f"linjat: internal error (please report): the engine server's process {pid} "
                      "ended without an exit status", file=sys.stderr)
                return 3
            if "exit" in message:
                return int(message["exit"])
            if "signal" in message:
                signum = int(message["signal"])
                if signum not in forwarded:  # not this process' signal: the shell would not know why it ended
                    print(f"linjat: the command was killed (signal {signum})", file=sys.stderr, flush=True)
                _end_by_signal(signum)


def _streams_open() -> bool:
    """Whether standard input, output and error are all open.

    One that is closed (``<&-``) would be the connection's own number, handed
    to the command as that stream: such a command runs here, where Python
    sees the stream closed, as it always has.
    """
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            return False
    return True


def _limits() -> dict[str, tuple[int, int]]:
    """This process' resource limits (``ulimit``: file size, memory, CPU time, ...), which the command keeps."""
    import resource

    return {name: resource.getrlimit(getattr(resource, name)) for name in dir(resource) if name.startswith("RLIMIT_")}


def _forward_signals(pid: int, signals: list[int], forwarded: set[int]) -> dict[int, Any]:
    """Pass the signals this process gets on to the child (Ctrl-Z stops both), noting them in ``forwarded``;
    the handlers they replace."""

    def forward(signum: int, frame: FrameType | None) -> None:
        forwarded.add(signum)
        try:
            os.kill(pid, signum)
        except OSError:
            pass

    def suspend(signum: int, frame: FrameType | None) -> None:
        try:
            os.kill(pid, signal.SIGSTOP)
        except OSError:
            pass
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # stopped here until continued
        signal.signal(signal.SIGTSTP, suspend)
        try:
            os.kill(pid, signal.SIGCONT)
        except OSError:
            pass

    before = {signum: signal.signal(signum, forward) for signum in signals}
    if signal.getsignal(signal.SIGTSTP) == signal.SIG_DFL:  # job control: Ctrl-Z
        before[signal.SIGTSTP] = signal.signal(signal.SIGTSTP, suspend)
    return before


def _restore(before: dict[int, Any]) -> None:
    for signum, handler in before.items():
        signal.signal(signum, handler)


def _end_by_signal(signum: int) -> NoReturn:
    """End as the command did: by the same signal (the shell then says so, and $? is 128 + signum)."""
    try:
        signal.signal(signum, signal.SIG_DFL)
    except (OSError, ValueError):
        pass  # SIGKILL has no handler to reset: it ends this process all the same
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signum])
    os.kill(os.getpid(), signum)
    sys.exit(128 + signum)  # a signal this process cannot end by

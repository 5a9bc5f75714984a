"""Where a ``linjat`` command finds the warm engine server, and how the two talk.

Each server listens on ``<fingerprint>.sock`` in a folder only its user can
enter (mode 0700): ``$LINJAT_SERVER_DIR``, else ``$XDG_RUNTIME_DIR/linjat-editor``,
else ``/tmp/linjat-editor-<uid>``. Beside the socket: ``<fingerprint>.lock``
(held by the server for its life, and by whoever starts it; removed as it
ends) and its log.

The messages are JSON objects, one a line (typed in ``wire.py``). A command sends ``{"verb": "run",
...}`` with its standard input, output and error attached (SCM_RIGHTS); the
child the server forks for it answers ``{"pid": N}``, runs once told
``{"go": true}``, and ends with ``{"exit": N}`` (or the server says
``{"signal": N}`` when a signal ended it). ``status`` and ``stop`` ask the
server itself. Standard library only.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import sys
TYPE_CHECKING = False  # importing typing would cost a command handed to a server 3 ms of its start
if TYPE_CHECKING:
    from .wire import Message

#: "0" turns the server off: no command uses one, none starts one.
SWITCH = "LINJAT_SERVER"
#: The servers' folder (the tests give each run its own).
FOLDER = "LINJAT_SERVER_DIR"
#: Seconds a server waits for its next command before it leaves (default 10 minutes).
IDLE = "LINJAT_SERVER_IDLE"
DEFAULT_IDLE = 600.0
#: Servers one user keeps at most (one per fingerprint: another checkout, cache or setting); a new one sends
#: the longest idle away. Each holds some 60 MB of its own.
MOST = "LINJAT_SERVER_MAX"
DEFAULT_MOST = 3
#: A request or a reply longer than this is not ours (an environment is some kilobytes).
MAX_MESSAGE = 4 << 20
#: Seconds a command waits for a server's first answer before it runs the command itself.
HANDSHAKE_TIMEOUT = 5.0


def enabled() -> bool:
    """Whether this process may use or start a server: Linux, not the built app, not switched off."""
    return not off_because()


def off_because() -> str:
    """Why this process may not use a server, in words ('' when it may)."""
    if getattr(sys, "frozen", False):
        return "the app runs each command in its own process, its engine compiled in"
    if sys.platform != "linux":
        return "the server runs on Linux only"
    if os.environ.get(SWITCH) == "0":
        return f"switched off: {SWITCH}=0"
    if not hasattr(socket, "send_fds"):
        return "this Python cannot pass a terminal to a server"
    return ""


def idle_limit() -> float:
    try:
        return max(0.1, float(os.environ.get(IDLE) or DEFAULT_IDLE))
    except ValueError:
        return DEFAULT_IDLE


def most_servers() -> int:
    try:
        return max(1, int(os.environ.get(MOST) or DEFAULT_MOST))
    except ValueError:
        return DEFAULT_MOST


def folder(create: bool = True) -> str | None:
    """The servers' private folder (made if missing); None when it is not ours alone or cannot be made."""
    path = os.environ.get(FOLDER)
    if not path:
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        path = (os.path.join(runtime, "linjat-editor") if runtime
                else os.path.join(os.environ.get("TMPDIR") or "/tmp", f"linjat-editor-{os.geteuid()}"))
    try:
        if create:
            os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.lstat(path)
    except OSError:
        return None
    private = stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o077
    return path if private else None


def socket_path(where: str, fingerprint: str) -> str:
    return os.path.join(where, f"{fingerprint}.sock")


def lock_path(where: str, fingerprint: str) -> str:
    return os.path.join(where, f"{fingerprint}.lock")


def log_path(where: str, fingerprint: str) -> str:
    return os.path.join(where, f"{fingerprint}.log")


def connect(path: str, timeout: float = HANDSHAKE_TIMEOUT) -> socket.socket:
    """A connection to the server listening at ``path`` (OSError when none does)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout)
        sock.connect(path)
    except BaseException:
        sock.close()
        raise
    return sock


def send(sock: socket.socket, message: Message, fds: list[int] | None = None) -> None:
    data = json.dumps(message).encode() + b"\n"
    if fds:
        sent = socket.send_fds(sock, [data], fds)
        data = data[sent:]
    sock.sendall(data)


class Reader:
    """The messages arriving on a connection, in order; with any file descriptors sent along."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""
        self.fds: list[int] = []

    def next(self, with_fds: int = 0) -> Message | None:
        """The next message; None at the end of the connection. OSError (or socket.timeout) as the socket raises."""
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_MESSAGE:
                raise OSError("message too long")
            if with_fds and not self.fds:
                chunk, fds, _, _ = socket.recv_fds(self.sock, 65536, with_fds)
                self.fds.extend(fds)
            else:
                chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            raise OSError("not a message") from None
        if not isinstance(message, dict):
            raise OSError("not a message")
        return message  # type: ignore[return-value]  # JSON's object; its reader checks the keys it needs

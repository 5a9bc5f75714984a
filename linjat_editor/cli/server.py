"""The warm engine server: a ``linjat`` command runs in a fork of a process that has numba and the kernels loaded.

Importing numba takes most of a short command's start (0.3-0.4 s); a JIT
runtime's usual answer is a warm process that forks per request (Android's
zygote, Emacs' server, Gradle's daemon). This is that process for the command
line. It loads every kernel family a command runs from the cache (it never
compiles: it does not start unless all are compiled), then listens on its
socket (``rendezvous.py``). For each command it forks a child, which takes the
caller's standard input, output and error, folder, environment and umask, and
runs ``command.main`` as the program would; the caller's ``linjat`` only
waits, passes on signals and exits with the child's status (``client.py``).

The server stays single-threaded (a fork copies only the thread that forks),
reaps its children, and leaves after an idle time, when asked, or when its
fingerprint no longer matches the files on disk (checked on each idle tick).
"""

from __future__ import annotations

import atexit
import fcntl
import gc
import io
import os
import resource
import select
import signal
import socket
import struct
import sys
import threading
import time
import traceback
from types import FrameType
from typing import Any, NoReturn

from linjat_editor.core.jit import detached

from . import command, rendezvous, servers
from .fingerprint import fingerprint
from .wire import Message


def log(text: str) -> None:
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} [{os.getpid()}] {text}", file=sys.stderr, flush=True)


def threads() -> int:
    """This process' threads, numba's and BLAS' native ones included."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def main(argv: list[str]) -> int:
    """``python -c ... <fingerprint> <lock fd>``, as ``starter.py`` runs it: load, listen, serve, leave."""
    expected, lock = argv[0], int(argv[1])
    where = rendezvous.folder()
    if where is None:
        log("no private folder for the socket")
        return 1
    if fingerprint() != expected:
        log("this process' fingerprint is not its starter's (other Python flags?): not serving")
        return 1
    command.as_program()
    from linjat_editor.core.ready import readiness, warmup

    if not warmup.compiled(readiness.SERVED_FAMILIES):
        log("the kernels are not all compiled: a server only loads them (run a command to compile)")
        return 1
    started = time.perf_counter()
    readiness.ready(readiness.SERVED_FAMILIES, load=True).begin().run()  # warm: loads them all, before any fork
    if threads() != 1:
        log(f"{threads()} threads after loading the kernels: a fork would copy only one; not serving")
        return 1
    command.build_parser()  # once, here: each child only parses
    gc.collect()
    gc.freeze()  # what was loaded stays shared with the children, and their collections skip it
    server = Server(where, expected, lock)
    log(f"serving at {server.path} (kernels loaded in {time.perf_counter() - started:.2f} s, idle limit {server.idle:g} s)")
    server.sweep()
    server.make_room()
    code = server.serve()
    sys.stderr.flush()
    os._exit(code)  # nothing left to tidy: the interpreter's own end, over numba's objects, takes a second


def _ignore(signum: int, frame: FrameType | None) -> None:
    """A Python handler, so that the signal wakes the loop through the wakeup pipe."""


class Server:
    def __init__(self, where: str, fingerprint: str, lock: int) -> None:
        self.where = where
        self.fingerprint = fingerprint
        self.lock = lock
        self.path = rendezvous.socket_path(where, fingerprint)
        self.children: dict[int, socket.socket] = {}
        self.served = 0
        self.started = time.time()
        self.last_busy = time.monotonic()
        self.stopping = False
        self.idle = rendezvous.idle_limit()
        self.tick = min(5.0, max(0.05, self.idle / 10))
        try:
            os.unlink(self.path)  # we hold the lock: a socket left here is a dead server's
        except FileNotFoundError:
            pass
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        os.chmod(self.path, 0o600)  # the folder is the user's alone already
        self.listener.listen(64)
        self.inode = os.stat(self.path).st_ino
        self.wake_r, self.wake_w = os.pipe()
        for fd in (self.wake_r, self.wake_w):
            os.set_blocking(fd, False)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, _ignore)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._asked_to_stop)

    def _asked_to_stop(self, signum: int, frame: FrameType | None) -> None:
        self.leave(f"signal {signum}")

    def serve(self) -> int:
        next_check = time.monotonic() + self.tick
        while True:
            watched = [self.wake_r] if self.stopping else [self.wake_r, self.listener.fileno()]
            ready, _, _ = select.select(watched, [], [], self.tick)
            if self.wake_r in ready:
                try:
                    os.read(self.wake_r, 4096)
                except BlockingIOError:
                    pass
            self.reap()
            if not self.stopping and self.listener.fileno() in ready:
                self.accept()
            now = time.monotonic()
            if self.children:
                self.last_busy = now
            if self.stopping:
                if not self.children:
                    self.close()
                    return 0
            elif now - self.last_busy >= self.idle:
                self.leave(f"idle for {self.idle:g} s")
            elif now >= next_check:
                next_check = now + self.tick
                self.check_files()

    def check_files(self) -> None:
        """Leave when the code or settings on disk are no longer the ones loaded, or the socket is not ours."""
        try:
            ours = os.stat(self.path).st_ino == self.inode
        except OSError:
            ours = False
        if not ours:
            self.leave("the socket was removed")
        elif fingerprint() != self.fingerprint:
            self.leave("the sources or settings changed on disk")

    def leave(self, why: str) -> None:
        """Stop listening (no new command comes); the loop ends when the running ones have."""
        if self.stopping:
            return
        log(f"leaving: {why}" + (f" (waiting for {len(self.children)} running)" if self.children else ""))
        self.stopping = True
        try:
            if os.stat(self.path).st_ino == self.inode:
                os.unlink(self.path)
        except OSError:
            pass
        self.listener.close()

    def close(self) -> None:
        log(f"left after {self.served} commands")
        try:
            os.unlink(rendezvous.log_path(self.where, self.fingerprint))  # a clean end: nothing to read there
        except OSError:
            pass
        lock = rendezvous.lock_path(self.where, self.fingerprint)
        try:
            if os.stat(lock).st_ino == os.fstat(self.lock).st_ino:
                os.unlink(lock)  # still held, until this process ends: a starter that opened it opens it again
        except OSError:
            pass

    def sweep(self) -> None:
        """Remove the lock files and sockets of servers that are gone (killed, or from before locks were removed)."""
        ours = os.path.basename(rendezvous.lock_path(self.where, self.fingerprint))
        try:
            names = os.listdir(self.where)
        except OSError:
            return
        for name in names:
            if not name.endswith(".lock") or name == ours:
                continue
            path = os.path.join(self.where, name)
            lock = detached.take_lock(path)
            if lock is None or lock < 0:
                continue  # held: a server runs or starts there
            try:
                for left in (path[: -len(".lock")] + ".sock", path):
                    try:
                        os.unlink(left)
                    except OSError:
                        pass
            finally:
                os.close(lock)

    def make_room(self) -> None:
        """Send away the longest idle other servers while this user has more than ``most_servers()`` with this one."""
        mine = os.path.basename(self.path)
        try:
            names = sorted(n for n in os.listdir(self.where) if n.endswith(".sock") and n != mine)
        except OSError:
            return
        others = [(name, status) for name, status in ((n, servers.ask(self.where, n, "status")) for n in names)
                  if status is not None]
        idle = sorted((s for s in others if not s[1].get("running")), key=lambda s: -float(s[1].get("idle", 0)))
        for name, status in idle[: max(0, len(others) + 1 - rendezvous.most_servers())]:
            if servers.ask(self.where, name, "stop") is not None:
                log(f"asked the server {status.get('pid')} to leave (idle {float(status.get('idle', 0)):.0f} s): "
                    f"at most {rendezvous.most_servers()} servers")

    def reap(self) -> None:
        """Collect ended children; tell each one's caller how it ended (it may have said so itself)."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.children.pop(pid, None)
            self.last_busy = time.monotonic()
            if conn is None:
                continue
            ended: Message = ({"signal": os.WTERMSIG(status)} if os.WIFSIGNALED(status)
                     else {"exit": os.waitstatus_to_exitcode(status)})
            try:
                conn.settimeout(0.5)
                rendezvous.send(conn, ended)
            except OSError:
                pass  # the caller has its status already, or is gone
            conn.close()

    def status(self) -> Message:
        return {"pid": os.getpid(), "fingerprint": self.fingerprint, "started": self.started,
                "idle": 0.0 if self.children else time.monotonic() - self.last_busy, "idle_limit": self.idle,
                "served": self.served, "running": len(self.children)}

    def accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        conn.settimeout(2.0)  # a caller that connects and says nothing does not hold the server up
        if not _same_user(conn):  # the folder is the user's alone; should its mode change, still only the user
            conn.close()
            return
        reader = rendezvous.Reader(conn)
        forked = False
        try:
            request = reader.next(with_fds=3)
            verb = request.get("verb") if request else None
            if verb == "status":
                rendezvous.send(conn, self.status())
            elif verb == "stop":
                rendezvous.send(conn, self.status())
                self.leave("asked to stop")
            elif verb == "run" and request is not None:
                if request.get("fingerprint") != self.fingerprint:
                    rendezvous.send(conn, {"refused": "another fingerprint"})
                elif len(reader.fds) != 3:
                    rendezvous.send(conn, {"refused": "standard input, output and error expected"})
                elif threads() != 1:
                    rendezvous.send(conn, {"refused": "the server has threads"})
                    self.leave(f"{threads()} threads: cannot fork safely")
                else:
                    self.fork(conn, reader, request)
                    forked = True
        except (OSError, ValueError, TypeError, AttributeError) as error:
            log(f"a request failed: {type(error).__name__}: {error}")
        finally:
            for fd in reader.fds:
                os.close(fd)
            if not forked:
                conn.close()

    def fork(self, conn: socket.socket, reader: rendezvous.Reader, request: Message) -> None:
        pid = os.fork()
        if pid == 0:
            log_fd = os.dup(2)  # the server's log, whatever becomes of stderr
            try:
                self.become_child(conn)
                Child(conn, reader, request).run()
            except BaseException:  # noqa: BLE001 - never back into the server's loop
                try:
                    os.write(log_fd, f"[{os.getpid()}] {traceback.format_exc()}".encode())
                except BaseException:  # noqa: BLE001
                    pass
            os._exit(70)
        self.children[pid] = conn
        self.served += 1

    def become_child(self, conn: socket.socket) -> None:
        """In the fork: let go of everything that is the server's (its socket, lock, pipe, other callers)."""
        signal.set_wakeup_fd(-1)
        self.listener.close()
        for other in self.children.values():
            other.close()
        for fd in (self.wake_r, self.wake_w, self.lock):
            os.close(fd)  # the lock too: a child must not keep another server from starting


#: Signals as Python sets them up at start (Ctrl-C raises KeyboardInterrupt, a closed pipe raises BrokenPipeError).
_PROGRAM_SIGNALS: dict[int, Any] = {
    signal.SIGINT: signal.default_int_handler, signal.SIGPIPE: signal.SIG_IGN, signal.SIGXFSZ: signal.SIG_IGN,
    signal.SIGTERM: signal.SIG_DFL, signal.SIGHUP: signal.SIG_DFL, signal.SIGCHLD: signal.SIG_DFL,
    signal.SIGQUIT: signal.SIG_DFL, signal.SIGIO: signal.SIG_DFL,
}


class Child:
    """One command, in a fork of the server: it becomes the caller's process, runs, and reports its status."""

    def __init__(self, conn: socket.socket, reader: rendezvous.Reader, request: Message) -> None:
        self.conn = conn
        self.reader = reader
        self.request = request

    def run(self) -> NoReturn:
        ignored = set(self.request.get("ignored") or ())
        for signum, handler in _PROGRAM_SIGNALS.items():
            signal.signal(signum, signal.SIG_IGN if signum in ignored else handler)
        self.become_caller()
        self.conn.settimeout(rendezvous.HANDSHAKE_TIMEOUT)
        rendezvous.send(self.conn, {"pid": os.getpid()})
        go = self.reader.next()
        if not go or go.get("go") is not True:
            os._exit(0)  # the caller ran the command itself (or is gone): nothing was done here
        self.conn.settimeout(None)
        if not self.watch():
            os._exit(0)  # the caller died before anything ran
        interrupted = False
        try:
            status = _exit_code(command.main())
        except SystemExit as stop:
            status = _exit_code(stop.code)
        except KeyboardInterrupt:
            sys.excepthook(*sys.exc_info())
            status, interrupted = 130, True
        except BaseException:  # noqa: BLE001 - what the interpreter does with an uncaught error
            sys.excepthook(*sys.exc_info())
            status = 1
        self.unwatch()
        status = _end_like_the_interpreter(status)
        if interrupted:  # as Python does after an uncaught KeyboardInterrupt: end by the signal
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        try:
            rendezvous.send(self.conn, {"exit": status})
        except OSError:
            pass
        os._exit(status)

    def become_caller(self) -> None:
        """The caller's folder, limits (``ulimit``), niceness, umask, cores, standard streams and environment.

        What cannot be made the caller's (a higher limit or priority than the
        server's) raises before the caller hears of this child: it runs the
        command itself.
        """
        request = self.request
        os.chdir(request["cwd"])
        for name, (soft, hard) in request["limits"].items():
            resource.setrlimit(getattr(resource, name), (soft, hard))
        if os.getpriority(os.PRIO_PROCESS, 0) != request["nice"]:
            os.setpriority(os.PRIO_PROCESS, 0, request["nice"])
        os.umask(int(request["umask"]))
        if request.get("cpus") and hasattr(os, "sched_setaffinity"):
            try:
                os.sched_setaffinity(0, request["cpus"])
            except OSError:
                pass
        fds = [fd if fd > 2 else os.dup(fd) for fd in self.reader.fds]
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        self.reader.fds = []
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [str(word) for word in request["argv"]]
        _standard_streams()

    def watch(self) -> bool:
        """When the caller goes away (killed), stop as Ctrl-C would; False when it is gone already.

        The connection signals the child (SIGIO) when it becomes readable: the
        caller sends nothing after "go", so readable means it hung up.
        """
        fd = self.conn.fileno()

        def hung_up() -> bool:
            try:
                return self.conn.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
            except BlockingIOError:
                return False
            except OSError:
                return True

        def caller_gone(signum: int, frame: FrameType | None) -> None:
            if hung_up():
                signal.signal(signal.SIGIO, signal.SIG_IGN)
                raise KeyboardInterrupt

        signal.signal(signal.SIGIO, caller_gone)
        fcntl.fcntl(fd, fcntl.F_SETOWN, os.getpid())
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_ASYNC)
        return not hung_up()

    def unwatch(self) -> None:
        signal.signal(signal.SIGIO, signal.SIG_IGN)
        fd = self.conn.fileno()
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_ASYNC)


def _same_user(conn: socket.socket) -> bool:
    """Whether the process at the other end runs as this user (SO_PEERCRED: pid, uid, gid)."""
    try:
        _, uid, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    except OSError:
        return False
    return uid == os.geteuid()


def _exit_code(code: object) -> int:
    """The exit status ``sys.exit(code)`` gives, as the interpreter turns it into one (a message: printed, 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _standard_streams() -> None:
    """New sys.stdin, stdout and stderr on fds 0-2, made as Python makes them at start.

    Line-buffered on a terminal (stderr always), block-buffered otherwise; the
    encodings are the server's, which the fingerprint makes the caller's (the
    same locale and PYTHONIOENCODING).
    """
    template = {0: sys.__stdin__, 1: sys.__stdout__, 2: sys.__stderr__}
    unbuffered = bool(sys.__stdout__ and sys.__stdout__.write_through)
    streams = []
    for fd, (name, mode) in enumerate((("<stdin>", "r"), ("<stdout>", "w"), ("<stderr>", "w"))):
        model = template[fd]
        raw_only = unbuffered and mode == "w"
        buffer: Any = io.open(fd, mode + "b", buffering=0 if raw_only else -1, closefd=False)
        raw = buffer if raw_only else buffer.raw
        raw.name = name
        stream = io.TextIOWrapper(
            buffer, encoding=model.encoding if model else None, errors=model.errors if model else None,
            newline="\n", line_buffering=not unbuffered and (raw.isatty() or fd == 2), write_through=unbuffered)
        stream.mode = mode  # type: ignore[misc]
        streams.append(stream)
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]


def _end_like_the_interpreter(status: int) -> int:
    """What Python does after the program: wait for its threads, run the exit functions, flush the streams.

    A stream that cannot be flushed makes the status 120, as in the interpreter.
    """
    try:
        threading._shutdown()  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001
        pass
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except Exception:  # noqa: BLE001
            status = 120
    return status

"""Starting a warm engine server in the background, at most one per fingerprint.

The server's lock is taken here, before the server process exists, and
handed to it (the same open file): two commands ending at once start one
server, and while it loads its kernels a third command runs in its own
process rather than start another. The server runs detached, in a session of
its own, from the servers' folder, with the search path and environment the
command started with; what it says goes to its log beside its socket.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from linjat_editor.core.jit import detached

from . import rendezvous

#: The server's first lines: the command's own search path before anything of ours is imported.
BOOT = ("import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
        "from linjat_editor.cli.server import main; sys.exit(main(sys.argv[2:]))")


def start(fingerprint: str, environment: dict[str, str], path: list[str]) -> bool:
    """Start a server for ``fingerprint`` unless one runs or starts; False when none can be started."""
    where = rendezvous.folder()
    if where is None:
        return False
    lock = detached.take_lock(rendezvous.lock_path(where, fingerprint))
    if lock is None:
        return True  # a server holds it: running, or loading its kernels
    if lock < 0:
        return False
    try:
        # The interpreter's flags (-X, -O, ...) too: the server's fingerprint must come out the same.
        flags: list[str] = getattr(subprocess, "_args_from_interpreter_flags", list)()
        if "utf8" not in sys._xoptions:
            # Python turns UTF-8 mode on by itself in the C locale (no LANG, or one not installed) and sets
            # LC_CTYPE to C.UTF-8 as it does, which the server inherits and which then keeps it off there.
            flags += ["-X", f"utf8={sys.flags.utf8_mode}"]
        return detached.start([sys.executable, *flags, "-c", BOOT, json.dumps(path), fingerprint, str(lock)],
                              rendezvous.log_path(where, fingerprint), cwd=where, env=environment, lock=lock)
    finally:
        os.close(lock)  # the server has its own copy, and with it the lock

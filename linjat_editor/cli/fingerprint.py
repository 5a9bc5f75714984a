"""What a warm engine server must share with a command to run it: the same Python, code, settings and cache.

A server answers only commands whose fingerprint is its own, and leaves when
the files on disk no longer give it: a developer who edits a source, installs
another numba or points ``NUMBA_CACHE_DIR`` elsewhere never talks to a server
holding the old code. Standard library only, and a few milliseconds: every
``linjat`` computes it before it knows whether a server listens.
"""

from __future__ import annotations

import hashlib
import os
import sys

import linjat_editor

#: The package folder: a source edited under it is new code.
PACKAGE = os.path.dirname(os.path.abspath(linjat_editor.__file__))
#: Variables that change what the engine does, where it caches, or how Python reads and writes text.
ENV_PREFIXES = ("NUMBA_", "LINJAT_", "PYTHON", "LC_", "XDG_CACHE_", "XDG_CONFIG_", "XDG_DATA_")
ENV_NAMES = ("HOME", "LANG", "LANGUAGE")
#: Ours, about the server itself (on or off, its folder, its idle time): a server answers with any of them.
SERVER_PREFIX = "LINJAT_SERVER"


def search_path() -> list[str]:
    """``sys.path`` with its folders absolute: ``''`` is the current folder, which a server started elsewhere keeps.

    An entry that is no folder here stays as it is: an import hook's marker
    (an editable install's) is no path.
    """
    return [os.path.abspath(entry) if entry == "" or os.path.exists(entry) else entry for entry in sys.path]


def _environment() -> list[tuple[str, str]]:
    return sorted((name, value) for name, value in os.environ.items()
                  if (name.startswith(ENV_PREFIXES) or name in ENV_NAMES) and not name.startswith(SERVER_PREFIX))


def _package_files() -> list[tuple[str, int, int, int, int]]:
    """(path, mtime_ns, ctime_ns, inode, size) of every file of the package (sources, and the data files they read).

    The change time is what makes this as good as the files' contents: every
    write to a file, and every setting of its times, sets it to the present,
    and no user can set it back (an edit of the same size with its
    modification time restored is a new change time). A file replaced by
    another (a rename, a checkout) is a new inode. Reading the contents
    instead would cost four times as long, on every command.
    """
    found = []
    for folder, subfolders, files in os.walk(PACKAGE):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(files):
            try:
                st = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            found.append((os.path.relpath(os.path.join(folder, name), PACKAGE), st.st_mtime_ns, st.st_ctime_ns,
                          st.st_ino, st.st_size))
    return found


def _installed_packages() -> list[tuple[str, int]]:
    """The site-packages folders' times: installing or removing a package (another numba) changes them."""
    out = []
    for entry in search_path():
        if os.path.basename(entry) in ("site-packages", "dist-packages"):
            try:
                out.append((entry, os.stat(entry).st_mtime_ns))
            except OSError:
                pass
    return out


def fingerprint() -> str:
    """A short hex digest of the Python, its flags and search path, the package's version and files, and the settings."""
    parts = (
        # UTF-8 mode is in sys.flags however it came on (-X utf8, PYTHONUTF8, the C locale): its -X is not counted twice.
        sys.executable, sys.version, tuple(sys.flags), sys.warnoptions, sorted(o for o in sys._xoptions.items() if o[0] != "utf8"),
        search_path(), linjat_editor.__version__, _package_files(), _installed_packages(), _environment(),
        os.geteuid() if hasattr(os, "geteuid") else None,
    )
    return hashlib.blake2b(repr(parts).encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()

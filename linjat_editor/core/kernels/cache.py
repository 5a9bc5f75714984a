"""Where numba caches compiled kernels: one folder per version of the kernel sources."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import numba
import platformdirs

CORE = Path(__file__).resolve().parent.parent
#: Every module holding a cached kernel, or code inlined into one.
SOURCES = ("kernels/*.py", "analysis/*.py")
#: Versions kept: two checkouts (or a release and a development tree) used in
#: turn would otherwise delete each other's kernels and compile them again
#: at every switch.
KEEP = 3


def sources_digest() -> str:
    files = sorted(p for pattern in SOURCES for p in CORE.glob(pattern))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def use_versioned_cache() -> None:
    """Point numba's cache at a folder for this exact version of the sources.

    Must run before any kernel is decorated. A ``NUMBA_CACHE_DIR`` the user set
    is kept as the parent folder. Only the ``KEEP`` most recently used
    versions stay (see :func:`prune`).
    """
    parent = Path(os.environ.get("NUMBA_CACHE_DIR") or platformdirs.user_cache_dir("linjat-editor")) / "numba"
    version = sources_digest()
    here = parent / version
    try:
        here.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # no writable cache: numba falls back to its default place
    setattr(numba.config, "CACHE_DIR", str(here))  # numba reads it when each kernel is decorated
    prune(parent, here)


def prune(parent: Path, here: Path, keep: int = KEEP) -> None:
    """Mark ``here`` as just used and remove all but the ``keep`` most recently used version folders.

    Best effort: another process may still be using a folder, or remove it first.
    """
    try:
        os.utime(here)
        folders = [(p.stat().st_mtime, p) for p in parent.iterdir() if p.is_dir() and p != here]
    except OSError:
        return
    folders.sort(reverse=True)
    for _, old in folders[keep - 1 :]:
        shutil.rmtree(old, ignore_errors=True)


def compiled() -> bool:
    """True when this version's kernels are already in the cache (a start will not compile for minutes)."""
    folder = Path(str(getattr(numba.config, "CACHE_DIR", "") or ""))
    return folder.is_dir() and any(folder.rglob("*.nbi"))


#: What the editor and the command line say while the first start compiles.
PREPARING = "preparing the engine: the first start after an install compiles it (a minute or two)…"

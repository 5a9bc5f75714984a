"""Where compiled kernels are kept: one folder per version of the kernel sources, shipped or per user.

Two places, looked up in this order (``locator.KernelCache``):

- the *shipped* cache, ``core/kernels/shipped/<version>/`` inside the package (the
  app's build fills it, compiled for a generic x86-64 CPU; read only);
- the user's cache, ``<user cache dir>/numba/<version>/`` (or
  ``$NUMBA_CACHE_DIR/numba/<version>/``), where whatever is compiled here goes.

``<version>`` is a digest of every kernel source's content, so a new version never
loads an old version's kernels, and nothing depends on where the package lies or
on its files' dates: a copy of the app at another path finds the same kernels.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from functools import lru_cache
from pathlib import Path

import platformdirs

CORE = Path(__file__).resolve().parent.parent
#: The package folder: cached kernels are named by their file's path below it.
PACKAGE = CORE.parent
#: Every kernel's source, and the two modules kernels read constants from (numba freezes a global at
#: compile time): ``kinds.py``, the kinds' numbers, and ``scoring.py``, the objective array's slots.
#: Nothing else: editing the analysis' words or reports compiles nothing again.
SOURCES = (
    "kernels/*.py",
    "kinds.py",
    "scoring.py",
)
#: Kernel machinery under ``kernels/``, no kernel code (how kernels are found and loaded lives in ``jit/``,
#: outside ``SOURCES``): a change to it compiles nothing again.
MACHINERY = ("kernels/__init__.py",)
#: The shipped cache's parent folder (empty, or missing, outside a built app).
SHIPPED = CORE / "kernels" / "shipped"
#: Versions kept: two checkouts (or a release and a development tree) used in
#: turn would otherwise delete each other's kernels and compile them again
#: at every switch.
KEEP = 3


@lru_cache(maxsize=1)
def sources_digest() -> str:
    files = sorted(p for pattern in SOURCES for p in CORE.glob(pattern) if p.relative_to(CORE).as_posix() not in MACHINERY)
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(CORE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def user_parent() -> Path:
    return Path(os.environ.get("NUMBA_CACHE_DIR") or platformdirs.user_cache_dir("linjat-editor")) / "numba"


@lru_cache(maxsize=1)
def user_folder() -> Path | None:
    """This version's folder in the user's cache, made and marked as used; None when it cannot be written."""
    parent = user_parent()
    here = parent / sources_digest()
    try:
        here.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    prune(parent, here)
    return here


def shipped_folder() -> Path | None:
    """This version's shipped kernels, when the package carries them."""
    here = SHIPPED / sources_digest()
    return here if here.is_dir() else None


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


def _marker(folder: Path, family: str) -> Path:
    """Says that a family of kernels (``core/ready/warmup.py``) is compiled in ``folder``, by this numba."""
    import numba  # the version: another numba compiles again (the app may carry no package metadata)

    return folder / "ready" / f"{family}-numba-{numba.__version__}"


def is_ready(family: str) -> bool:
    return any(folder is not None and _marker(folder, family).exists() for folder in (shipped_folder(), user_folder()))


def mark_ready(family: str) -> None:
    folder = user_folder()
    if folder is not None:
        marker = _marker(folder, family)
        marker.parent.mkdir(exist_ok=True)
        marker.touch()

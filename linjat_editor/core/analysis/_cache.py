"""Keep numba's cache of this package's kernels in step with the engine's kernels.

numba keys a cached kernel on its own source file only, but our kernels
inline the engine's rules and exact search: when those change, the cached
copies here would keep running the old code. So the cache is dropped
whenever any engine kernel or any file of this package changes (a digest of
them all is kept beside the cache), as ``core/kernels`` does for itself.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent / "kernels"


def drop_stale_cache() -> None:
    sources = sorted(KERNELS.glob("*.py")) + sorted(HERE.glob("*.py"))
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    cache = HERE / "__pycache__"
    stamp = cache / "kernels.digest"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for old in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            old.unlink()
        stamp.write_text(digest)
    except OSError:
        pass  # a read-only install: numba then caches elsewhere or not at all


drop_stale_cache()

"""numba kernels: the engine's hot loops. Private to ``linjat_editor.core``.

Every kernel is compiled with ``cache=True`` (the second start is fast) and
``nogil=True`` (a GUI thread stays responsive while a worker runs one).
Boards are flat: cell index = row * width + col.

numba keys each cached kernel on its own file only, so a kernel that calls
into a changed file would keep running the old code. We therefore drop the
whole cache whenever any kernel source changes (a digest of them all is kept
beside the cache).
"""

import hashlib
from pathlib import Path


def _drop_stale_cache() -> None:
    here = Path(__file__).parent
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(here.glob("*.py")))).hexdigest()
    cache = here / "__pycache__"
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


_drop_stale_cache()

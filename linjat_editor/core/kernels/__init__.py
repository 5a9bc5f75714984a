"""numba kernels: the engine's hot loops. Private to ``linjat_editor.core``.

Every kernel is compiled once and cached on disk (the second start is fast) and
runs with ``nogil=True`` (a GUI thread stays responsive while a worker runs one).
Boards are flat: cell index = row * width + col.

numba keys each cached kernel on its own source file only, so a kernel that
inlines code from a changed file would keep running the old code, and a
process started before a change could even write stale code back into the
cache. So the cache lives in a folder named after a digest of every kernel
source (the engine's and the analysis package's): a change of any of them
simply starts a new cache, and nothing is ever deleted under a running
process. ``locator.py`` names each kernel's files by its path inside the
package (not on disk), so a moved copy finds them; ``cache.py`` names the folders.
"""

import sys


def _import_numba_without_yaml() -> None:
    """Import numba with PyYAML hidden (the batch extra's dask brings it).

    numba imports PyYAML only to read a ``.numba_config.yaml`` in the current
    folder, which the engine never uses, at every start. Hidden
    while numba loads, then back for whoever needs it.
    """
    if "numba" in sys.modules or "yaml" in sys.modules:
        return
    sys.modules["yaml"] = None  # type: ignore[assignment]  # None: "import yaml" raises ImportError
    try:
        import numba  # noqa: F401
    finally:
        del sys.modules["yaml"]


_import_numba_without_yaml()

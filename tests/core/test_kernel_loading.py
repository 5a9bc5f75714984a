"""A kernel loaded from the cache runs without its linking bitcode parsed or numba's compiler readied, and still links into a new caller.

Fresh interpreters with an empty cache folder; two small kernels only (``popcount``
and ``lowest``, which calls it), so it stays cheap.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_COMPILE = """
import numpy as np
from linjat_editor.core.kernels import bits
print(bits.lowest(np.uint64(8)))
"""

_LOAD = """
import json, sys, numba, numpy as np
from linjat_editor.core.kernels import bits
counted = bits.popcount(np.uint64(7))
library = next(iter(bits.popcount.overloads.values())).library
loaded = {"counted": counted, "hits": sum(bits.popcount.stats.cache_hits.values()),
          "library": type(library).__name__, "unparsed": library._bitcode is not None,
          "compiler_readied": "numba.np.linalg" in sys.modules}  # one of the many modules numba's refresh imports
doubled = numba.njit(lambda x: 2 * bits.popcount(x))  # a new caller: links popcount's bitcode
loaded.update(doubled=doubled(np.uint64(7)), unparsed_after=library._bitcode is not None)
print(json.dumps(loaded))
"""


def _run(code: str, cache_dir: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    done = subprocess.run([sys.executable, "-c", code], env={**env, "NUMBA_CACHE_DIR": str(cache_dir)},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_cached_kernel_parses_its_bitcode_only_when_a_compile_links_it(tmp_path: Path) -> None:
    assert _run(_COMPILE, tmp_path) == "3"
    loaded = json.loads(_run(_LOAD, tmp_path))
    assert loaded["hits"] == 1 and loaded["counted"] == 3  # loaded from the cache, and runs
    assert loaded["library"] == "OnDemandLibrary" and loaded["unparsed"]
    assert not loaded["compiler_readied"]  # loading needs numba's runtime, not all it can compile
    assert loaded["doubled"] == 6 and not loaded["unparsed_after"]


def test_numba_loads_without_pyyaml_which_stays_importable(tmp_path: Path) -> None:
    code = ("import sys, linjat_editor.core.kernels; loaded = 'yaml' in sys.modules; import yaml; "
            "print(loaded, 'numba' in sys.modules)")
    assert _run(code, tmp_path) == "False True"


def test_a_numba_without_the_internals_loads_as_numba_does() -> None:
    """Another numba version may lack what the deferred load leans on: then its payload passes unchanged."""
    from types import SimpleNamespace

    from linjat_editor.core.jit import loading

    payload = (("kernel", "object", b"code"), SimpleNamespace(llvm_func_name="f", llvm_cpython_wrapper_name="w"))
    bare = SimpleNamespace(codegen=lambda: SimpleNamespace(_library_class=object))  # no JIT engine to name symbols in
    assert loading.deferred(bare, payload) is payload
    engine = SimpleNamespace(_defined_symbols=set(), _load_defined_symbols=lambda module: None)
    full = SimpleNamespace(codegen=lambda: SimpleNamespace(_library_class=object, _engine=engine))
    assert loading.deferred(full, payload)[0][1] == "object, linked on demand"

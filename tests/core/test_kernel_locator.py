"""Compiled kernels are found by their place in the package and the sources' content, not by where the package lies.

Each check runs a copy of the package in a fresh interpreter (a few small kernels
only, so it stays cheap) and reads numba's own counters: a cache hit means the
kernel was loaded, a miss that it was compiled.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import linjat_editor
from linjat_editor.core.jit import cache

PACKAGE = Path(linjat_editor.__file__).resolve().parent
_RUN = """
import json, numpy as np, linjat_editor
from linjat_editor.core.kernels import bits
bits.popcount(np.uint64(7)); bits.rand_below(bits.seed_state(1), 5)
print(json.dumps({"package": linjat_editor.__file__,
                  "hits": sum(sum(k.stats.cache_hits.values()) for k in (bits.popcount, bits.rand_below)),
                  "misses": sum(sum(k.stats.cache_misses.values()) for k in (bits.popcount, bits.rand_below))}))
"""


def _copy_package(to: Path) -> Path:
    """A copy with fresh file dates (plain copies, not copy2), as an unpacked archive or a new install has."""
    shutil.copytree(PACKAGE, to / "linjat_editor", copy_function=shutil.copy,
                    ignore=shutil.ignore_patterns("__pycache__", "shipped"))
    return to


def _run(root: Path, cache_dir: Path, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "NUMBA_"))}
    clean.update(PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache_dir), **env)
    done = subprocess.run([sys.executable, "-c", _RUN], cwd=root, env=clean, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(answer["package"]).resolve().is_relative_to(root.resolve())  # the copy ran, not the checkout
    return answer


def _cache_files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def test_a_copy_at_another_path_loads_the_kernels_without_compiling(tmp_path):
    user_cache = tmp_path / "cache"
    first = _run(_copy_package(tmp_path / "a"), user_cache)
    assert first["misses"] == 2 and first["hits"] == 0
    written = _cache_files(user_cache)
    moved = _run(_copy_package(tmp_path / "b"), user_cache)
    assert moved["hits"] == 2 and moved["misses"] == 0
    assert _cache_files(user_cache) == written  # nothing compiled, nothing written


def test_the_shipped_generic_kernels_are_found_first_and_nothing_is_compiled(tmp_path):
    build_cache = tmp_path / "build-cache"
    _run(_copy_package(tmp_path / "a"), build_cache, NUMBA_CPU_NAME="generic")  # as make dist builds them
    app = _copy_package(tmp_path / "app")
    shipped = app / "linjat_editor" / "core" / "kernels" / "shipped"
    shutil.copytree(build_cache / "numba", shipped)
    user_cache = tmp_path / "user-cache"
    started = _run(app, user_cache)  # this CPU, an empty user cache
    assert started["hits"] == 2 and started["misses"] == 0
    assert not any(p.suffix in (".nbi", ".nbc") for p in user_cache.rglob("*"))


def test_the_version_folder_follows_the_sources_content_not_their_dates(tmp_path):
    copy = _copy_package(tmp_path)
    digest = cache.sources_digest()
    os.utime(copy / "linjat_editor" / "core" / "kernels" / "bits.py", (1, 1))
    same = subprocess.run([sys.executable, "-c", "from linjat_editor.core.jit import cache; print(cache.sources_digest())"],
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True)
    assert same.stdout.strip() == digest
    with open(copy / "linjat_editor" / "core" / "kernels" / "bits.py", "a") as source:
        source.write("\n# changed\n")
    changed = subprocess.run([sys.executable, "-c", "from linjat_editor.core.jit import cache; print(cache.sources_digest())"],
                             cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True)
    assert changed.stdout.strip() not in ("", digest)


def _digest(root: Path) -> str:
    done = subprocess.run([sys.executable, "-c", "from linjat_editor.core.jit import cache; print(cache.sources_digest())"],
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True)
    return done.stdout.strip()


def test_editing_a_sentence_of_the_analysis_compiles_nothing(tmp_path):
    """The analysis is words, reports and Python, no kernel source: a change to any of it keeps every compiled kernel."""
    copy = _copy_package(tmp_path / "a")
    user_cache = tmp_path / "cache"
    first = _run(copy, user_cache)
    assert first["misses"] == 2
    digest, written = _digest(copy), _cache_files(user_cache)
    analysis = copy / "linjat_editor" / "core" / "analysis"
    for source in sorted(analysis.glob("*.py")):
        source.write_text(source.read_text() + "\n# a sentence reworded\n")
    assert _digest(copy) == digest
    again = _run(copy, user_cache)
    assert again["hits"] == 2 and again["misses"] == 0
    assert _cache_files(user_cache) == written
    # A kernel's source does count: its edit is a new version.
    with open(copy / "linjat_editor" / "core" / "kernels" / "leak_general.py", "a") as kernel_source:
        kernel_source.write("\n# changed\n")
    assert _digest(copy) not in ("", digest)

"""The compiled-kernel cache keeps the few most recently used versions, so two checkouts used in turn do not recompile."""

import os
from pathlib import Path

from linjat_editor.core.jit.cache import prune


def test_prune_keeps_the_current_and_the_most_recently_used_versions(tmp_path):
    for age, name in enumerate(["newest", "second", "third", "oldest"]):
        folder = tmp_path / name
        folder.mkdir()
        stamp = 1_000_000 - age * 1000
        os.utime(folder, (stamp, stamp))
    here = tmp_path / "current"
    here.mkdir()
    prune(tmp_path, here, keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current", "newest", "second"]


def test_a_version_used_again_moves_to_the_front(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    os.utime(old, (1, 1))
    other = tmp_path / "other"
    other.mkdir()
    os.utime(other, (2, 2))
    prune(tmp_path, old, keep=2)  # "old" is in use again: "other" is now the older one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old", "other"]
    third = tmp_path / "third"
    third.mkdir()
    prune(tmp_path, third, keep=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old", "third"]


def test_every_module_with_a_kernel_is_in_the_version_digest():
    """A kernel module left out of ``SOURCES`` would keep loading its callers' old compiled code after a change."""
    import sys

    from numba.core.dispatcher import Dispatcher

    import linjat_editor.core.analysis.admission  # noqa: F401  every kernel module
    import linjat_editor.core.kernels.polish  # noqa: F401
    import linjat_editor.core.optimizer  # noqa: F401
    from linjat_editor.core.jit.cache import CORE, MACHINERY, SOURCES

    covered = {p for pattern in SOURCES for p in CORE.glob(pattern) if p.relative_to(CORE).as_posix() not in MACHINERY}
    holding = {
        name: module for name, module in list(sys.modules.items())
        if name.startswith("linjat_editor.core") and module is not None
        and any(isinstance(v, Dispatcher) and v.py_func.__module__ == name for v in vars(module).values())
    }
    assert "linjat_editor.core.door" in holding and len(holding) > 10
    for name, module in holding.items():
        assert module.__file__ is not None and Path(module.__file__).resolve() in covered, name

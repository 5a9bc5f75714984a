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


def _kernel_modules() -> set[Path]:
    """The files of every module that holds a compiled kernel (numba dispatcher)."""
    import sys

    from numba.core.dispatcher import Dispatcher

    import linjat_editor.core.kernels.door  # noqa: F401  every kernel module
    import linjat_editor.core.kernels.polish  # noqa: F401
    import linjat_editor.core.optimizer  # noqa: F401

    return {
        Path(module.__file__).resolve() for name, module in list(sys.modules.items())
        if name.startswith("linjat_editor.core") and module is not None and module.__file__
        and any(isinstance(v, Dispatcher) and v.py_func.__module__ == name for v in vars(module).values())
    }


def test_every_module_with_a_kernel_is_in_the_version_digest():
    """A kernel module left out of ``SOURCES`` would keep loading its callers' old compiled code after a change."""
    import sys

    from numba.core.dispatcher import Dispatcher

    import linjat_editor.core.kernels.door  # noqa: F401  every kernel module
    import linjat_editor.core.kernels.polish  # noqa: F401
    import linjat_editor.core.optimizer  # noqa: F401
    from linjat_editor.core.jit.cache import CORE, MACHINERY, SOURCES

    covered = {p for pattern in SOURCES for p in CORE.glob(pattern) if p.relative_to(CORE).as_posix() not in MACHINERY}
    holding = {
        name: module for name, module in list(sys.modules.items())
        if name.startswith("linjat_editor.core") and module is not None
        and any(isinstance(v, Dispatcher) and v.py_func.__module__ == name for v in vars(module).values())
    }
    assert "linjat_editor.core.kernels.door" in holding and len(holding) > 10
    for name, module in holding.items():
        assert module.__file__ is not None and Path(module.__file__).resolve() in covered, name


#: Modules kernel modules import from that compile into no kernel: the runtime's machinery.
NOT_COMPILED_IN = ("linjat_editor.core.jit",)


def test_every_module_a_kernel_module_reads_names_from_is_in_the_version_digest():
    """numba freezes a global at compile time: a constant read from a module outside ``SOURCES``
    (the objective's slots in ``scoring.py``, the kinds' numbers) would stay old in cached kernels."""
    import ast
    import importlib.util

    from linjat_editor.core.jit.cache import CORE, MACHINERY, SOURCES

    covered = {p for pattern in SOURCES for p in CORE.glob(pattern) if p.relative_to(CORE).as_posix() not in MACHINERY}
    for source in sorted(_kernel_modules()):
        package = "linjat_editor.core." + ".".join(source.relative_to(CORE).parent.parts)
        for node in ast.walk(ast.parse(source.read_text())):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            name = importlib.util.resolve_name("." * node.level + (node.module or ""), package.rstrip("."))
            if name.startswith(NOT_COMPILED_IN):
                continue
            spec = importlib.util.find_spec(name)
            assert spec is not None and spec.origin is not None, name
            if Path(spec.origin).name == "__init__.py":
                continue  # a package: its modules are checked by name where imported
            assert Path(spec.origin).resolve() in covered, f"{source.name} reads from {name}, outside SOURCES"


def test_every_kernel_lives_under_kernels_and_the_digest_reads_nothing_else_but_what_they_read():
    """The version digest is the kernels' sources and the modules they read constants from, no more:
    a kernel kept beside the analysis' words would make editing a sentence recompile everything."""
    import ast
    import importlib.util

    from linjat_editor.core.jit.cache import CORE, MACHINERY, SOURCES

    kernels = CORE / "kernels"
    modules = _kernel_modules()
    assert all(path.parent == kernels for path in modules), sorted(p.relative_to(CORE).as_posix() for p in modules)
    read: set[Path] = set()
    for source in modules:
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                spec = importlib.util.find_spec(importlib.util.resolve_name("." * node.level + (node.module or ""),
                                                                           "linjat_editor.core.kernels"))
                if spec is not None and spec.origin is not None:
                    read.add(Path(spec.origin).resolve())
    covered = {p.resolve() for pattern in SOURCES for p in CORE.glob(pattern) if p.relative_to(CORE).as_posix() not in MACHINERY}
    outside = {p for p in covered if p.parent != kernels}
    assert outside and outside <= read, sorted(p.relative_to(CORE).as_posix() for p in outside - read)

"""Every private internal of numba that the kernel runtime leans on, checked by name and shape.

The runtime (``core/jit/locator.py``, ``loading.py``, ``tier.py``) subclasses
numba's cache, dispatcher and code library and calls underscore methods of theirs.
numba keeps no promise about those: ``pyproject.toml`` pins numba to the minor
version this suite runs on, and when that pin moves, this module is the one that
fails first and names what changed, before a user's first start does.
"""

from __future__ import annotations

import inspect

import numba
import pytest
from numba.core import caching, types
from numba.core.codegen import JITCodeLibrary
from numba.core.dispatcher import Dispatcher, OmittedArg
from numba.core.registry import CPUDispatcher, cpu_target
from numba.core.runtime import rtsys


def _parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


@pytest.mark.parametrize("owner, name", [
    # locator.KernelLocator: a cache locator of our own.
    (caching._CacheLocator, "ensure_cache_path"),
    (caching._CacheLocator, "get_cache_path"),
    (caching._CacheLocator, "get_source_stamp"),
    (caching._CacheLocator, "get_disambiguator"),
    (caching._CacheLocator, "from_function"),
    # locator._KernelCacheImpl and KernelCache: the shipped cache looked up first.
    (caching.CompileResultCacheImpl, "rebuild"),
    (caching.FunctionCache, "load_overload"),
    (caching.FunctionCache, "_load_overload"),
    (caching.FunctionCache, "_index_key"),
    (caching.FunctionCache, "_guard_against_spurious_io_errors"),
    (caching.IndexDataCacheFile, "load"),
    # locator.KernelDispatcher: compiles once per argument type; the Python tier's hook.
    (CPUDispatcher, "enable_caching"),
    (CPUDispatcher, "_compile_for_args"),
    (CPUDispatcher, "fold_argument_types"),
    (CPUDispatcher, "get_call_template"),
    # loading.OnDemandLibrary: a cached kernel's bitcode parsed only when linked.
    (JITCodeLibrary, "_unserialize"),
    (JITCodeLibrary, "_get_module_for_linking"),
    (JITCodeLibrary, "_set_compiled_object"),
    (JITCodeLibrary, "enable_object_caching"),
    (JITCodeLibrary, "_finalize_final_module"),
    (JITCodeLibrary, "get_pointer_to_function"),
    (rtsys, "initialize"),
])
def test_the_internal_exists(owner: object, name: str) -> None:
    assert callable(getattr(owner, name, None)), f"numba {numba.__version__}: {owner!r} has no {name}"


def test_the_cache_classes_have_the_attributes_we_extend() -> None:
    assert isinstance(caching.CompileResultCacheImpl._locator_classes, list)
    assert "_impl_class" in vars(caching.FunctionCache) or hasattr(caching.FunctionCache, "_impl_class")
    assert _parameters(caching.IndexDataCacheFile.__init__)[1:] == ["cache_path", "filename_base", "source_stamp"]
    assert _parameters(caching._CacheLocator.from_function)[-2:] == ["py_func", "py_file"]
    assert _parameters(caching.CompileResultCacheImpl.rebuild)[1:] == ["target_context", "payload"]


def test_the_index_key_carries_the_codegen_magic_second() -> None:
    """``KernelCache._index_key_for`` swaps the key's second item for another CPU's magic tuple."""

    @numba.njit(cache=False)
    def twice(x: int) -> int:
        return 2 * x

    twice(1)
    codegen = cpu_target.target_context.codegen()
    cache = caching.FunctionCache(twice.py_func)
    sig = twice.signatures[0]
    key = cache._index_key(sig, codegen)
    assert isinstance(key, tuple) and key[1] == codegen.magic_tuple()
    assert len(codegen.magic_tuple()) == 3  # (triple, cpu name, features): GENERIC_CPU fills the last two


def test_the_codegen_has_what_the_deferred_load_touches() -> None:
    from linjat_editor.core.jit import loading

    codegen = cpu_target.target_context.codegen()
    assert loading._supported(codegen), f"numba {numba.__version__}: the deferred kernel load would be off"
    assert callable(getattr(codegen._engine, "is_symbol_defined", None))
    assert callable(getattr(codegen, "create_library", None))


def test_the_python_tier_types_are_where_it_imports_them() -> None:
    assert issubclass(CPUDispatcher, Dispatcher)
    assert {"value"} <= set(inspect.signature(OmittedArg.__init__).parameters)
    assert hasattr(types, "Omitted") and callable(types.unliteral)


def test_numba_is_the_version_the_pin_allows() -> None:
    """pyproject pins numba to one minor version: the one this module was last checked on."""
    import tomllib
    from pathlib import Path

    from packaging.requirements import Requirement

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    (pin,) = [Requirement(r) for r in project["project"]["dependencies"] if r.startswith("numba")]
    assert pin.specifier.contains(numba.__version__), f"numba {numba.__version__} is outside {pin.specifier}"
    assert any(s.operator == "<" for s in pin.specifier), "numba needs an upper bound: its internals change between releases"

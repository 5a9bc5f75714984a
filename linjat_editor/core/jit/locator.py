"""numba's on-disk cache for our kernels, keyed on where a kernel lies in the package and on the sources' content.

numba's own locators name a kernel's cache folder after the absolute path of its
source file, so a copy of the package (an app unpacked elsewhere) compiles
everything again. Ours names it after the file's path inside the package, in a
folder per version of the sources (``cache.py``), and stamps it with that
version, never with a file's date.

A kernel is looked up first in the shipped cache (read only, compiled for a
generic x86-64 CPU, so it runs on any), then in the user's cache; what is
compiled goes to the user's cache, tuned for this CPU as numba does.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from numba import typeof
from numba.core import caching, types
from numba.core.runtime import rtsys
from numba.core.registry import CPUDispatcher

from . import cache, loading, tier

#: numba's CPU name and features for generic x86-64 code (NUMBA_CPU_NAME=generic), as in its index keys.
GENERIC_CPU = ("generic", "")


@lru_cache(maxsize=None)  # a dozen files hold some 85 kernels
def _package_path(py_file: str) -> Path | None:
    """The source file's path inside the package (``core/kernels/rules.py``), or None outside it."""
    try:
        return Path(py_file).resolve().relative_to(cache.PACKAGE)
    except ValueError:
        return None


class KernelLocator(caching._CacheLocator):
    """Our kernels' folder in the user's cache: the version's folder, then the source's package path."""

    def __init__(self, py_func: Any, py_file: str, folder: Path, inside: Path):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._inside = inside
        self._cache_path = str(folder / self.subpath(inside))

    @staticmethod
    def subpath(inside: Path) -> str:
        """``core/kernels/rules.py`` → ``core_kernels``: one folder per package folder."""
        return "_".join(inside.parent.parts) or "top"

    def get_cache_path(self) -> str:
        return self._cache_path

    #: Folders made and found writable in this process.
    _ready: ClassVar[set[str]] = set()

    def ensure_cache_path(self) -> None:
        """numba's check (make the folder, write a file in it) once per folder, not once per kernel: four folders hold them all."""
        if self._cache_path not in self._ready:
            super().ensure_cache_path()
            self._ready.add(self._cache_path)

    def get_source_stamp(self) -> str:
        return cache.sources_digest()  # a kernel may inline code from any kernel source

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> KernelLocator | None:
        inside = _package_path(py_file)
        folder = cache.user_folder()
        if inside is None or folder is None:
            return None  # not ours, or no writable cache: numba's own locators decide
        self = cls(py_func, py_file, folder, inside)
        try:
            self.ensure_cache_path()
        except OSError:
            return None
        return self


class _KernelCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes: list[Any] = [KernelLocator, *caching.CompileResultCacheImpl._locator_classes]

    def rebuild(self, target_context: Any, payload: Any) -> Any:
        return super().rebuild(target_context, loading.deferred(target_context, payload))


class KernelCache(caching.FunctionCache):
    """numba's cache of one kernel, with the shipped cache looked up before the user's."""

    _impl_class = _KernelCacheImpl

    def __init__(self, py_func: Any):
        super().__init__(py_func)
        shipped = cache.shipped_folder()
        inside = _package_path(self._impl.locator._py_file) if shipped else None
        self._shipped = None
        if shipped is not None and inside is not None:
            self._shipped = caching.IndexDataCacheFile(
                cache_path=str(shipped / KernelLocator.subpath(inside)),
                filename_base=self._impl.filename_base,
                source_stamp=cache.sources_digest(),
            )

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        """numba's, without readying the whole compiler first: loaded machine code needs only numba's runtime.

        numba's ``refresh`` imports and registers all it can compile (its numpy,
        typed containers, random, …), a good part of a cached start
        (docs/dev/first-start.md), for kernels that are then only loaded. A kernel not in the cache is
        compiled, and numba's compiler readies itself first.
        """
        rtsys.initialize(target_context)  # the allocating kernels call it
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)

    def _load_overload(self, sig: Any, target_context: Any) -> Any:
        if not self._enabled:
            return None
        if self._shipped is not None:
            triple = target_context.codegen().magic_tuple()[0]
            data = self._shipped.load(self._index_key_for(sig, target_context.codegen(), (triple, *GENERIC_CPU)))
            if data is not None:
                return self._impl.rebuild(target_context, data)
        return super()._load_overload(sig, target_context)

    def _index_key_for(self, sig: Any, codegen: Any, magic: tuple[Any, ...]) -> tuple[Any, ...]:
        """numba's index key, for the code of another CPU than this one."""
        key = self._index_key(sig, codegen)
        return (key[0], magic, *key[2:])


class KernelDispatcher(CPUDispatcher):
    """numba's dispatcher with our cache, compiling a kernel once per argument *type*.

    numba types a constant argument in a kernel's call (``one_of(b, True)``) as
    a literal, a left-out one as its default, and compiles the callee once per
    constant: ``one_of``, ``layer`` and ``cant_fit`` were compiled two or three
    times each. Arguments are typed by their type alone here, as from Python
    (a default is then passed as a constant of its type).
    """

    def enable_caching(self) -> None:
        self._cache = KernelCache(self.py_func)

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        """numba's compile on a call no loaded code takes; with the Python tier on, the kernel's Python instead."""
        if tier.interpreting():
            return tier.entry(self)
        return super()._compile_for_args(*args, **kws)  # type: ignore[misc]

    def get_call_template(self, args: Any, kws: Any) -> Any:
        _, folded = self.fold_argument_types(args, kws)
        return super().get_call_template(tuple(_by_type(a) for a in folded), {})


def _by_type(argument: Any) -> Any:
    """A constant's type, or a left-out argument's default's: ``bool`` for ``True``, ``int64`` for ``-1``."""
    if isinstance(argument, types.Omitted):
        return typeof(argument.value)
    return types.unliteral(argument)


def cached_njit(**options: Any) -> Any:
    """``numba.njit(cache=True, **options)`` with our dispatcher and cache in place of numba's."""

    def compile_(py_func: Any) -> KernelDispatcher:
        dispatcher = KernelDispatcher(py_func=py_func, locals={}, targetoptions={"nopython": True, **options})
        dispatcher.enable_caching()
        return dispatcher

    return compile_

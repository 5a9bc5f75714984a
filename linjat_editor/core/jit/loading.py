"""A cached kernel loads its machine code only; the code kept for compiling its callers is read when one compiles.

numba keeps, beside a cached kernel's machine code, the kernel's LLVM bitcode,
for linking it into other kernels that call it, and parses that bitcode at
every load (also to list the symbols it defines). A start that only runs
kernels never links one, and the parse is most of a cached start's loading
(docs/dev/first-start.md). Here a loaded kernel names
its two entry symbols, and its bitcode is parsed when a compile first links it.
"""

from __future__ import annotations

from typing import Any

import llvmlite.binding as ll
from numba.core.codegen import JITCodeLibrary

#: The kind of a library kept with its bitcode unparsed (numba's own: "bitcode", "object").
_DEFERRED = "object, linked on demand"


class OnDemandLibrary(JITCodeLibrary):
    """numba's JIT library; one loaded from the cache parses its bitcode only when linked into a caller."""

    _bitcode: bytes | None = None

    @classmethod
    def _unserialize(cls, codegen: Any, state: Any) -> Any:
        name, kind, data = state
        if kind != _DEFERRED:
            return super()._unserialize(codegen, state)
        (object_code, bitcode), symbols = data
        self = codegen.create_library(name)
        self.enable_object_caching()
        self._set_compiled_object(object_code)
        self._bitcode = bitcode
        codegen._engine._defined_symbols |= symbols  # what numba's lookups ask for; the rest come with the parse
        self._finalize_final_module()
        return self

    def _get_module_for_linking(self) -> Any:
        if self._bitcode is not None and self._shared_module is None:
            self._shared_module = ll.parse_bitcode(self._bitcode)
            self._codegen._engine._load_defined_symbols(self._shared_module)
            self._bitcode = None
        return super()._get_module_for_linking()

    def get_pointer_to_function(self, name: str) -> Any:
        if self._bitcode is not None and not self._codegen._engine.is_symbol_defined(name):
            self._get_module_for_linking()  # a symbol not named at load: list them all, as numba does
        return super().get_pointer_to_function(name)


def _supported(codegen: Any) -> bool:
    """Whether this numba has the internals the deferred load uses (read in numba 0.68; another version may lack them)."""
    engine = getattr(codegen, "_engine", None)
    return (
        hasattr(codegen, "_library_class")
        and isinstance(getattr(engine, "_defined_symbols", None), set)
        and callable(getattr(engine, "_load_defined_symbols", None))
        and callable(getattr(JITCodeLibrary, "_get_module_for_linking", None))
    )


def deferred(target_context: Any, payload: tuple[Any, ...]) -> tuple[Any, ...]:
    """numba's cached ``payload`` for a kernel, made to load with its bitcode unparsed.

    Any other kind, or a numba without the internals this leans on, loads as numba loads it.
    """
    (name, kind, data), fndesc, *rest = payload
    codegen = target_context.codegen()
    if kind != "object" or not _supported(codegen):
        return payload
    if codegen._library_class is not OnDemandLibrary:
        codegen._library_class = OnDemandLibrary  # this process' one CPU codegen; its own compiles are unchanged
    symbols = {fndesc.llvm_func_name, fndesc.llvm_cpython_wrapper_name}
    return ((name, _DEFERRED, (data, symbols)), fndesc, *rest)

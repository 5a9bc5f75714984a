"""The Python tier: a kernel that is not compiled yet runs as the plain Python it is written in.

Compiling before answering would make a first start (nothing in the cache for
this version of the kernels) wait some 30 s for an analysis on two cores
(docs/dev/first-start.md). Every kernel is also valid Python with the same
meaning (the tests hold the two to the same answers), about 30 times slower
than compiled and yet a few milliseconds for a solve. So while the kernels
compile somewhere else (a background process, the editor's warm-up), a call
to a kernel that is not loaded in this process runs its Python instead.

It is off until a program turns it on (``interpret()``): a library caller gets
numba's usual compile on first use. With it on, nothing compiles where a kernel
is called; the warm-up loads the kernels as they are compiled (inside
``compiling()``), and from then on each call from Python runs the compiled
code. A kernel called from Python is the unit: a long search switches between
its chunks (``optimizer.py``), and a kernel running as Python calls the Python
of the kernels it calls, at Python's own speed rather than through numba's
dispatcher (a module's kernels see each other's Python as globals,
``_space``).
"""

from __future__ import annotations

import threading
import types
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import numpy as np
from numba.core.dispatcher import Dispatcher, OmittedArg

_ON = threading.Event()
_here = threading.local()  # .compiling: this thread may compile (the warm-up)
_lock = threading.Lock()
#: Each kernel's plain Python, and each kernel module's globals as that Python sees them.
_twins: dict[Dispatcher, types.FunctionType] = {}
_spaces: dict[str, dict[str, Any]] = {}
_entries: dict[Dispatcher, Callable[..., Any]] = {}


def interpret(on: bool = True) -> None:
    """Run kernels not loaded yet as Python (``on``), or compile them where called, as numba does."""
    if on:
        _ON.set()
    else:
        _ON.clear()


def interpreting() -> bool:
    """True when a kernel called now, in this thread, runs as Python if it is not loaded."""
    return _ON.is_set() and not getattr(_here, "compiling", False)


@contextmanager
def compiling() -> Iterator[None]:
    """In this thread, kernels compile (or load from the cache) as numba does: the warm-up's touches."""
    before = getattr(_here, "compiling", False)
    _here.compiling = True
    try:
        yield
    finally:
        _here.compiling = before


def entry(dispatcher: Dispatcher) -> Callable[..., Any]:
    """What numba's dispatcher calls instead of compiling: the kernel's Python, as numba would run it.

    numba passes a left-out argument as an ``OmittedArg``; integer arithmetic
    wraps in numba, where numpy's scalars also wrap but warn (``errstate`` is
    per thread). What it returns, numba would hand to Python as Python's own
    scalars (``_boxed``).
    """
    found = _entries.get(dispatcher)
    if found is None:
        python = twin(dispatcher)

        def run(*args: Any, **kws: Any) -> Any:
            with np.errstate(over="ignore"):
                return _boxed(python(*[a.value if isinstance(a, OmittedArg) else a for a in args], **kws))

        found = _entries.setdefault(dispatcher, run)
    return found


def _boxed(value: Any) -> Any:
    """A kernel's answer as numba returns it to Python: ``int``, ``float``, ``bool`` for numpy's scalars, in tuples too.

    A kernel's Python computes with numpy's scalars (``np.int64``,
    ``np.float64``, ``np.bool_``): not ``int`` (``json`` refuses them), not
    ``bool``, and their ``repr`` differs; compiled, the same answer reaches
    Python as plain ``int``/``float``/``bool`` (a NamedTuple stays one).
    """
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, tuple):
        items = [_boxed(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    return value


def twin(dispatcher: Dispatcher) -> types.FunctionType:
    """The kernel's Python function, seeing the kernels it calls as their Python too."""
    with _lock:
        return _twin(dispatcher)


def _twin(dispatcher: Dispatcher) -> types.FunctionType:
    found = _twins.get(dispatcher)
    if found is None:
        f = dispatcher.py_func
        found = types.FunctionType(f.__code__, _space(f.__module__, f.__globals__), f.__name__, f.__defaults__,
                                   f.__closure__)
        found.__kwdefaults__ = f.__kwdefaults__
        _twins[dispatcher] = found
        for name, value in list(found.__globals__.items()):  # after registering: kernels call each other
            if isinstance(value, Dispatcher):
                found.__globals__[name] = _twin(value)
    return found


def _space(module: str, real: dict[str, Any]) -> dict[str, Any]:
    """A copy of a kernel module's globals, one per module, in which its kernels' twins will be filled in."""
    space = _spaces.get(module)
    if space is None:
        space = _spaces[module] = dict(real)
    return space

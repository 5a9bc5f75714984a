"""Running the engine as its kernels' plain Python (``jit/tier.py``), beside the compiled engine, to compare.

The Python tier runs a kernel as Python only where no compiled code is
loaded in the process; in a test session the compiled kernels are loaded by
the tests before. ``as_python`` puts them aside for its block (and back
after), so the block really runs the Python, and says which kernels it ran
and that none compiled. ``assert_same`` compares two answers whole: every
field (also those a dataclass leaves out of ``==``), each value's type, every
array's dtype, shape and values.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections import Counter
from contextlib import contextmanager
from typing import Any, Collection, Iterator

import numpy as np
from numba.core.dispatcher import Dispatcher

from linjat_editor.core.jit import tier
from linjat_editor.core.kernels.record import Record


def dispatchers() -> list[Dispatcher]:
    """Every kernel of the engine loaded so far (from its modules' globals)."""
    found: dict[int, Dispatcher] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("linjat_editor.core") and module is not None:
            for value in vars(module).values():
                if isinstance(value, Dispatcher):
                    found[id(value)] = value
    return list(found.values())


@contextmanager
def aside(compiled: Collection[str] = ()) -> Iterator[list[Dispatcher]]:
    """Within the block, no kernel has compiled code in this process (as at a first start); after it, as before.

    ``compiled``: kernels left as they are (a first start part way: the
    families compiled so far are loaded, the others run as Python).
    """
    import linjat_editor.core.kernels.door  # noqa: F401  every kernel module, so all are put aside
    import linjat_editor.core.kernels.polish  # noqa: F401
    import linjat_editor.core.optimizer  # noqa: F401

    kept = {d: dict(d.overloads) for d in dispatchers() if d.py_func.__name__ not in compiled}
    for d in kept:
        d._reset_overloads()  # type: ignore[attr-defined]  # numba's, not in its stubs
    try:
        yield list(kept)
    finally:
        for d, overloads in kept.items():
            d._reset_overloads()  # type: ignore[attr-defined]
            for compiled in overloads.values():
                d.add_overload(compiled)


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """The kernels called from Python with no compiled code (name: calls) in the block."""
    calls: Counter[str] = Counter()
    real_entry = tier.entry

    def entry(dispatcher: Dispatcher) -> Any:
        calls[dispatcher.py_func.__name__] += 1
        return real_entry(dispatcher)

    tier.entry = entry  # type: ignore[assignment]
    try:
        yield calls
    finally:
        tier.entry = real_entry  # type: ignore[assignment]


@contextmanager
def as_python(compiled: Collection[str] = ()) -> Iterator[Counter[str]]:
    """Within the block, every kernel runs as Python (but those named ``compiled``): their code put aside, the tier on.

    Yields the kernels called from Python in the block (name: calls). Fails
    if a kernel compiled or loaded meanwhile (it would have run compiled).
    """
    with aside(compiled) as kernels, counting() as calls:
        tier.interpret()
        try:
            yield calls
        finally:
            tier.interpret(False)
        loaded = sorted(d.py_func.__name__ for d in kernels if d.overloads)
        assert not loaded, f"kernels compiled or loaded while running as Python: {loaded}"


def compiled_run(run: Any) -> Any:
    """``run()`` with the compiled kernels, checking that none of them ran as Python (a command that turned the tier on)."""
    assert not tier.interpreting()
    with counting() as calls:
        result = run()
    assert not calls, f"kernels ran as Python on the compiled side: {dict(calls)}"
    return result


def both(run: Any, compiled: Collection[str] = ()) -> tuple[Any, Any, Counter[str]]:
    """``run()`` compiled, then as Python (but the kernels named ``compiled``): (compiled answer, Python answer,
    kernels the Python side entered)."""
    answer = compiled_run(run)
    with as_python(compiled) as calls:
        python = run()
    assert calls, "nothing ran as Python"
    return answer, python, calls


def assert_same(a: Any, b: Any, path: str = "answer", skip: frozenset[str] = frozenset()) -> None:
    """``a`` and ``b`` are the same answer, whole: types, every field, arrays by dtype, shape and value.

    ``skip``: field names left out (a wall time).
    """
    assert type(a) is type(b), f"{path}: {type(a).__name__} {a!r} vs {type(b).__name__} {b!r}"
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        for f in dataclasses.fields(a):
            if f.name not in skip:
                assert_same(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}", skip)
    elif isinstance(a, Record):
        for name in a._slots:
            assert_same(getattr(a, name), getattr(b, name), f"{path}.{name}", skip)
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{path}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{path}[{i}]", skip)
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{path}: keys {list(a)} vs {list(b)}"
        for key in a:
            assert_same(a[key], b[key], f"{path}[{key!r}]", skip)
    elif isinstance(a, np.ndarray):
        assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{path}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
        same = np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
        assert same, f"{path}: arrays differ at {np.argwhere(a != b)[:5].tolist()}"
    elif isinstance(a, (float, np.floating)):
        assert (math.isnan(a) and math.isnan(b)) or a == b, f"{path}: {a!r} vs {b!r}"
    else:
        assert a == b, f"{path}: {a!r} vs {b!r}"

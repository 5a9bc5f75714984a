"""A record of arrays (and a few ints) that a kernel gets as ONE pointer: the Board, the pool's members.

numba passes a NamedTuple by value, flattened: a Board of 3 ints and 35
arrays would be 263 values in every call between kernels, each kernel
packing them again, a good part of the first compile and a push of 263
values per call at run time (docs/dev/first-start.md, the board by reference).

A :class:`Record` keeps its values in ``__slots__`` and, beside them, a table
of int64s: per int its value, per array its data address, shape and strides.
A kernel gets the table's address; ``b.possible`` in a kernel reads that
field's slots (loads marked invariant, so LLVM reads them once) and is typed
exactly as the array itself would be, so the kernels' bodies read as they would with the arrays.
The record keeps every array alive, and no field is ever reassigned (the
table would point at the old array): a changed record is a new one
(:meth:`Record.with_arrays`).

Each field is declared once, as an annotation: ``int`` or
``Annotated[np.ndarray, Array(np.int64, 1)]`` (C-contiguous, as numba types a
fresh array); a value of another kind is refused when the record is made.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar, NamedTuple, TypeVar, get_type_hints

import numpy as np
from llvmlite import ir
from numba.core import types
from numba.np import numpy_support
from numba.extending import (
    NativeValue,
    infer_getattr,
    lower_getattr_generic,
    models,
    register_model,
    typeof_impl,
    unbox,
)
from numba.core.typing.templates import AttributeTemplate


class Array(NamedTuple):
    """An array field's kind: its dtype and number of dimensions (always C-contiguous)."""

    dtype: Any  # anything np.dtype() takes; a subclass holds np.dtype itself
    ndim: int


class _Slot(NamedTuple):
    """Where a field lives in the table: its first slot; and its kind (None: an int)."""

    at: int
    array: Array | None


R = TypeVar("R", bound="Record")


class Record:
    """Read-only fields, declared by annotation in a subclass, and their table (see the module)."""

    __slots__ = ("_table", "_address")
    #: Every field in order, and where it lives in the table (set for each subclass).
    _slots: ClassVar[dict[str, _Slot]]
    _size: ClassVar[int]
    numba_type: ClassVar[RecordType]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hints = get_type_hints(cls, include_extras=True)
        cls._slots, at = {}, 0
        for name in cls.__slots__:
            metadata = getattr(hints[name], "__metadata__", ())
            array = next((Array(np.dtype(m.dtype), m.ndim) for m in metadata if isinstance(m, Array)), None)
            cls._slots[name] = _Slot(at, array)
            at += 1 if array is None else 1 + 2 * array.ndim  # data, shape, strides
        cls._size = at
        cls.numba_type = RecordType(cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = tuple(self._slots)
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} fields, got {len(args)}")
        values = dict(zip(names, args))
        values.update(kwargs)
        if set(values) != set(names):
            raise TypeError(f"{type(self).__name__}: fields {sorted(set(names) ^ set(values))} missing or unknown")
        slots: list[int] = []  # in the order of ``_slots``' places: one list, one array (a board is made often)
        for name, (_, array) in self._slots.items():
            value = values[name]
            if array is None:
                slots.append(int(value))
            else:
                _check(type(self).__name__, name, value, array)
                slots.append(_address(value))
                slots += value.shape
                slots += value.strides
            object.__setattr__(self, name, value)
        table = np.array(slots, np.int64)
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_address", table.ctypes.data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__}.{name} is read-only (kernels hold its arrays' addresses)")

    def __reduce__(self) -> tuple:
        return type(self), tuple(getattr(self, name) for name in self._slots)

    def with_arrays(self: R, **arrays: np.ndarray) -> R:
        """The same record with some arrays replaced (the others shared)."""
        return type(self)(**{name: arrays.get(name, getattr(self, name)) for name in self._slots})

    @classmethod
    def array_fields(cls) -> tuple[str, ...]:
        return tuple(name for name, slot in cls._slots.items() if slot.array is not None)


def _address(array: np.ndarray) -> int:
    """Where the array's data starts (via ctypes' buffer view: 0.4 us, numpy's ``ctypes.data`` 2.6 us)."""
    if array.size == 0:
        return int(array.ctypes.data)  # no buffer to view; nothing is ever read there
    return ctypes.addressof(ctypes.c_char.from_buffer(array))  # type: ignore[arg-type]  # an array is a buffer


def _check(record: str, name: str, value: Any, array: Array) -> None:
    """Refuse an array the kernels were not compiled for: they would read it with the wrong layout."""
    if not (isinstance(value, np.ndarray) and value.dtype == array.dtype and value.ndim == array.ndim
            and value.flags.c_contiguous and value.flags.writeable):
        got = f"{value.dtype} {value.ndim}-d" if isinstance(value, np.ndarray) else type(value).__name__
        raise TypeError(f"{record}.{name}: needs a writeable C-contiguous {array.dtype} {array.ndim}-d array, got {got}")


class RecordType(types.Type):
    """numba's type of a Record subclass: a pointer to its table; one type per subclass."""

    def __init__(self, cls: type[Record]):
        self.cls = cls
        super().__init__(name=f"{cls.__module__}.{cls.__qualname__}Ref")

    def field_type(self, name: str) -> types.Type | None:
        slot = self.cls._slots.get(name)
        if slot is None:
            return None
        if slot.array is None:
            return types.int64
        return types.Array(numpy_support.from_dtype(slot.array.dtype), slot.array.ndim, "C")


@typeof_impl.register(Record)
def _typeof(value: Record, context: Any) -> RecordType:
    return value.numba_type


@register_model(RecordType)
class _Model(models.PrimitiveModel):
    def __init__(self, dmm: Any, fe_type: RecordType):
        super().__init__(dmm, fe_type, ir.PointerType(ir.IntType(64)))


@unbox(RecordType)
def _unbox(typ: RecordType, obj: Any, c: Any) -> NativeValue:
    address = c.pyapi.object_getattr_string(obj, "_address")
    pointer = c.pyapi.long_as_voidptr(address)
    c.pyapi.decref(address)
    return NativeValue(c.builder.bitcast(pointer, ir.PointerType(ir.IntType(64))))


@infer_getattr
class _Fields(AttributeTemplate):
    key = RecordType

    def generic_resolve(self, typ: RecordType, attr: str) -> types.Type | None:  # type: ignore[override]  # numba declares it NotImplemented
        return typ.field_type(attr)


@lower_getattr_generic(RecordType)
def _field(context: Any, builder: Any, typ: RecordType, table: Any, attr: str) -> Any:
    """A field's value read from the table: loads marked invariant (the table never changes while a kernel runs)."""
    from numba.np.arrayobj import populate_array  # compile time only: a cached start never needs it

    at, array = typ.cls._slots[attr]
    invariant = builder.module.add_metadata([])

    def load(k: int) -> Any:
        value = builder.load(builder.gep(table, [ir.Constant(ir.IntType(32), at + k)]))
        value.set_metadata("invariant.load", invariant)
        return value

    if array is None:
        return load(0)
    fe_type = typ.field_type(attr)
    out = context.make_array(fe_type)(context, builder)
    data = builder.inttoptr(load(0), out.data.type)
    populate_array(out, data=data, shape=[load(1 + d) for d in range(array.ndim)],
                   strides=[load(1 + array.ndim + d) for d in range(array.ndim)],
                   itemsize=context.get_constant(types.intp, array.dtype.itemsize), meminfo=None)
    return out._getvalue()

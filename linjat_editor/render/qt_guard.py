"""A PySide6 workaround every Qt user needs, run before the first Qt call."""

from __future__ import annotations

import sys


def guard_none_refcount() -> None:
    """Work around PySide6 6.12 on Python 3.11 dropping a reference to None per void call.

    Shiboken returns ``None`` without ``Py_INCREF`` (harmless on 3.12+, where
    None is immortal); on 3.11 a few thousand Qt calls take None's count to
    zero and the interpreter aborts ("none_dealloc"). Raising the count far
    out of reach emulates 3.12's immortality. Idempotent; a no-op on 3.12+.
    """
    if sys.version_info >= (3, 12):
        return
    import ctypes

    # True and False lose references the same way (one per signal emission seen): an editor
    # session of a few thousand edits would abort with "bool_dealloc".
    for singleton in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(singleton))  # ob_refcnt is PyObject's first field
        if refcnt.value < 1 << 40:
            refcnt.value += 1 << 42

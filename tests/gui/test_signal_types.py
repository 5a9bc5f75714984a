"""The editor's signals say what they carry: a Qt type where Qt has one, and a reason where a Python object travels."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

from PySide6.QtCore import QMetaMethod, QObject

import linjat_editor.gui as gui


def _signals() -> dict[str, tuple[str, Path]]:
    """Every signal an editor class declares: ``Class.signal`` -> (its Qt signature, the class's file)."""
    found = {}
    for module_info in pkgutil.walk_packages(gui.__path__, "linjat_editor.gui."):
        module = importlib.import_module(module_info.name)
        for cls in vars(module).values():
            if not (inspect.isclass(cls) and issubclass(cls, QObject) and cls.__module__ == module.__name__):
                continue
            meta = cls.staticMetaObject
            for i in range(meta.methodOffset(), meta.methodCount()):
                method = meta.method(i)
                if method.methodType() == QMetaMethod.MethodType.Signal:
                    signature = bytes(method.methodSignature()).decode()
                    found[f"{cls.__name__}.{bytes(method.name()).decode()}"] = (signature, Path(inspect.getfile(cls)))
    return found


def test_a_python_object_travels_only_where_the_file_says_why(qapp) -> None:
    signals = _signals()
    assert len(signals) > 40
    untyped = {name: path for name, (signature, path) in signals.items() if "PyObject" in signature}
    for name, path in untyped.items():
        assert "# Signal(object): " in path.read_text(), f"{name} carries a Python object; {path.name} does not say why"


def test_the_pool_travels_as_a_list(qapp) -> None:
    assert _signals()["OptimizerRunner.poolChanged"][0] == "poolChanged(QVariantList)"

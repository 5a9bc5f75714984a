"""Package names that load their module on first use (PEP 562).

A package lists ``name -> submodule`` and takes the two module functions
from :func:`lazy_names`, so importing it imports nothing heavy: the
optimizer's pool, for one, needs the leak detector and not the report.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping


def lazy_names(package: str, home: Mapping[str, str], namespace: dict[str, Any]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``, whose ``namespace`` (its globals) gains each name when first asked for."""

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", package), name)
        namespace[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(home))

    return __getattr__, __dir__

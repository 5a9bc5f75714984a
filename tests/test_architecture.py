"""The architecture (docs/architecture.md) checked by pytest too: the contracts, and what an import loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_hold() -> None:
    # lint-imports is installed next to the interpreter running the tests.
    tool = Path(sys.executable).parent / "lint-imports"
    if not tool.exists():
        pytest.skip(f"lint-imports not installed next to {sys.executable}")
    proc = subprocess.run(
        [str(tool), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"import-linter contracts broken:\n{proc.stdout}\n{proc.stderr}"


def test_pytest_qt_uses_pyside6(request) -> None:
    # pytest-qt must drive the binding the editor is written for, never another one installed.
    pytest.importorskip("pytestqt")
    from pytestqt.qt_compat import qt_api

    assert request.config.getini("qt_api") == "pyside6"
    assert qt_api.get_versions().qt_api == "PySide6"


def _loaded_after(statement: str) -> set[str]:
    """The top-level modules a fresh interpreter has loaded after running ``statement``."""
    code = f"import sys; {statement}; print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.split())


def test_file_formats_load_neither_numba_nor_qt() -> None:
    loaded = _loaded_after("import linjat_editor.io")
    assert "numba" not in loaded and "PySide6" not in loaded


def test_engine_package_loads_its_kernels_on_first_use() -> None:
    assert "numba" not in _loaded_after("import linjat_editor.core.level")
    assert "numba" in _loaded_after("from linjat_editor.core import solve")


def test_command_line_help_loads_neither_engine_nor_qt() -> None:
    loaded = _loaded_after("from linjat_editor.cli.command import build_parser; build_parser()")
    assert not loaded & {"numba", "numpy", "PySide6"}

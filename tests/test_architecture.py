"""The layering rule (core never imports Qt or the layers above it) checked by pytest too."""

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

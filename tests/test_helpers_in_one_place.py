"""The suite runs the ``linjat`` command one way (``tests/command_line.py``), and waits for a condition one way."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
HELPER = TESTS / "command_line.py"


def _sources() -> dict[Path, str]:
    """The suite's modules (the scripts ``gui/xvfb_scripts`` runs on an X server are programs of their own, which
    wait while Qt works)."""
    return {path: path.read_text() for path in TESTS.rglob("*.py") if path != HELPER and "xvfb_scripts" not in path.parts}


def test_the_command_line_is_started_by_the_one_helper() -> None:
    started_here = [path.relative_to(TESTS).as_posix() for path, text in _sources().items()
                    if re.search(r"""["']-m["'],\s*["']linjat_editor(\.cli)?["']""", text)]
    assert started_here == []


def test_a_condition_is_waited_for_by_the_one_helper() -> None:
    copies = [f"{path.relative_to(TESTS).as_posix()}: {name}" for path, text in _sources().items()
              for name in re.findall(r"^def (\w+)\(condition\b", text, re.M)]
    assert copies == []

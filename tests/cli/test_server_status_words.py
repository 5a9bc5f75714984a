"""`linjat server status` says why no server runs, and the README says the same of the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from linjat_editor.cli import servers

README = Path(__file__).resolve().parents[2] / "README.md"


def status(capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = servers.run(argparse.Namespace(action="status", json=False))
    return code, capsys.readouterr().out.strip()


@pytest.fixture(autouse=True)
def _no_servers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINJAT_SERVER_DIR", str(tmp_path / "servers"))
    monkeypatch.delenv("LINJAT_SERVER", raising=False)


@pytest.mark.skipif(sys.platform != "linux", reason="the server runs on Linux")
def test_the_app_on_linux_says_it_runs_commands_in_their_own_process(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert status(capsys) == (1, "linjat server: not running (the app runs each command in its own process, "
                                 "its engine compiled in)")
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "The app's `linjat` runs each command in its own process" in text


def test_switched_off_says_so(capsys, monkeypatch) -> None:
    monkeypatch.setenv("LINJAT_SERVER", "0")
    monkeypatch.setattr(sys, "platform", "linux")
    assert status(capsys) == (1, "linjat server: not running (switched off: LINJAT_SERVER=0)")


@pytest.mark.skipif(sys.platform != "linux", reason="the server runs on Linux")
def test_nothing_to_explain_when_it_may_run(capsys) -> None:
    assert status(capsys) == (1, "linjat server: not running")

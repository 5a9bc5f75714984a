"""A command's parsed arguments are read once, into a typed request: no module writes state onto them."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Sequence

import pytest

from linjat_editor.cli import command, main

TUTORIAL = '["    ", "    ", ".  4", "    "]'


class Sealed(argparse.Namespace):
    """Parsed arguments that refuse every write once parsing is done."""

    def __setattr__(self, name: str, value: Any) -> None:
        if vars(self).get("_sealed"):
            raise AssertionError(f"args.{name} written after parsing")
        super().__setattr__(name, value)


@pytest.fixture
def sealed(monkeypatch: pytest.MonkeyPatch) -> None:
    parse = command.Parser.parse_args

    def parse_sealed(self: argparse.ArgumentParser, argv: Sequence[str] | None = None, namespace: Any = None) -> Any:
        args = parse(self, argv, Sealed())  # type: ignore[call-overload]
        args._sealed = True
        return args

    monkeypatch.setattr(command.Parser, "parse_args", parse_sealed)


@pytest.mark.parametrize("verb, status", [
    (["solve"], 0), (["count", "--json"], 0), (["analyze", "--json"], 0), (["fill"], 0),
    (["optimize", "--iterations", "50", "--seed", "1"], 1),  # 1: nothing better found on so small a board
])
def test_a_command_runs_on_arguments_no_module_writes_to(verb: list[str], status: int, sealed: None, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "level.json"
    level.write_text(TUTORIAL)
    assert main([verb[0], str(level), *verb[1:]]) == status
    assert "written after parsing" not in capsys.readouterr().err


def test_json_lines_and_a_bad_file_run_on_sealed_arguments(sealed: None, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    many = tmp_path / "many.jsonl"
    many.write_text(TUTORIAL + "\n" + TUTORIAL + "\n")
    assert main(["count", "--jsonl", str(many)]) == 0
    assert capsys.readouterr().out.count('"count": 1') == 2
    bad = tmp_path / "bad.json"
    bad.write_text('["3 ", "x "]')
    assert main(["solve", str(bad)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("linjat: error: ") and "bad.json" in said and said.count("\n") == 1

"""linjat analyze / calibrate through the parser functions cli.py registers."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from linjat_editor.cli.analyze import add_analyze_parser, add_calibrate_parser

from .helpers import CLEAN, SINGLE_SOLUTION


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="linjat")
    sub = parser.add_subparsers(dest="command")
    add_analyze_parser(sub)
    add_calibrate_parser(sub)
    args = parser.parse_args(list(argv))
    return int(args.func(args))


def level_file(tmp_path: Path, rows: list[str], name: str = "level.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(rows))
    return str(path)


def test_analyze_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("analyze", level_file(tmp_path, SINGLE_SOLUTION), "--json", "--preset", "hard") == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"count", "solved", "classification", "score", "selection_score", "tier", "leaks", "steps", "stuck",
                         "culprits", "essential", "essential_among", "lesson", "predicted_seconds"}
    assert data["leaks"][0]["kind"] == "single_solution" and data["score"] == 1 + 3 - 50 - 2 * 2  # cover, cant-fit x3, leak, width 2 x -2


def test_analyze_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("analyze", level_file(tmp_path, CLEAN)) == 0
    out = capsys.readouterr().out
    assert out.startswith("verdict: Good: unique, solved by deduction")
    assert "difficulty: easy, harder than" in out and "leaks: none found" in out
    assert "    1. [" in out and "cant_fit" in out


def test_an_empty_board_claims_no_count_and_no_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As in the editor's panel: one vacuous solution, solved in no step, is nothing to tell a designer."""
    assert run("analyze", level_file(tmp_path, ["    ", "    ", "    "])) == 1  # no good level yet
    out = capsys.readouterr().out
    assert out.startswith("verdict: Empty: no numbers yet\nsolutions: –   deduction: – (no numbers yet)\n")
    assert "essential techniques" not in out and "solved" not in out


def test_analyze_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(CLEAN) + "\nnot json\n" + json.dumps([" 2 "]) + "\n")
    assert run("analyze", "--jsonl", str(path)) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [("error" in x, x.get("count")) for x in lines] == [(False, 1), (True, None), (False, 2)]


def test_bad_input_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("analyze", str(tmp_path / "missing.json")) == 2
    err = capsys.readouterr().err
    assert err.startswith("linjat: error:") and err.count("\n") == 1 and "Traceback" not in err
    assert run("analyze", level_file(tmp_path, ["12", "3"])) == 2
    assert run("analyze") == 2
    assert run("calibrate", level_file(tmp_path, CLEAN)) == 2


def test_calibrate(tmp_path: Path, corpus_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cal.json"
    assert run("calibrate", str(corpus_path), "-o", str(out), "--name", "published") == 0
    data = json.loads(out.read_text())
    assert data["source"] == "published" and {k: v["count"] for k, v in data["tiers"].items()} == dict.fromkeys(
        ["easy", "medium", "hard", "expert"], 99
    )

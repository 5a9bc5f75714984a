"""The linjat command: exit codes, JSON shapes, JSONL batches, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from linjat_editor.cli import main

from ..command_line import run_linjat

TUTORIAL = '["    ", "    ", ".  4", "    "]'
TWO_SOLUTIONS = '[" 3  ", "    ", ". 3 ", "    "]'


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_solve_json_shape_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, "a.json", TUTORIAL), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] is True and out["lines"] == [[2, 0, 2, 3]]
    assert set(out["classification"]) == {"all", "cover", "cant_fit", "square", "dependency", "one_of", "single_solution", "uncontested_no_cover"}
    assert isinstance(out["score"], float)
    assert main(["solve", write(tmp_path, "b.json", TWO_SOLUTIONS), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["solved"] is False


def test_count_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", write(tmp_path, "b.json", TWO_SOLUTIONS), "--json", "--limit", "5"]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 2, "limit": 5}


def test_jsonl_keeps_order_and_reports_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [TUTORIAL, '{"puzzle": ' + TWO_SOLUTIONS + "}", '["12", "3"]', TUTORIAL]
    assert main(["count", "--jsonl", write(tmp_path, "many.jsonl", "\n".join(lines))]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o.get("count") for o in out] == [1, 2, None, 1]
    assert "error" in out[2]


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.json", '["3 ", "x "]')
    run = run_linjat("solve", bad, text=True)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "bad.json" in run.stderr and "Traceback" not in run.stderr
    missing = run_linjat("count", str(tmp_path / "none.json"), text=True)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_generate_and_optimize_write_unique_levels(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    assert main(["generate", "--size", "9x6", "--numbers", "8", "--preset", "easy", "--iterations", "200", "--seed", "1", "-o", str(out)]) == 0
    assert main(["count", str(out), "--json"]) == 0
    better = tmp_path / "o.json"
    assert main(["optimize", str(out), "--iterations", "200", "--seed", "2", "-o", str(better)]) == 0
    assert main(["solve", str(better)]) == 0


def test_fill_exit_codes_and_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from linjat_editor.core import Level, solve
    from linjat_editor.io import read_level

    numbers = write(tmp_path, "n.json", '["      ", "  3   ", "    4 ", "      ", " 2    ", "   5  "]')
    out = tmp_path / "f.json"
    assert main(["fill", numbers, "--seed", "3", "-o", str(out)]) == 0
    filled = read_level(str(out))
    assert filled.numbers == Level.from_rows(["      ", "  3   ", "    4 ", "      ", " 2    ", "   5  "]).numbers
    assert solve(filled).solved and main(["count", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 1
    assert main(["fill", write(tmp_path, "x.json", '["2 ", " 2"]')]) == 1
    assert "no filling" in capsys.readouterr().err
    assert main(["fill", write(tmp_path, "e.json", '["  ", "  "]')]) == 2
    assert main(["fill", write(tmp_path, "bad.json", '["3 ", "x "]')]) == 2


def test_workers_must_be_positive() -> None:
    with pytest.raises(SystemExit):
        main(["generate", "--size", "9x6", "--numbers", "3", "--workers", "0"])


def test_size_must_parse() -> None:
    with pytest.raises(SystemExit):
        main(["generate", "--size", "big", "--numbers", "3"])


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads through /proc")
def test_the_program_starts_no_blas_threads(tmp_path: Path) -> None:
    """Run as the program, a command ends with its one thread: numpy's BLAS (unused) started none on import."""
    level = write(tmp_path, "a.json", TUTORIAL)
    code = ("import os, sys; from linjat_editor.cli import main; sys.argv = ['linjat', 'solve', sys.argv[1]];"
            " status = main(); print(len(os.listdir('/proc/self/task')), file=sys.stderr); sys.exit(status)")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    env["LINJAT_SERVER"] = "0"  # the command in this process, not in a warm server's child (cli/server.py)
    run = subprocess.run([sys.executable, "-c", code, level], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stderr.strip().splitlines()[-1] == "1"


def test_generate_makes_no_1s_unless_allowed(tmp_path: Path) -> None:
    from linjat_editor.io import read_level

    lowest: dict[bool, list[int]] = {False: [], True: []}
    for allow in (False, True):
        for seed in range(4):
            out = tmp_path / f"{allow}-{seed}.json"
            argv = ["generate", "--size", "10x7", "--numbers", "17", "--preset", "medium", "--iterations", "1500",
                    "--seed", str(seed), "--workers", "1", "-o", str(out)] + (["--allow-ones"] if allow else [])
            assert main(argv) == 0
            lowest[allow].append(min(n.value for n in read_level(str(out)).numbers))
    assert min(lowest[False]) == 2 and 1 in lowest[True]


def test_the_canon_options_reach_the_search() -> None:
    from linjat_editor.cli.aims import search_goal
    from linjat_editor.cli.command import build_parser
    from linjat_editor.core import PRESETS, TIERS

    parser = build_parser()
    for verb in (["generate", "--size", "9x6", "--numbers", "8"], ["optimize", "level.json"]):
        plain = search_goal(parser.parse_args(verb), "easy", PRESETS["easy"])
        assert plain.lowest == 2 and plain.rule == TIERS["easy"].rule
        loose = search_goal(parser.parse_args(verb + ["--allow-ones", "--relax-tier-rule"]), "easy", PRESETS["easy"])
        assert loose.lowest == 1 and loose.rule == TIERS["expert"].rule
    for verb in (["batch", "--preset", "easy", "--count", "2", "-o", "s.json"], ["campaign", "--count", "6", "-o", "c.json"]):
        assert parser.parse_args(verb + ["--allow-ones"]).allow_ones
    assert parser.parse_args(["batch", "--preset", "easy", "--count", "2", "-o", "s.json", "--relax-tier-rule"]).relax_tier_rule


def test_the_parser_built_once_parses_as_a_new_one() -> None:
    """One parser per process (a served child only parses): what earlier commands parsed leaves no trace."""
    from linjat_editor.cli.command import build_parser

    assert build_parser() is build_parser()
    commands = [["generate", "--size", "13x9", "--numbers", "26", "--preset", "expert", "--workers", "2", "--allow-ones"],
                ["solve", "a.json", "--json"], ["generate", "--size", "9x6", "--numbers", "8"],
                ["batch", "--preset", "easy", "--count", "2", "-o", "s.json"], ["solve", "b.json"]]

    def parsed(parser: Any, argv: list[str]) -> dict[str, Any]:
        """The namespace, a verb's function by what it calls (each build makes its own closures)."""
        def named(value: Any) -> Any:
            if not callable(value):
                return value
            inner = [c.cell_contents for c in value.__closure__ or ()]
            return value.__qualname__, [getattr(f, "__qualname__", repr(f)) for f in inner]
        return {key: named(value) for key, value in vars(parser.parse_args(argv)).items()}

    for argv in commands + commands[::-1]:
        assert parsed(build_parser(), argv) == parsed(build_parser.__wrapped__(), argv)

"""Hostile options and outputs: values out of range, folders and closed streams as targets.

The promise is the one for hostile files: exit status 2 and one ``linjat: error:``
line (naming the limit or the target), never an internal error, a traceback, a
hang or a wrong accept. Each case once failed: a 31-digit ``--limit`` reached
a kernel (exit 3), ``--iterations -1`` was accepted, ``--workers 100000`` took a
minute and 1.2 GB, ``-o newdir/`` made a regular file ``newdir``, ``-o -`` made
a file named ``-``, a closed standard output was exit 3.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from linjat_editor.cli import main
from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, read_level, write_level, write_set

from ..command_line import run_linjat

HUGE = "1" + "0" * 30
LEVEL = Level.from_rows(["3 . .", "     ", ". 2  ", "    2", ". . ."]).with_meta(name="one")

#: argv (``{level}``, ``{set}``, ``{dir}`` filled in) -> words the one error line must hold.
REFUSED: dict[str, tuple[list[str], str]] = {
    "count --limit huge": (["count", "{level}", "--limit", HUGE], "from 1 to 1,000,000,000"),
    "count --jsonl --limit huge": (["count", "--jsonl", "{level}", "--limit", HUGE], "from 1 to 1,000,000,000"),
    "generate --iterations -1": (["generate", "--size", "5x5", "--numbers", "3", "--iterations", "-1"], "from 0 to"),
    "optimize --iterations huge": (["optimize", "{level}", "--iterations", HUGE], "from 0 to 1,000,000,000"),
    "generate --workers 100000": (["generate", "--size", "5x5", "--numbers", "3", "--workers", "100000"],
                                  "from 1 to 256 (threads)"),
    "generate --workers 0": (["generate", "--size", "5x5", "--numbers", "3", "--workers", "0"], "from 1 to 256"),
    "generate --numbers huge": (["generate", "--size", "5x5", "--numbers", HUGE], "from 1 to 64"),
    "generate --seed 5000 digits": (["generate", "--size", "5x5", "--numbers", "3", "--seed", "9" * 5000], "--seed"),
    # The probe's (issue 48): a 200x200 search ran for minutes; nan and inf scores reached the save; empty
    # technique lists and scheduler addresses were taken for none, or failed inside Dask.
    "generate --size 200x200": (["generate", "--size", "200x200", "--numbers", "50", "--iterations", "10"],
                                "from 1x1 to 40x40"),
    "generate --size 0x9": (["generate", "--size", "0x9", "--numbers", "3"], "from 1x1 to 40x40"),
    "generate --target-score nan": (["generate", "--size", "5x5", "--numbers", "3", "--target-score", "nan"],
                                    "--target-score: must be a finite number"),
    "optimize --target-score inf": (["optimize", "{level}", "--target-score", "inf"], "must be a finite number"),
    "batch --target-score -inf": (["batch", "--preset", "easy", "--count", "1", "--target-score=-inf",
                                   "-o", "{dir}/b.json"], "must be a finite number"),
    "solve --rules ''": (["solve", "{level}", "--rules", ""], "none empty"),
    "solve --rules cover,,": (["solve", "{level}", "--rules", "cover,,"], "none empty"),
    "batch --scheduler ''": (["batch", "--preset", "easy", "--count", "1", "--scheduler", "", "-o", "{dir}/b.json"],
                             "a Dask scheduler's address"),
    "batch --scheduler inproc://": (["batch", "--preset", "easy", "--count", "1", "--scheduler", "inproc://",
                                     "-o", "{dir}/b.json"], "tcp://HOST:8786"),
    "campaign --scheduler tcp://": (["campaign", "--count", "6", "--scheduler", "tcp://", "-o", "{dir}/c.json"],
                                    "a Dask scheduler's address"),
    "batch --count huge": (["batch", "--preset", "easy", "--count", HUGE, "-o", "{dir}/b.json"], "from 1 to 10,000"),
    "batch --workers huge": (["batch", "--preset", "easy", "--count", "1", "--workers", HUGE, "-o", "{dir}/b.json"],
                             "from 1 to 64 (processes)"),
    "batch --iterations -1": (["batch", "--preset", "easy", "--count", "1", "--iterations", "-1", "-o", "{dir}/b.json"],
                              "from 0 to"),
    "export --per-page 0": (["export", "{set}", "-o", "{dir}/x.svg", "--per-page", "0"], "must be 1, 2, 4 or 6, not '0'"),
    "fill -o newdir/": (["fill", "{level}", "-o", "{dir}/newdir/"], "newdir/: cannot save: is a folder"),
    "fill -o an existing folder": (["fill", "{level}", "-o", "{dir}"], "cannot save: is a folder"),
    "optimize -o newdir/": (["optimize", "{level}", "--iterations", "5", "-o", "{dir}/newdir/"], "is a folder"),
    "export -o newdir/": (["export", "{set}", "--format", "csv", "-o", "{dir}/newdir/"], "is a folder"),
    "export -o - without --format": (["export", "{set}", "-o", "-"], "needs --format"),
    "export -o - as PNG": (["export", "{set}", "--format", "png", "-o", "-"], "give a file name"),
}

#: The longest error line we accept: a long file name and a whole problem, not a 4 kB value.
MAX_LINE = 700


def _files(tmp_path: Path) -> dict[str, str]:
    level, level_set = tmp_path / "level.json", tmp_path / "set.json"
    write_level(LEVEL, level)
    write_set(LevelSet(name="s").add(LEVEL, tier="easy"), level_set)
    return {"level": str(level), "set": str(level_set), "dir": str(tmp_path)}


@pytest.mark.parametrize("case", list(REFUSED))
def test_refused_in_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, words = REFUSED[case]
    before = set(os.listdir(tmp_path))
    names = _files(tmp_path)
    made = set(os.listdir(tmp_path)) - before
    try:
        status = main([a.format(**names) for a in argv])
    except SystemExit as stop:  # the parser's own refusal
        status = stop.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    err = _without_preparing(captured.err)
    assert status == 2, (case, status, err)
    assert err.count("\n") == 1 and err.startswith("linjat: error: "), (case, err)
    assert words in err and "internal error" not in err and len(err) < MAX_LINE, (case, err[:MAX_LINE])
    assert captured.out == "" and set(os.listdir(tmp_path)) - before == made, "a refused command wrote output"
    assert not os.path.exists("-")


def _without_preparing(err: str) -> str:
    """stderr less the one note a first start prints while the kernels compile (first, or in the background)."""
    from linjat_editor.core.ready.warmup import COMPILING_BEHIND, PREPARING

    return "".join(line for line in err.splitlines(keepends=True) if PREPARING not in line and COMPILING_BEHIND not in line)


def _cli(*args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return run_linjat(*args, timeout=900, env=env, **kw)


@pytest.mark.parametrize("fmt, start", [("csv", b"index,"), ("puzzles-json", b"{"), ("svg", b"<?xml"),
                                        ("pdf", b"%PDF-")])
def test_export_to_standard_output(tmp_path: Path, fmt: str, start: bytes) -> None:
    names = _files(tmp_path)
    run = _cli("export", names["set"], "--format", fmt, "-o", "-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(start) and _without_preparing(run.stderr.decode()) == "<stdout>\n"
    assert not (tmp_path / "-").exists()


def _close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "4x4", "--numbers", "2", "--iterations", "5", "--seed", "1", "-o", "-"],
    ["generate", "--size", "4x4", "--numbers", "2", "--iterations", "5", "--seed", "1"],
    ["export", "{set}", "--format", "csv", "-o", "-"],
])
def test_a_closed_standard_output_is_one_line(tmp_path: Path, argv: list[str]) -> None:
    names = _files(tmp_path)
    run = _cli(*[a.format(**names) for a in argv], preexec_fn=_close_stdout)
    err = run.stderr.decode()
    last = err.splitlines()[-1] if err else ""  # after the progress bar, if any
    assert run.returncode == 2 and last.startswith("linjat: error: <stdout>: cannot "), (run.returncode, err)
    assert last.endswith(": standard output is closed"), err
    assert "internal error" not in err and "Traceback" not in err


def test_a_written_level_reads_back_from_standard_output(tmp_path: Path) -> None:
    names = _files(tmp_path)
    run = _cli("fill", names["level"], "-o", "-")
    assert run.returncode == 0, run.stderr
    out = tmp_path / "back.json"
    out.write_bytes(run.stdout)
    assert read_level(out).numbers == LEVEL.numbers

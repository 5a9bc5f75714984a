"""Where a save may go: long names, devices, streams, standard output, and folders with debris."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import atomic, read_level, write_level

from ..command_line import run_linjat

LEVEL = Level.from_rows(["2. ", "   "]).with_meta(name="target")


def _char_device() -> str:
    for device in ("/dev/null", "/dev/zero"):
        if os.path.exists(device) and stat.S_ISCHR(os.stat(device).st_mode):
            return device
    pytest.skip("no writable character device")


def test_a_250_character_name_saves(tmp_path: Path) -> None:
    path = tmp_path / ("a" * 245 + ".json")  # 250 characters: the longest most file systems allow is 255
    write_level(LEVEL, path)
    assert read_level(path) == LEVEL and sorted(os.listdir(tmp_path)) == [path.name]


def test_a_device_is_written_not_replaced(tmp_path: Path) -> None:
    device = _char_device()
    before = os.stat(device)
    write_level(LEVEL, device)
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino


def test_a_link_to_a_device_is_written_through(tmp_path: Path) -> None:
    device = _char_device()
    link = tmp_path / "out.json"
    link.symlink_to(device)
    write_level(LEVEL, link)
    assert link.is_symlink() and stat.S_ISCHR(os.stat(device).st_mode)


def _cli(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return run_linjat(*args, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120)


def test_cli_output_to_dev_stdout_and_dash(tmp_path: Path) -> None:
    level = tmp_path / "in.json"
    write_level(LEVEL, level)
    for target in ("/dev/stdout", "-"):
        # (a 2x3 level has one cover layer: the easy rule, by size, would refuse it)
        run = _cli("optimize", str(level), "--iterations", "5", "--seed", "1", "--relax-tier-rule", "-o", target)
        assert run.returncode in (0, 2), run.stderr
        if run.returncode == 0:
            assert '"format": "linjat-level"' in run.stdout, (target, run.stderr)
        else:  # no unique level from this start: still one clean line
            assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    # /dev/stdout redirected to a regular file: written in place, not renamed over the shell's file
    out = tmp_path / "redirected.json"
    with open(out, "w") as f:
        run = _cli("generate", "--size", "4x4", "--numbers", "2", "--iterations", "5", "--seed", "1",
                   "-o", "/dev/stdout", stdout=f)
    assert run.returncode == 0, run.stderr
    assert read_level(out).size == (4, 4)


def test_stale_temps_of_ours_are_cleaned_and_others_kept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)  # that process has ended
    stale = tmp_path / f".lj-{dead_pid}-0123abcd.tmp"
    live = tmp_path / f".lj-{os.getppid()}-0123abcd.tmp"  # a process that is alive: maybe saving now
    foreign = tmp_path / ".a.json.0123abcd.tmp"  # not our naming: never touched
    for p in (stale, live, foreign):
        p.write_text("half")
    write_level(LEVEL, tmp_path / "a.json")
    assert not stale.exists() and live.exists() and foreign.exists()


def test_temp_names_are_short(tmp_path: Path) -> None:
    fd, tmp = atomic.create_temp(tmp_path)
    os.close(fd)
    assert len(os.path.basename(tmp)) <= 24


def test_jsonl_errors_have_line_numbers_and_the_run_goes_on(tmp_path: Path, capsys) -> None:
    import json

    from linjat_editor.cli import main

    lines = ['["2."]', "", "[" + "1" * 5000 + "]", "xx", '{"rows": ["3.."], "height": -2}', '["2."]']
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["count", "--jsonl", str(path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["line"] for o in out] == [1, 3, 4, 5, 6]
    assert [("error" in o) for o in out] == [False, True, True, True, False]
    assert "too long" in out[1]["error"] and f"{path}:3" in out[1]["error"]


def test_jsonl_blank_lines_are_an_error(tmp_path: Path, capsys) -> None:
    from linjat_editor.cli import main

    path = tmp_path / "blank.jsonl"
    path.write_text(" \n" * 100_000)
    assert main(["analyze", "--jsonl", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no levels" in captured.err


def test_jsonl_bad_lines_are_capped(tmp_path: Path, capsys) -> None:
    from linjat_editor.cli import main
    from linjat_editor.cli.jsonl import GIVE_UP, SHOWN_ERRORS

    path = tmp_path / "junk.jsonl"
    path.write_text('["2."]\n' + "junk\n" * 5000)  # one good line, then junk: all answered, errors capped
    assert main(["count", "--jsonl", str(path)]) == 2
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1 + SHOWN_ERRORS
    assert f"{5000 - SHOWN_ERRORS} more bad lines not shown" in captured.err
    path.write_text("junk\n" * (GIVE_UP + 10))  # nothing good at all: not JSON Lines
    assert main(["count", "--jsonl", str(path)]) == 2
    assert "not a JSON Lines file" in capsys.readouterr().err


def test_a_250_character_name_exports(tmp_path: Path, capsys) -> None:
    from linjat_editor.cli import main
    from linjat_editor.io import LevelSet, write_set

    source = tmp_path / "s.json"
    write_set(LevelSet(name="s").add(LEVEL, tier="easy"), source)
    for ext in ("png", "csv"):
        path = tmp_path / ("b" * 246 + "." + ext)
        assert main(["export", str(source), "-o", str(path)]) == 0, capsys.readouterr().err
        assert path.stat().st_size > 0
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]

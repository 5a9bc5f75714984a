"""A first start answers at once, from the kernels' Python, while one background process compiles them for the next."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from linjat_editor.cli.command import main
from linjat_editor.core.jit import detached
from linjat_editor.core.ready import background_compile, warmup
from linjat_editor.core.jit import tier
from linjat_editor.core.jit.cache import sources_digest
from linjat_editor.core.ready.readiness import PYTHON_TIER_WORK

from ..command_line import run_linjat

#: A published easy level (corpus, 9 x 6): quick as Python, with steps and a verdict to compare.
EASY = ["      ", " 3    ", "   . 3", "3.  . ", "  4 . ", " .  2 ", "  .   ", " 3   .", "    2 "]


def test_a_first_start_answers_as_a_compiled_one_and_compiles_behind(tmp_path, capsys, monkeypatch,
                                                                    background_compile_in):
    level = tmp_path / "easy.json"
    level.write_text(json.dumps(EASY))
    with monkeypatch.context() as here:
        here.setattr(warmup, "compiled", lambda names=None: True)  # compiled (or loaded) where called, as numba does
        assert main(["analyze", str(level)]) in (0, 1)
    compiled = capsys.readouterr().out
    cache = tmp_path / "cache"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = run_linjat("analyze", str(level), env=env, text=True, timeout=120)
    assert background_compile_in(cache) is not None, "no compile left running for the next start"
    assert background_compile.running(cache / "numba" / sources_digest())
    assert done.stdout == compiled and "verdict:" in compiled
    assert done.stderr == f"linjat: {warmup.COMPILING_BEHIND}\n"


def test_one_background_compile_per_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(background_compile, "_folder", lambda: tmp_path)
    spawned: list[object] = []
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: spawned.append(a))
    with open(tmp_path / background_compile.LOCK, "ab") as held:
        assert detached.try_lock(held.fileno())  # another process compiles
        assert background_compile.running() and background_compile.start()
        assert not spawned
    assert not background_compile.running()
    assert background_compile.start() and len(spawned) == 1


def test_where_nothing_can_compile_behind_the_command_compiles_first(monkeypatch, capsys):
    asked: list[object] = []
    monkeypatch.setattr(warmup, "compiled", lambda names=None: False)
    monkeypatch.setattr(warmup, "prepare", lambda names=None, **_: asked.append(tuple(names)))
    monkeypatch.setattr(background_compile, "start", lambda: False)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO('["2 ", "  "]'))
    assert main(["count", "-"]) == 0
    assert capsys.readouterr().err == f"linjat: {warmup.PREPARING}\n"
    assert asked == [("count",)]


def test_the_python_tier_lasts_as_long_as_the_command(monkeypatch, capsys):
    seen: list[object] = []

    def follow(*_: object, cancelled: object, **__: object) -> None:  # loads a family, then sees the command end
        seen.append(tier.interpreting())
        time.sleep(0.3)
        seen.append("loaded")

    monkeypatch.setattr(warmup, "compiled", lambda names=None: False)
    monkeypatch.setattr(background_compile, "start", lambda: True)
    monkeypatch.setattr(background_compile, "follow", follow)
    monkeypatch.setattr(warmup, "prepare", lambda *_, **__: None)  # the compile here, were the background one gone
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO('["2.", "  "]'))
    assert main(["count", "-"]) == 0
    assert capsys.readouterr().out.strip() == "1 solution"
    assert seen == [True, "loaded"], "the command did not run on the Python tier, or left its loading thread behind"
    assert not tier.interpreting(), "a caller passing argv goes on with numba's compile on first use"


@pytest.mark.parametrize("frozen", [True, False])
def test_the_built_app_never_starts_a_compile_of_its_own(frozen, tmp_path, monkeypatch):
    monkeypatch.setattr(background_compile, "_folder", lambda: tmp_path)
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: None)
    monkeypatch.setattr(sys, "frozen", frozen, raising=False)
    assert background_compile.start() is not frozen


@pytest.mark.parametrize("argv, python", [
    (["analyze", "{level}"], True),
    (["generate", "--size", "9x6", "--numbers", "10", "--iterations", "200"], True),
    (["generate", "--size", "9x6", "--numbers", "10"], False),  # 10,000 iterations: minutes as Python
    (["generate", "--size", "13x9", "--numbers", "26", "--iterations", "1000"], False),
    (["optimize", "{level}", "--iterations", "1000"], True),  # 9x6
    (["optimize", "{level}", "--iterations", "5000"], False),
    (["analyze", "--jsonl", "{level}"], False),  # any number of levels
    (["calibrate", "{set}", "-o", "{out}"], False),
])
def test_only_one_level_or_a_short_search_answers_from_python(argv, python, tmp_path):
    from linjat_editor.cli import engine
    from linjat_editor.cli.command import build_parser
    from linjat_editor.cli.request import Request
    from linjat_editor.core.level import Level
    from linjat_editor.io import LevelSet, write_set
    from linjat_editor.io.level_set import SetEntry

    level, levels = tmp_path / "easy.json", tmp_path / "set.json"
    level.write_text(json.dumps(EASY))
    write_set(LevelSet(entries=(SetEntry(Level.from_rows(EASY)),)), levels)
    args = build_parser().parse_args([a.format(level=level, set=levels, out=tmp_path / "c.json") for a in argv])
    request = engine.check_arguments(Request.of(args))
    assert (engine.search_work(request) <= PYTHON_TIER_WORK) is python


def test_no_process_to_be_had_is_no_background_compile(tmp_path, monkeypatch):
    def popen(*_: object, **__: object) -> None:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(background_compile, "_folder", lambda: tmp_path)
    monkeypatch.setattr(subprocess, "Popen", popen)
    assert background_compile.start() is False  # the command then compiles first, instead of failing

"""One way to start a process that outlives its starter: detached, with a log, holding the lock it was handed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from linjat_editor.core.jit import detached
from linjat_editor.core.ready import background_compile

from ..command_line import wait_for

pytestmark = pytest.mark.skipif(os.name == "nt", reason="sessions and descriptor passing: POSIX")


def test_a_lock_is_held_by_one_holder_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "one.lock"
    first = detached.take_lock(path)
    assert first is not None and first >= 0
    assert detached.take_lock(path) is None
    os.close(first)
    again = detached.take_lock(path)
    assert again is not None and again >= 0
    os.close(again)


def test_the_process_runs_in_a_session_of_its_own_logs_and_keeps_the_lock(tmp_path: Path) -> None:
    lock_path, log, done = tmp_path / "p.lock", tmp_path / "p.log", tmp_path / "done"
    lock = detached.take_lock(lock_path)
    assert lock is not None and lock >= 0
    code = ("import os, sys, time; print('session', os.getsid(0) == os.getpid(), flush=True); "
            f"open({str(done)!r}, 'w').close(); time.sleep(1.5)")
    try:
        assert detached.start([sys.executable, "-c", code], log, cwd=tmp_path, lock=lock)
    finally:
        os.close(lock)  # the process holds its own copy
    wait_for(done.exists)
    assert detached.take_lock(lock_path) is None, "the started process does not hold the lock it was handed"
    wait_for(lambda: "session True" in log.read_text())
    wait_for(lambda: (fd := detached.take_lock(lock_path)) is not None and os.close(fd) is None)  # its end lets it go


def test_no_process_to_be_had_is_false(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def popen(*_: object, **__: object) -> None:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(detached.subprocess, "Popen", popen)
    assert detached.start([sys.executable, "-c", "pass"], tmp_path / "log", cwd=tmp_path) is False


def test_the_background_compile_and_the_engine_server_start_the_same_way(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from linjat_editor.cli import rendezvous, starter

    started: list[list[str]] = []
    monkeypatch.setattr(detached, "start", lambda argv, *_, **__: started.append(list(argv)) or True)
    monkeypatch.setattr(background_compile, "_folder", lambda: tmp_path)
    monkeypatch.setattr(rendezvous, "folder", lambda create=True: str(tmp_path))
    assert background_compile.start()
    assert starter.start("f" * 16, dict(os.environ), list(sys.path))
    assert len(started) == 2
    assert started[0][1:] == ["-m", background_compile.__name__]
    assert starter.BOOT in started[1]

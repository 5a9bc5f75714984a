"""Atomic saves: a failed save leaves the old file exactly as it was, and no debris."""

from __future__ import annotations

import os

import pytest

from linjat_editor.core.level import Level
from linjat_editor.io import FormatError, LevelSet, atomic_write_text, read_level, write_level, write_set
from linjat_editor.io import atomic

OLD = Level.from_rows(["2.", "  "]).with_meta(name="old")
NEW = Level.from_rows(["3..", "   "]).with_meta(name="new")


def saved(tmp_path) -> tuple:
    path = tmp_path / "a.json"
    write_level(OLD, path)
    return path, path.read_bytes()


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_failed_save_leaves_old_file_intact(tmp_path, monkeypatch, step):
    path, before = saved(tmp_path)

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, step, boom)
    with pytest.raises(FormatError, match=r"a\.json: cannot save: No space left on device$"):
        write_level(NEW, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert read_level(path) == OLD
    assert os.listdir(tmp_path) == ["a.json"]  # the temporary file is gone


def test_write_interrupted_half_way(tmp_path, monkeypatch):
    # The data reaches the temporary file only; a crash mid-write never touches the target.
    path, before = saved(tmp_path)
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            raise KeyboardInterrupt  # even an interrupt leaves things clean

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    with pytest.raises(KeyboardInterrupt):
        write_level(NEW, path)
    monkeypatch.undo()
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["a.json"]


def test_successful_save_replaces_and_keeps_permissions(tmp_path):
    path, _ = saved(tmp_path)
    path.chmod(0o640)
    write_level(NEW, path)
    assert read_level(path) == NEW
    assert (path.stat().st_mode & 0o777) == 0o640
    assert os.listdir(tmp_path) == ["a.json"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_save_through_a_symlink_updates_the_target(tmp_path):
    path, _ = saved(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(path)
    write_level(NEW, link)
    assert link.is_symlink() and read_level(path) == NEW


def test_set_writer_is_atomic_too(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    write_set(LevelSet(name="one").add(OLD), path)
    before = path.read_bytes()
    monkeypatch.setattr(atomic.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(5, "Input/output error")))
    with pytest.raises(FormatError, match="cannot save: Input/output error"):
        write_set(LevelSet(name="two").add(NEW), path)
    assert path.read_bytes() == before


def test_atomic_write_text_creates_new_files(tmp_path):
    atomic_write_text(tmp_path / "new.txt", "héllo\n")
    assert (tmp_path / "new.txt").read_text(encoding="utf-8") == "héllo\n"

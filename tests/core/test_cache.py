"""The compiled-kernel cache keeps the few most recently used versions, so two checkouts used in turn do not recompile."""

import os

from linjat_editor.core.kernels.cache import prune


def test_prune_keeps_the_current_and_the_most_recently_used_versions(tmp_path):
    for age, name in enumerate(["newest", "second", "third", "oldest"]):
        folder = tmp_path / name
        folder.mkdir()
        stamp = 1_000_000 - age * 1000
        os.utime(folder, (stamp, stamp))
    here = tmp_path / "current"
    here.mkdir()
    prune(tmp_path, here, keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current", "newest", "second"]


def test_a_version_used_again_moves_to_the_front(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    os.utime(old, (1, 1))
    other = tmp_path / "other"
    other.mkdir()
    os.utime(other, (2, 2))
    prune(tmp_path, old, keep=2)  # "old" is in use again: "other" is now the older one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old", "other"]
    third = tmp_path / "third"
    third.mkdir()
    prune(tmp_path, third, keep=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old", "third"]

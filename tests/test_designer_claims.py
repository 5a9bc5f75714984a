"""The issue's done-when claims, end to end through the command line (slow: minutes; run with -m slow).

Every claim is checked by the engine's independent exact solver and its
analysis (leaks, the tier percentile), never by the generator's own word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from linjat_editor.cli import main
from linjat_editor.core import count_solutions
from linjat_editor.core.analysis import analyze
from linjat_editor.core.kinds import SOLVING, Kind, before
from linjat_editor.io import read_level, read_set

pytestmark = pytest.mark.slow


def keys(kinds: tuple[Kind, ...]) -> str:
    return ",".join(k.key for k in kinds)


@pytest.mark.parametrize("kind, size, numbers", [
    (Kind.CANT_FIT, "9x6", "10"), (Kind.SQUARE, "9x6", "10"), (Kind.DEPENDENCY, "9x6", "10"), (Kind.ONE_OF, "9x6", "10"),
    (Kind.CANT_FIT, "5x5", "3"), (Kind.SQUARE, "5x5", "3"),
])
def test_teach_each_kind(kind: Kind, size: str, numbers: str, tmp_path: Path) -> None:
    out = str(tmp_path / "lesson.json")
    assert main(["generate", "--size", size, "--numbers", numbers, "--teach", kind.key, "--seed", "11", "-o", out]) == 0
    level = read_level(out)
    assert count_solutions(level).count == 1 and analyze(level).good
    assert main(["solve", out, "--rules", keys(before(kind))]) == 1
    assert main(["solve", out, "--rules", keys((*before(kind), kind))]) == 0
    assert SOLVING.index(kind) >= 1


def test_hard_ramp_10_to_90(tmp_path: Path) -> None:
    out = str(tmp_path / "ramp.json")
    assert main(["batch", "--preset", "hard", "--count", "8", "--ramp", "10:90", "--iterations", "5000",
                 "--workers", "2", "--seed", "5", "-o", out]) == 0
    entries = read_set(out).entries
    reached, targets = [], []
    for e in entries:
        report = analyze(e.level, "hard")
        assert report.good and count_solutions(e.level).count == 1
        assert report.tier is not None
        reached.append(report.tier.percentile)
        targets.append(e.analysis["target_percentile"])
    assert targets == sorted(targets) and len(entries) == 8
    assert all(b >= a - 5 for a, b in zip(reached, reached[1:])), reached
    assert sum(abs(r - t) <= 10 for r, t in zip(reached, targets)) >= 7, (reached, targets)

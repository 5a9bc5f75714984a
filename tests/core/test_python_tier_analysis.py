"""The Python tier's analysis report is the compiled engine's, whole: leaks, steps, scores, tier, verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from linjat_editor.cli import command, main
from linjat_editor.core import PRESETS, Level
from linjat_editor.core.analysis import analyze

from .python_tier import assert_same, both


def sample(corpus_levels: Callable[[str], list[Level]]) -> list[Level]:
    """Published levels (a leak-free one, a leaky one), one stuck, one ambiguous, one without a solution."""
    easy, expert = corpus_levels("easy"), corpus_levels("expert")
    stuck = easy[1].without_dots()
    ambiguous = Level.from_rows(["2  ", "   ", "  2"])
    none = Level.from_rows(["3.3", "...", "3.3"])
    return [easy[0], corpus_levels("hard")[7], expert[3], expert[40], stuck, ambiguous, none]


def test_analysis_report(corpus_levels: Callable[[str], list[Level]]) -> None:
    levels = sample(corpus_levels)
    compiled, python, calls = both(lambda: [analyze(level, PRESETS["expert"]) for level in levels])
    assert "find_all" in calls  # the general leak test ran as Python too
    assert_same(compiled, python, skip=frozenset({"elapsed_ms"}))  # a wall time
    verdicts = {(report.count, str(report.status), bool(report.leaks)) for report in compiled}
    assert len(verdicts) >= 4, verdicts  # the sample reaches several kinds of report


def test_what_linjat_analyze_prints(corpus_levels: Callable[[str], list[Level]], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The report a designer reads on a first start (text and JSON, and the exit status) is the compiled one's."""
    monkeypatch.setattr(command, "_prepare_engine", lambda *_: None)  # the tier is turned on here, not by a first start
    paths = []
    for i, level in enumerate(sample(corpus_levels)[1:4]):
        paths.append(tmp_path / f"level{i}.txt")
        paths[-1].write_text("\n".join(level.rows()) + "\n")

    def run() -> list[tuple[int, str]]:
        printed = []
        for path in paths:
            for json in ([], ["--json"]):
                status = main(["analyze", *json, str(path)])
                printed.append((status, capsys.readouterr().out))
        return printed

    compiled, python, _ = both(run)
    assert_same(compiled, python)
    assert {status for status, _ in compiled} == {0, 1}  # good levels and leaky ones

"""A campaign's plan and its export: tiers rise in order, no empty tier goes out, lessons carry a readable message
and no whole-board numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linjat_editor.batch.campaign import RAMP_TIERS, campaign_jobs, ramp_positions
from linjat_editor.batch.jobs import Job, run_job
from linjat_editor.cli import main
from linjat_editor.core import Level
from linjat_editor.core.analysis import analyze, draft_message
from linjat_editor.core.kinds import Kind
from linjat_editor.core.solver import deduce
from linjat_editor.core.techniques import describe_essential, lesson_of, lesson_rules, teaches, too_long
from linjat_editor.io.export_puzzles_json import puzzles_json_data
from linjat_editor.io.level_set import LevelSet


def test_count_8_plans_easy_medium_hard() -> None:
    """The issue's plan was easy p63, hard p10, expert p37: no medium."""
    jobs = campaign_jobs(8, seed=1)
    assert [j.teach for j in jobs[:5]] == ["cover", "cant_fit", "square", "dependency", "one_of"]
    assert [(j.preset, j.target_percentile) for j in jobs[5:]] == [("easy", 50.0), ("medium", 50.0), ("hard", 50.0)]


@pytest.mark.parametrize("count", range(1, 30))
def test_the_ramp_rises_through_the_tiers_without_skipping_one(count: int) -> None:
    ramp = ramp_positions(count)
    tiers = [t for t, _ in ramp]
    assert len(ramp) == count and tiers == sorted(tiers, key=RAMP_TIERS.index)
    assert sorted(set(tiers), key=RAMP_TIERS.index) == list(RAMP_TIERS[: min(count, len(RAMP_TIERS))])
    for tier in set(tiers):
        targets = [p for t, p in ramp if t == tier]
        assert targets == sorted(targets) and all(10 <= p <= 90 for p in targets)
    shares = [tiers.count(t) for t in RAMP_TIERS if t in tiers]
    assert max(shares) - min(shares) <= 1


def test_puzzles_json_has_no_empty_tier_and_no_closing_for_one() -> None:
    s = LevelSet(name="plan")
    s = s.add(Level.from_rows(["    ", "    ", ".  4", "    "], message="Drag the 4 over the dot."), tier="tutorial")
    s = s.add(Level.from_rows([" 3  ", "    ", ". 3.", "    "]), tier="easy")
    s = s.add(Level.from_rows(["    ", ".3. ", "    ", "    "]), tier="hard")
    data = puzzles_json_data(s, analyse=False)
    assert list(data) == ["tutorial", "easy", "hard"]
    text = json.dumps(data)
    assert "last medium level" not in text and "last expert level" not in text
    assert data["easy"][-1] == {"puzzle": None, "message": "Well done: that was the last easy level in this set."}
    assert data["tutorial"][0]["message"] == "Drag the 4 over the dot."


#: The campaign's can't-fit lesson (``linjat generate --size 5x5 --teach cant_fit --seed 11``): the 5 fits only up.
CANT_FIT_LESSON = Level.from_rows(["     ", "5    ", "     ", "     ", ". 35 "])


def test_drafted_messages_in_the_games_words_and_true() -> None:
    first = Level.from_rows(["    ", "    ", ".  4", "    "])  # the game's first tutorial level
    assert draft_message(first, Kind.COVER, (Kind.COVER,)) == \
        "Drag the 4 over the dot: no other number can reach it."
    text = draft_message(CANT_FIT_LESSON, Kind.CANT_FIT, lesson_rules(Kind.CANT_FIT))
    assert text == ("The 5 at row 5, column 4 will only fit in vertically: whichever way it goes, it covers the 4 cells "
                    "above it. Then draw the other lines.")
    # What it says holds: the 5's line is vertical over those cells, and cover alone gets stuck before it.
    solution = deduce(CANT_FIT_LESSON).solution
    assert solution is not None and solution[CANT_FIT_LESSON.numbers.index((4, 3, 5))] == (0, 3, 4, 3)
    assert not deduce(CANT_FIT_LESSON, rules=(Kind.COVER,)).solved
    assert draft_message(first, Kind.SQUARE, lesson_rules(Kind.SQUARE)) == ""  # no square step: nothing to draft


def test_no_lesson_number_is_as_long_as_the_board() -> None:
    whole_row = Level.from_rows(["     4.", "      7", "   7  .", "    7  ", "       ", "7      ", "     5."])
    assert too_long(whole_row) == (1, 2, 3, 4)  # the 7s on a 7x7
    assert not teaches(whole_row, Kind.ONE_OF)


@pytest.mark.parametrize("kind,size,numbers", [("cant_fit", (5, 5), 3), ("one_of", (7, 7), 6)])
def test_a_campaign_lesson_carries_its_message_and_its_kinds(kind: str, size: tuple[int, int], numbers: int) -> None:
    result = run_job(Job(1, "easy", numbers, 300, 11, teach=kind, size=size))
    level = result.level
    assert level is not None, result.error
    teach = Kind.from_key(kind)
    assert lesson_of(level) == (teach, lesson_rules(teach))
    assert level.message and level.message == draft_message(level, teach, lesson_rules(teach))
    assert level.message.endswith(".") and "Done" not in level.message  # no button named: Play sees it solved
    assert not too_long(level) and max(n.value for n in level.numbers) < max(size)
    line = describe_essential(analyze(level).essential)
    assert line.startswith(f"among the lesson's kinds ({', '.join(k.label for k in lesson_rules(teach))}), "
                           f"needs {teach.label}: ")


def test_linjat_campaign_count_8_exports_every_tier_it_made_with_the_lessons_messages(tmp_path: Path) -> None:
    out, puzzles = tmp_path / "camp.json", tmp_path / "puzzles.json"
    assert main(["campaign", "--count", "8", "--iterations", "300", "--seed", "1", "--workers", "1", "-o", str(out)]) == 0
    assert main(["export", str(out), "--format", "puzzles-json", "-o", str(puzzles)]) == 0
    data = json.loads(puzzles.read_text())
    assert list(data) == ["tutorial", "easy", "medium", "hard"]
    lessons = [r for r in data["tutorial"] if r["puzzle"] is not None]
    assert len(lessons) == 5 and all(r["message"] and "Done" not in r["message"] for r in lessons)
    for tier in ("easy", "medium", "hard"):
        assert sum(r["puzzle"] is not None for r in data[tier]) == 1

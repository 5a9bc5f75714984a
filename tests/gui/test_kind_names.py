"""Each kind has one name for people, "can't fit" (never "cant fit"), in the editor and the command line;
the key ``cant_fit`` stays where a key is meant (``--rules``, JSON)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from linjat_editor.batch.campaign import campaign_jobs
from linjat_editor.batch.jobs import described
from linjat_editor.cli.sets import target_lines
from linjat_editor.core import Level, classify
from linjat_editor.gui.sets.campaign_dialog import plan_lines
from linjat_editor.io.level_set import LevelSet, SetEntry


def test_the_campaign_names_its_lesson_cant_fit_as_people_do():
    plan = plan_lines(13)
    assert any(". Teach: can't fit (" in line for line in plan) and not any("cant" in line for line in plan)
    job = next(j for j in campaign_jobs(13, iterations=10, seed=1) if j.teach == "cant_fit")
    level = Level.from_rows(["    ", "    ", ".  4", "    "])
    named, analysis = described(job, level, 1, classify(level))
    assert named.name == "lesson: can't fit" and analysis["teach"] == "cant_fit"
    lesson = LevelSet(name="c", entries=(SetEntry(named, tier="tutorial", analysis=analysis),))
    assert target_lines(lesson) == ["  1. lesson: can't fit"]  # what `linjat campaign` prints


def test_the_optimizers_weights_say_cant_fit(window):
    form = window.optimizer.settings
    form.preset.setCurrentIndex(form.preset.findData("easy"))  # a preset: its weights in the tooltip
    assert "can't fit 1" in form.preset.toolTip()
    texts = [label.text() for label in window.findChildren(QLabel)]
    assert "can't fit" in texts  # the custom weights' label
    shown = " ".join([*texts, form.preset.toolTip()])
    assert "cant fit" not in shown and "cant_fit" not in shown


def test_no_document_spells_it_cant_fit():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    wrong = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bcant[ -]fit\b", line, re.IGNORECASE)]
    assert not wrong, "\n".join(wrong)

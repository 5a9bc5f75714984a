"""Answers the engine gives in words or geometry are worked out in one place, whoever asks."""

from __future__ import annotations

from linjat_editor.core import level, prose, techniques
from linjat_editor.core.analysis import detail, pauses, steps, words
from linjat_editor.core.kinds import Kind


def test_every_list_a_person_reads_is_joined_by_one_rule() -> None:
    assert techniques.join is words.join is steps.join is prose.join
    three = [Kind.COVER, Kind.CANT_FIT, Kind.SQUARE]
    line = techniques.describe_essential([techniques.Essential(k, True) for k in three])
    assert prose.join([k.label for k in three]) in line


def test_whether_a_line_covers_a_cell_is_one_rule() -> None:
    assert detail.line_covers is pauses.line_covers is level.line_covers
    assert not hasattr(detail, "_covers") and not hasattr(pauses, "_covers")


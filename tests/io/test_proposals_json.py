"""The optimizer's proposals as a file: what is written reads back whole; anything else is one clear line."""

from __future__ import annotations

import json

import pytest

from linjat_editor.core import TIERS, classify, generate
from linjat_editor.io.errors import FormatError
from linjat_editor.io.proposals_json import (LAYER_ROWS, MOST_PROPOSALS, Proposal, read_proposals_json,
                                             write_proposals_json)


@pytest.fixture(scope="module")
def pool() -> list[Proposal]:
    """Three real levels of one size, with the solver's layers and their scores by the tier's weights."""
    tier = TIERS["easy"]
    levels = [generate(tier.height, tier.width, 8, tier.weights, iterations=60, seed=s) for s in (1, 2, 3)]
    return [Proposal(lv, 10.0 - i, tuple((int(d), int(w)) for d, w in classify(lv).table())) for i, lv in enumerate(levels)]


def test_what_is_written_reads_back_whole(pool: list[Proposal]) -> None:
    run = pool[2].level.with_meta(name="tutorial 3", notes="the run's level")
    back = read_proposals_json(write_proposals_json(run, pool), "p.json")
    assert back.run == run and back.run.name == "tutorial 3" and back.run.notes == "the run's level"
    assert [(p.level, p.score, p.layers) for p in back.proposals] == [(p.level, p.score, p.layers) for p in pool]
    assert all(p.level.dots == q.level.dots for p, q in zip(back.proposals, pool))
    assert all(len(p.layers) == LAYER_ROWS for p in back.proposals)


def _broken(pool: list[Proposal]) -> list[tuple[str, object]]:
    good = json.loads(write_proposals_json(pool[0].level, pool))
    item = good["proposals"][0]

    def with_(key: str, value: object, where: dict | None = None) -> dict:
        copy = json.loads(json.dumps(good))
        (copy if where is None else copy["proposals"][0])[key] = value
        return copy

    small = {"format": "linjat-level", "version": 1, "rows": [" 2", "  "]}
    return [
        ("not a proposals file", [1, 2]),
        ("not a proposals file", with_("format", "linjat-set")),
        ("proposals version 2 is not one this editor reads", with_("version", 2)),
        ('"for": expected a level', with_("for", 7)),
        ('"proposals" should be a list of at most 100', with_("proposals", {"a": 1})),
        ('"proposals" should be a list of at most 100', with_("proposals", [item] * (MOST_PROPOSALS + 1))),
        ("proposal 1 should be an object", with_("proposals", ["level"])),
        ("proposal 1 is 2x2, its run's level 9x6", with_("level", small, item)),
        ('proposal 1: "score" should be a number', with_("score", True, item)),
        ('proposal 1: "score" should be a number', with_("score", "12", item)),
        ('proposal 1: "layers" should be 8 pairs', with_("layers", item["layers"][:-1], item)),
        ('proposal 1: "layers" should be 8 pairs', with_("layers", [[1, -1]] * LAYER_ROWS, item)),
        ('proposal 1: "layers" should be 8 pairs', with_("layers", [[True, 1]] * LAYER_ROWS, item)),
    ]


def test_a_damaged_file_is_one_line_naming_it_and_the_problem(pool: list[Proposal]) -> None:
    for expected, obj in _broken(pool):
        with pytest.raises(FormatError) as caught:
            read_proposals_json(json.dumps(obj), "autosave-proposals.json")
        message = str(caught.value)
        assert message.startswith("autosave-proposals.json: ") and expected in message, (expected, message)
        assert "\n" not in message
    with pytest.raises(FormatError, match="autosave-proposals.json"):
        read_proposals_json('{"format": "linjat-proposals", ', "autosave-proposals.json")

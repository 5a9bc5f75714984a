"""CSV export: a header and one row per level, figures when the engine runs."""

from __future__ import annotations

import csv

from linjat_editor.core.level import Level
from linjat_editor.io.export_csv import HEADER, export_csv

from linjat_editor import core


def test_header_and_rows_without_engine(tmp_path, small_set):
    out = tmp_path / "s.csv"
    tested = small_set[2].with_meta(extra={"playtests": [
        {"date": "2026-01-01", "seconds": 30, "moves": 9, "solved": True},
        {"date": "2026-01-02", "seconds": 50, "moves": 12, "solved": True},
        {"date": "2026-01-03", "seconds": 5, "moves": 2, "solved": False},
    ]})
    export_csv([*small_set[:2], tested], out, analyse=False)
    rows = list(csv.reader(out.open()))
    assert rows[0] == HEADER
    assert len(rows) == 4
    rec = dict(zip(HEADER, rows[3]))
    assert rec["tier"] == "easy" and rec["playtests"] == "3" and rec["playtests_solved"] == "2"
    assert float(rec["median_seconds"]) == 40.0
    assert Level.from_rows(rec["puzzle"].split("|")).same_board(tested)


def test_figures_with_engine(tmp_path, small_set):
    out = tmp_path / "s.csv"
    export_csv(small_set, out)
    rows = [dict(zip(HEADER, r)) for r in list(csv.reader(out.open()))[1:]]
    assert len(rows) == len(small_set)
    for r, lv in zip(rows[2:], small_set[2:]):
        result = core.solve(lv)
        assert r["solutions"] == "1" and r["solved"] == str(int(result.solved))
        assert int(r["all_depth"]) == result.classification.all.depth > 0
        assert float(r["selection_score"]) == core.selection_score(result.classification)
        if r["tier"] in core.PRESETS:
            assert float(r["tier_score"]) == core.score(result.classification, core.PRESETS[r["tier"]])


def test_predicted_time_is_the_analysis_figure_or_the_sets_own_model(tmp_path, small_set):
    from linjat_editor.core.analysis import analyze
    from linjat_editor.core.analysis.solve_time import NAMES, TimeModel
    from linjat_editor.io import LevelSet

    out = tmp_path / "s.csv"
    the_set = LevelSet(entries=()).add(small_set[2]).add(small_set[3])
    export_csv(the_set, out)
    rows = [dict(zip(HEADER, r)) for r in list(csv.reader(out.open()))[1:]]
    assert [float(r["predicted_seconds"]) for r in rows] == [analyze(lv).predicted_seconds for lv in small_set[2:4]]
    # A set that adopted a fitted model predicts with it: here 2 s a layer of any kind, nothing else.
    own = TimeModel(tuple(2.0 if n.startswith("per_layer") else 0.0 for n in NAMES), "fitted")
    export_csv(the_set.with_meta(extra={"time_model": own.to_json()}), out)
    rows = [dict(zip(HEADER, r)) for r in list(csv.reader(out.open()))[1:]]
    assert [float(r["predicted_seconds"]) for r in rows] == [2.0 * len(analyze(lv).steps) for lv in small_set[2:4]]

"""The predicted solving time: fitted on synthetic testers whose times follow a hidden rule, it recovers
the levels' order; never fitted from the designer's own plays unless asked; too few playtests said so."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

from linjat_editor.cli import main
from linjat_editor.core import solve
from linjat_editor.core.analysis import explain
from linjat_editor.core.analysis.solve_time import (MIN_LEVELS, Sample, TimeModel, fit_time_model, layers_of,
                                                    relative_error, sample_of, shipped_time_model)
from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, read_set, write_set

#: The hidden rule: seconds a layer of each kind costs, more for a narrow layer, and a layer late in a long
#: solve costs a little more (tiredness: outside the model's form); times each tester's own pace and
#: noise. The model never sees these numbers.
HIDDEN = {"cover": 2.0, "cant_fit": 6.0, "square": 25.0, "dependency": 11.0, "one_of": 30.0,
          "single_solution": 14.0, "uncontested_no_cover": 8.0}


def hidden_seconds(level: Level) -> float:
    return 10.0 + sum((HIDDEN[s.kind.key] + 9.0 / s.width ** 1.5) * (1 + 0.01 * i) for i, s in enumerate(explain(level)))


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def synthetic(levels: list[Level], testers: int, seed: int) -> list[tuple[Level, list[dict[str, Any]]]]:
    """Each level with the page playtests of ``testers`` testers: the hidden time, a tester's pace, and noise."""
    rng = random.Random(seed)
    pace = [rng.lognormvariate(0, 0.25) for _ in range(testers)]
    return [(lv, [{"seconds": round(hidden_seconds(lv) * p * rng.lognormvariate(0, 0.2), 1), "solved": True,
                   "source": "page", "session": f"{t:016x}"} for t, p in enumerate(pace)]) for lv in levels]


@pytest.fixture(scope="module")
def levels(corpus_levels: Callable[[str], list[Level]]) -> list[Level]:
    out = []
    for tier in ("easy", "medium", "hard", "expert"):
        out += [lv for lv in corpus_levels(tier) if solve(lv).solved][:15]
    return out


def test_the_fitted_model_recovers_the_order_of_levels_by_time(levels: list[Level]) -> None:
    played = synthetic(levels, testers=6, seed=1)
    train, held = played[::2], played[1::2]  # levels the fit never saw are the ones judged
    samples = [sample_of(explain(lv), tests) for lv, tests in train]
    model = fit_time_model([s for s in samples if s is not None])
    truth = [hidden_seconds(lv) for lv, _ in held]
    fitted = spearman([model.predict(explain(lv)) for lv, _ in held], truth)
    shipped = spearman([shipped_time_model().predict(explain(lv)) for lv, _ in held], truth)
    print(f"rank correlation with the hidden times on {len(held)} held-out levels: fitted {fitted:.3f}, shipped {shipped:.3f}; "
          f"held-out error of the fit {model.fit['held_out_error']:.0%}")
    assert fitted >= 0.9
    # What the first guess cannot know: how long the times are. The fit's error against the hidden times is far smaller.
    truths = [Sample(tuple(layers_of(explain(lv))), (t,)) for (lv, _), t in zip(held, truth)]
    assert relative_error(model, truths) < 0.5 * relative_error(shipped_time_model(), truths)
    assert model.fit["levels"] == len(train) and model.fit["playtests"] == 6 * len(train)


def test_the_designers_own_plays_count_only_when_asked() -> None:
    own = [{"seconds": 12.0, "solved": True, "date": "2026-11-27"}]  # what play mode records
    page = [{"seconds": 30.0, "solved": True, "source": "page", "session": "0" * 16}]
    layers = (("cover", 1), ("cover", 2))
    assert sample_of(layers, own) is None
    assert sample_of(layers, own + page) == Sample(layers, (30.0,))
    assert sample_of(layers, own + page, include_own=True) == Sample(layers, (12.0, 30.0))


def test_too_few_playtests_say_so() -> None:
    layers = (("cover", 1),)
    with pytest.raises(ValueError, match=f"not enough playtests.*2 level.*at least {MIN_LEVELS}"):
        fit_time_model([Sample(layers, (10.0,)), Sample(layers, (12.0,))])


def test_calibrate_from_playtests_reports_and_adopts(levels: list[Level], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    the_set = LevelSet()
    for lv, tests in synthetic(levels[:12], testers=3, seed=2):
        own = [{"seconds": 1.0, "solved": True, "date": "2026-11-27"}]  # the designer, who knows the answers
        the_set = the_set.add(lv.with_meta(extra={"playtests": own}), playtests=tuple(tests))
    path = tmp_path / "set.json"
    write_set(the_set, path)
    capsys.readouterr()
    assert main(["calibrate", str(path), "--from-playtests", "--adopt"]) == 0
    err = capsys.readouterr().err
    assert "time model fitted on 12 levels, 36 testers' (the playtest page's; --include-own adds yours) playtests" in err
    assert "held-out error" in err and "adopted" in err
    adopted = TimeModel.from_json(read_set(path).extra["time_model"])
    assert adopted.source == "fitted from playtests" and adopted.fit["playtests"] == 36

    # Only the designer's plays: not enough, and said so (exit 1, nothing written).
    write_set(LevelSet().add(levels[0].with_meta(extra={"playtests": [{"seconds": 5, "solved": True}]})), path)
    before = path.read_bytes()
    assert main(["calibrate", str(path), "--from-playtests", "--adopt"]) == 1
    assert "not enough playtests to fit the time model: 0 level(s)" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["calibrate", str(path), "--from-playtests", "--include-own"]) == 1  # one level is still too few
    assert "1 level(s)" in capsys.readouterr().err


def test_calibrate_from_playtests_reads_standard_input_once(levels: list[Level], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``linjat calibrate - --from-playtests``: the set piped in is read once (a second read found it empty)."""
    import io

    the_set = LevelSet()
    for lv, tests in synthetic(levels[:12], testers=3, seed=2):
        the_set = the_set.add(lv, playtests=tuple(tests))
    path = tmp_path / "set.json"
    write_set(the_set, path)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    capsys.readouterr()
    assert main(["calibrate", "-", "--from-playtests"]) == 0
    out, err = capsys.readouterr()
    assert "time model fitted on 12 levels, 36 testers'" in err
    assert TimeModel.from_json(json.loads(out)).fit["playtests"] == 36
    # --adopt writes the set back to its file: a set piped in has none (it wrote a file named "-").
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    monkeypatch.chdir(tmp_path)
    assert main(["calibrate", "-", "--from-playtests", "--adopt"]) == 2
    assert "give the set as a file, not -" in capsys.readouterr().err and not (tmp_path / "-").exists()


def test_a_model_file_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        TimeModel.from_json({"coefficients": {"base": -1}})
    assert json.loads(json.dumps(shipped_time_model().to_json()))["coefficients"]["base"] >= 0


def test_analyze_prints_the_predicted_time(levels: list[Level], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from linjat_editor.core.analysis import analyze
    from linjat_editor.core.analysis.solve_time import clock

    path = tmp_path / "level.json"
    path.write_text(json.dumps(levels[20].rows()))
    capsys.readouterr()
    main(["analyze", str(path)])  # 1 for a leaky level: the report is printed all the same
    expected = analyze(levels[20]).predicted_seconds
    assert f"predicted time: {clock(expected)} (the time model over the steps)" in capsys.readouterr().out


def test_a_playtests_field_that_holds_no_playtests_is_left_out_everywhere(levels: list[Level], tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A hand-edited level's ``"playtests": 5``: calibrate and export read the entry's playtests the one way (io's
    playtests_of), so it is skipped, not an internal error."""
    from linjat_editor.io import playtests_of

    odd = levels[0].with_meta(extra={"playtests": 5})
    page = {"seconds": 30.0, "solved": True, "source": "page", "session": "0" * 16}
    the_set = LevelSet().add(odd, tier="easy", playtests=(page,))
    assert playtests_of(the_set[0]) == [page]
    path, csv = tmp_path / "set.json", tmp_path / "set.csv"
    write_set(the_set, path)
    capsys.readouterr()
    assert main(["calibrate", str(path), "--from-playtests"]) == 1
    assert "not enough playtests to fit the time model: 1 level(s)" in capsys.readouterr().err
    assert main(["export", str(path), "-o", str(csv)]) == 0
    row = dict(zip(*[line.split(",") for line in csv.read_text().splitlines()[:2]]))
    assert row["playtests"] == "1" and row["median_seconds"] == "30.0"

"""The playtest page in a real browser: the starter set played to the end, its results imported onto the right levels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from PySide6.QtCore import QPointF

from linjat_editor.cli import main
from linjat_editor.core import solve
from linjat_editor.core.level import Level
from linjat_editor.io import read_set, write_set
from linjat_editor.io.playtest_page import level_key

from .browser import cell_centre, launch, mouse_drag, touch_drag

STARTER = Path(__file__).resolve().parents[2] / "linjat_editor" / "resources" / "starter-set.json"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def ends(level: Level, line: tuple[int, int, int, int], number: int) -> list[tuple[int, int]]:
    """The cells to drag to from the number so its line becomes ``line``: each end that is not the number."""
    n = level.numbers[number]
    return [end for end in ((line[0], line[1]), (line[2], line[3])) if end != (n.row, n.col)]


def play(page: Any, level: Level, drag: Any) -> None:
    """Draw the level's solution (found by the engine) with ``drag``, one end of a line at a time."""
    lines = solve(level).lines
    assert lines is not None
    for i, line in enumerate(lines):
        for end in ends(level, line, i):
            at = cell_centre(page, level.height, level.width, (level.numbers[i].row, level.numbers[i].col))
            drag(at, cell_centre(page, level.height, level.width, end))


def test_starter_set_played_to_the_end_and_imported(browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    qtbot: Any) -> None:
    the_set = read_set(STARTER)
    set_path, page_path = tmp_path / "starter.json", tmp_path / "playtest.html"
    write_set(the_set, set_path)
    assert main(["export", str(set_path), "--format", "html", "-o", str(page_path)]) == 0

    context = browser.new_context(accept_downloads=True, has_touch=True, viewport={"width": 600, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: errors.append(f"network: {r.url}") if not r.url.startswith(("file:", "blob:", "data:")) else None)
    page.goto(page_path.as_uri())
    page.fill("#tester", "Ada")
    page.click("#begin")
    cdp = context.new_cdp_session(page)
    levels = the_set.levels
    for k, level in enumerate(levels):
        assert page.text_content("#progress") == f"Level {k + 1} of {len(levels)}"
        assert page.text_content("#message") == level.message
        if k == 1:  # a line drawn, then the board started over: a move and a reset on record
            n, first = level.numbers[0], solve(level).lines[0]  # type: ignore[index]
            at = cell_centre(page, level.height, level.width, (n.row, n.col))
            mouse_drag(page, at, cell_centre(page, level.height, level.width, ends(level, first, 0)[0]))
            page.click("#reset")
        drag = (lambda a, b: touch_drag(cdp, a, b)) if k == 0 else (lambda a, b: mouse_drag(page, a, b))
        play(page, level, drag)
        assert page.text_content("#status").startswith("Solved in"), f"level {k + 1} not solved on the page"
        page.click("#next")
    assert page.text_content("#results-title") == "All levels done: thank you!"
    with page.expect_download() as download:
        page.click("#download")
    results = tmp_path / "results.json"
    download.value.save_as(results)
    context.close()
    assert errors == []

    data = json.loads(results.read_text())
    assert [lv["key"] for lv in data["levels"]] == [level_key(lv) for lv in levels]
    assert all(lv["solved"] and not lv["gave_up"] for lv in data["levels"])

    # Moved in the set since the page was made: the results still find their levels, by content.
    write_set(the_set.move(0, len(levels) - 1), set_path)
    capsys.readouterr()
    assert main(["playtests", "import", str(results), "--into", str(set_path)]) == 0
    assert "13 playtests added to 13 levels" in capsys.readouterr().err
    merged = read_set(set_path)
    for entry in merged:
        (test,) = entry.playtests
        mine = data["levels"][[level_key(lv) for lv in levels].index(level_key(entry.level))]
        assert (test["source"], test["tester"], test["solved"], test["seconds"]) == ("page", "Ada", True, mine["seconds"])
        assert len(test["events"]) == mine["moves"] + mine["resets"] > 0
    second = merged[[level_key(e.level) for e in merged].index(level_key(levels[1]))].playtests[0]
    assert second["resets"] == 1 and [len(e) for e in second["events"]][:2] == [6, 1]  # a line, then the reset

    # The same file again adds nothing.
    assert main(["playtests", "import", str(results), "--into", str(set_path)]) == 0
    assert "0 playtests added to 0 levels; 13 already there" in capsys.readouterr().err
    assert read_set(set_path) == merged

    # In the editor: the set's curve shows each level's measured time (the tester's) and its predicted one.
    show_in_the_curve(qtbot, merged, {lv["key"]: lv["seconds"] for lv in data["levels"]})


def show_in_the_curve(qtbot: Any, merged: Any, seconds: dict[str, float]) -> None:
    from PySide6.QtGui import QColor

    from linjat_editor.core.analysis import analyze
    from linjat_editor.core.analysis.solve_time import shipped_time_model
    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.sets.time_series import PREDICTED, predicted_point

    from ..gui.pixels import close, colour_at, screenshot

    panel = SetPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 900)
    panel.show()
    panel.set_level_set(merged)
    qtbot.waitUntil(lambda: all(panel.check_of(i) is not None for i in range(len(merged))), timeout=300_000)
    panel._flush()
    chart = panel.chart
    for entry, point in zip(merged, chart.points):
        assert point.times is not None
        assert (point.times.median, point.times.solved) == (seconds[level_key(entry.level)], 1)
        assert point.times.predicted == pytest.approx(shipped_time_model().predict(analyze(entry.level).steps))
    named = [(e.swatch, e.text) for e in chart.legend()]
    assert ("predicted", "predicted time") in named and any(
        swatch == "bar" and text.startswith("median time, whisker: middle half (scale to ") for swatch, text in named)
    assert {text for _, text in chart.labels()} >= {text for _, text in named}  # each drawn, none cut
    # The predicted diamonds are drawn where the chart says: the right vertex of each is vermilion.
    image = screenshot(panel)
    series = [pt.times for pt in chart.points]
    area = chart._area()
    for i in range(len(series)):
        c = predicted_point(area, chart._x(i), series, i)  # type: ignore[arg-type]
        assert c is not None
        near = [colour_at(image, panel, chart, c + d) for d in (QPointF(4, 0), QPointF(-4, 0), QPointF(0, 4), QPointF(0, -4))]
        assert any(close(colour, QColor(PREDICTED), 60) for colour in near), f"no predicted mark for level {i + 1}"
    panel.shutdown()


def test_give_up_tap_away_and_results_so_far(browser: Any, tmp_path: Path) -> None:
    """Give up moves on without a solution shown; a tap on a number takes its line away; results any time."""
    from linjat_editor.io import LevelSet
    from linjat_editor.io.playtest_page import export_playtest_page

    first = Level.from_rows(["    ", "    ", ".3. ", "    "], message="Drag from the 3.")
    second = Level.from_rows(["    ", "    ", ".  4", "    "])
    export_playtest_page(LevelSet(name="two").add(first).add(second), tmp_path / "p.html")
    context = browser.new_context(viewport={"width": 500, "height": 900})
    page = context.new_page()
    page.goto((tmp_path / "p.html").as_uri())
    page.click("#begin")
    assert page.text_content("#message") == "Drag from the 3."
    page.click("#giveup")
    assert page.text_content("#progress") == "Level 2 of 2" and page.text_content("#message") == ""
    assert page.locator("#board .bar").count() == 0  # the next board, empty: no solution was drawn
    n = second.numbers[0]
    at = cell_centre(page, 4, 4, (n.row, n.col))
    mouse_drag(page, at, cell_centre(page, 4, 4, (n.row, n.col - 1)))  # too short: not solved yet
    assert page.locator("#board .bar").count() == 1
    page.mouse.click(*at)  # a tap on the number
    assert page.locator("#board .bar").count() == 0
    page.click("#show-results")
    so_far = json.loads(page.input_value("#results-text"))
    assert [(lv["index"], lv["gave_up"], lv["solved"]) for lv in so_far["levels"]] == [(0, True, False)]
    page.click("#back")
    play(page, second, lambda a, b: mouse_drag(page, a, b))
    page.click("#next")
    done = json.loads(page.input_value("#results-text"))
    assert [(lv["gave_up"], lv["solved"]) for lv in done["levels"]] == [(True, False), (False, True)]
    assert [e["line"] is not None for e in done["levels"][1]["events"]][:2] == [True, False]  # drawn, taken away by the tap
    context.close()


def test_a_reloaded_page_continues_the_session(browser: Any, tmp_path: Path) -> None:
    """A phone that drops the tab: the page reloads, the tester continues where they were, in the same session."""
    from linjat_editor.io import LevelSet
    from linjat_editor.io.playtest_page import export_playtest_page

    first, second = Level.from_rows(["    ", "    ", ".3. ", "    "]), Level.from_rows(["    ", "    ", ".  4", "    "])
    export_playtest_page(LevelSet(name="two").add(first).add(second), tmp_path / "p.html")
    context = browser.new_context(viewport={"width": 500, "height": 900})
    page = context.new_page()
    page.goto((tmp_path / "p.html").as_uri())
    assert not page.is_visible("#resume")
    page.click("#begin")
    play(page, first, lambda a, b: mouse_drag(page, a, b))
    # The level's end is what the page keeps: wait for it (its Next button) before the tab drops; a busy
    # machine (the whole suite on every core) once reloaded before the last line's release was handled.
    page.wait_for_selector("#next", state="visible")
    page.click("#show-results")
    session = json.loads(page.input_value("#results-text"))["session"]
    page.reload()
    assert page.text_content("#resume") == "Continue at level 2"
    page.click("#resume")
    assert page.text_content("#progress") == "Level 2 of 2"
    play(page, second, lambda a, b: mouse_drag(page, a, b))
    page.click("#next")
    done = json.loads(page.input_value("#results-text"))
    assert done["session"] == session and [lv["index"] for lv in done["levels"]] == [0, 1]
    page.reload()
    assert not page.is_visible("#resume")  # a finished session is not offered again
    context.close()

"""The user guide's two playtesting pictures: the playtest page in headless Chromium, and the set's curve with times.

    .venv/bin/python scripts/playtest_screenshots.py [OUT_DIR]   (default docs/img)

The page is the starter set's, played part way by the engine's solution through
real pointer events (Playwright driving the system Chromium). The curve shows
the starter set with results of five synthetic testers merged in by the same
import as Level set ▸ Import playtests… (their times: the predicted time, a
pace per tester and noise), so the picture says what the chart draws, not what
players did.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from linjat_editor.core import solve  # noqa: E402
from linjat_editor.core.analysis import explain  # noqa: E402
from linjat_editor.core.analysis.solve_time import shipped_time_model  # noqa: E402
from linjat_editor.io import read_set  # noqa: E402
from linjat_editor.io.playtest_page import RESULTS_FORMAT, export_playtest_page, page_data  # noqa: E402
from linjat_editor.io.playtest_results import merge_results, results_from_text  # noqa: E402

STARTER = ROOT / "linjat_editor" / "resources" / "starter-set.json"


def page_shot(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    the_set = read_set(STARTER)
    with tempfile.TemporaryDirectory() as tmp:
        page_path = Path(tmp) / "playtest.html"
        export_playtest_page(the_set, page_path)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 420, "height": 700})
            page.goto(page_path.as_uri())
            page.fill("#tester", "Ada")
            page.click("#begin")
            for k, level in enumerate(the_set.levels[:2]):
                lines = solve(level).lines or ()
                box = page.locator("#board").bounding_box()

                def at(cell: tuple[int, int]) -> tuple[float, float]:
                    return (box["x"] + (cell[1] + 0.5) * box["width"] / level.width,
                            box["y"] + (cell[0] + 0.5) * box["height"] / level.height)

                todo = list(enumerate(lines)) if k == 0 else list(enumerate(lines))[: len(lines) * 2 // 3]
                for i, line in todo:
                    n = level.numbers[i]
                    for end in ((line[0], line[1]), (line[2], line[3])):
                        if end != (n.row, n.col):
                            page.mouse.move(*at((n.row, n.col)))
                            page.mouse.down()
                            page.mouse.move(*at(end), steps=3)
                            page.mouse.up()
                if k == 0:
                    page.click("#next")
            page.screenshot(path=str(out / "14-playtest-page.png"), full_page=True)
            browser.close()


def synthetic_results(the_set) -> list[str]:  # noqa: ANN001
    """Five testers' results files, as the page writes them."""
    rng = random.Random(7)
    data = page_data(the_set)
    model = shipped_time_model()
    predicted = [model.predict(explain(lv)) for lv in the_set.levels]
    files = []
    for t in range(5):
        pace = rng.lognormvariate(0, 0.25)
        levels = [{"key": lv["key"], "index": i, "seconds": round(p * pace * rng.lognormvariate(0, 0.3), 1),
                   "solved": True, "gave_up": False, "resets": 0, "moves": 0, "events": []}
                  for i, (lv, p) in enumerate(zip(data["levels"], predicted))]
        files.append(json.dumps({"format": RESULTS_FORMAT, "version": 1, "session": f"{t + 1:016x}", "set": data["set"],
                                 "tester": f"tester {t + 1}", "started": "2026-11-27T12:00:00Z", "levels": levels}))
    return files


def curve_shot(out: Path) -> None:
    from linjat_editor.gui.sets.set_panel import SetPanel
    from linjat_editor.gui.shell.qt_app import application

    app = application(headless=True)
    the_set = read_set(STARTER)
    merged = merge_results(the_set, [results_from_text(text, f"tester{i}.json") for i, text in enumerate(synthetic_results(the_set))])
    panel = SetPanel()
    panel.resize(560, 900)
    panel.set_level_set(merged.level_set)
    panel.show()
    while not all(panel.check_of(i) is not None for i in range(len(merged.level_set))):
        app.processEvents()
        panel.checker.wait(50)
    panel._flush()
    panel.select(6)
    app.processEvents()
    panel.grab().save(str(out / "15-playtest-curve.png"))
    panel.shutdown()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img"
    page_shot(out)
    curve_shot(out)
    print(f"written: {out / '14-playtest-page.png'}, {out / '15-playtest-curve.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

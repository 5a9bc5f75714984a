"""A real browser for the playtest page's tests: headless Chromium driven by Playwright.

Playwright for Python drives the system's Chromium (Debian's ``chromium``) over
the DevTools pipe; its own browser download is not needed. It sends input
through the browser's real input pipeline (so the page sees genuine pointer
events, mouse and, through the DevTools protocol, touch) and captures
downloads, the two things the page's test needs.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

#: Where Debian's package puts the browser.
CHROMIUM = "/usr/bin/chromium"


def chromium_path() -> str:
    """The Chromium to drive, or a skip naming what is missing."""
    found = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if not found:
        pytest.skip("no browser: install the Debian package chromium (apt-get install chromium)")
    return found


def launch() -> Iterator[Any]:
    """A headless Chromium browser (Playwright's), closed at the end."""
    path = chromium_path()
    sync_api = pytest.importorskip("playwright.sync_api", reason="no browser driver: pip install playwright (the test extra)")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def cell_centre(page: Any, height: int, width: int, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a cell of the board is on the screen."""
    box = page.locator("#board").bounding_box()
    return (box["x"] + (cell[1] + 0.5) * box["width"] / width, box["y"] + (cell[0] + 0.5) * box["height"] / height)


def mouse_drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=4)
    page.mouse.up()


def touch_drag(cdp: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger's drag, as the DevTools protocol's touch events (the page sees pointerType "touch")."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for k in range(1, 5):
        x = start[0] + (end[0] - start[0]) * k / 4
        y = start[1] + (end[1] - start[1]) * k / 4
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

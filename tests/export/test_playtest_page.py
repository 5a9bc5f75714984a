"""The playtest page as a file: self-contained, the set's levels and messages in order, never a solution."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from linjat_editor.cli import main
from linjat_editor.core import solve
from linjat_editor.core.level import Level
from linjat_editor.io import LevelSet, write_set
from linjat_editor.io.playtest_page import level_key, page_data, playtest_page_html


def embedded(html: str) -> dict:
    (text,) = re.findall(r'<script id="linjat-data" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(text)


def test_page_holds_the_levels_in_order_and_no_solution(small_set: list[Level], tmp_path: Path) -> None:
    the_set = LevelSet(name="Demo")
    for lvl in small_set:
        the_set = the_set.add(lvl)
    page = tmp_path / "p.html"
    write_set(the_set, tmp_path / "s.json")
    assert main(["export", str(tmp_path / "s.json"), "-o", str(page)]) == 0  # the format from .html
    html = page.read_text(encoding="utf-8")
    data = embedded(html)
    assert [lv["key"] for lv in data["levels"]] == [level_key(lvl) for lvl in small_set]
    assert [lv["message"] for lv in data["levels"]] == [lvl.message for lvl in small_set]
    assert data["levels"][0]["message"]  # the tutorial's words travel with it
    for lv, lvl in zip(data["levels"], small_set):
        assert set(lv) == {"key", "height", "width", "numbers", "dots", "message"}
        assert lv["numbers"] == [list(n) for n in lvl.numbers]
        # No line of the solution is anywhere in the page's data.
        lines = solve(lvl).lines
        assert lines and not any(json.dumps(list(line)) in json.dumps(lv) for line in lines if line[0] != line[2] or line[1] != line[3])
    # Self-contained: no external script, style, image or address to fetch.
    assert not re.search(r'<[^>]*\s(src|href)\s*=|https?://(?!www\.w3\.org/2000/svg)|@import|url\(', html)
    assert "default-src 'none'" in html  # and the browser is told to fetch nothing


def test_names_and_messages_cannot_end_the_script(tmp_path: Path) -> None:
    hostile = "</script><script>alert(1)</script>\u2028"
    the_set = LevelSet(name=hostile).add(Level.from_rows([" 2", ". "], message=hostile))
    html = playtest_page_html(the_set)
    assert html.count("</script>") == 2  # the data's and the program's own
    assert embedded(html)["set"]["name"] == hostile
    assert embedded(html)["levels"][0]["message"] == hostile


def test_an_empty_set_has_no_page() -> None:
    with pytest.raises(ValueError, match="no levels"):
        page_data(LevelSet())


def test_the_page_strips_the_name_characters_the_reader_refuses() -> None:
    """A name the page lets through is never one the import refuses (and nothing more is stripped)."""
    import re
    from importlib import resources

    from linjat_editor.io.playtest_results import _BAD_NAME

    page = resources.files("linjat_editor.resources").joinpath("playtest.html").read_text()
    (js_class,) = re.findall(r'\$\("tester"\)\.value\.replace\(/(\[[^\]]*\])/g', page)
    stripped = re.compile(js_class.replace("\\u", "\\u"))  # the same escapes read the same in Python
    for code in range(0x3000):
        c = chr(code)
        assert bool(stripped.match(c)) == bool(_BAD_NAME.match(c)), hex(code)

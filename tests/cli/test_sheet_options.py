"""``linjat export --per-page``: the sheet layouts' own counts, one tuple for the parser, the editor and the layout."""

from __future__ import annotations

import pytest

from linjat_editor.cli import options
from linjat_editor.cli.command import build_parser
from linjat_editor.render.sheet_layout import PER_PAGE


def test_the_export_command_offers_exactly_the_sheet_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    assert not hasattr(options, "PER_PAGE")  # the layouts' own tuple, not a copy
    parser = build_parser()
    for count in PER_PAGE:
        assert parser.parse_args(["export", "set.json", "-o", "x.pdf", "--per-page", str(count)]).per_page == count
    with pytest.raises(SystemExit):
        parser.parse_args(["export", "set.json", "-o", "x.pdf", "--per-page", "3"])
    listed = ", ".join(map(str, PER_PAGE[:-1])) + f" or {PER_PAGE[-1]}"
    assert f"must be {listed}, not '3'" in capsys.readouterr().err

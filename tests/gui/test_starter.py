"""The starter set: shipped, made of good levels, opened on the first start only."""

from __future__ import annotations

from linjat_editor.core import classify, count_solutions, selection_score, solve
from linjat_editor.core.analysis import analyze
from linjat_editor.gui.shell.main_window import MainWindow
from linjat_editor.gui.shell.first_start import open_on_first_start, starter_set_path
from linjat_editor.io import read_set


def test_starter_set_levels_are_unique_and_solved_with_a_tutorial_first() -> None:
    path = starter_set_path()
    assert path is not None
    level_set = read_set(path)
    tiers = [entry.tier for entry in level_set.entries]
    assert tiers[0] == "tutorial" and level_set.levels[0].message
    for tier in ("easy", "medium", "hard", "expert"):
        assert tiers.count(tier) >= 2
    for level in level_set.levels:
        assert count_solutions(level).count == 1 and solve(level).solved
        assert not analyze(level).leaks, level.name
    for tier in ("easy", "medium", "hard", "expert"):  # each tier ramps up
        scores = [selection_score(classify(e.level)) for e in level_set.entries if e.tier == tier]
        assert scores == sorted(scores), tier


def test_first_start_opens_the_starter_set_once(window: MainWindow) -> None:
    assert open_on_first_start(window)
    assert len(window.set_panel.level_set) == len(read_set(starter_set_path()))
    assert window.set_panel.path is None  # an untitled copy: saving never overwrites the shipped file
    view = window.history_panel.set_view
    assert view.model().data(view.model().index(0, 0)) == "<opened the starter set>"
    assert window.document.level == window.set_panel.level_set.levels[0]
    assert not open_on_first_start(window)

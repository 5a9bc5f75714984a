"""One rule for the preset: by board size, as the tier table says, for generate, the analysis and the optimizer."""

from __future__ import annotations

from linjat_editor.cli.engine import default_preset
from linjat_editor.core.level import Level
from linjat_editor.core.scoring import preset_for_size

NINE_BY_SIX = Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "])


def test_a_9x6_board_is_easy_everywhere(window, qtbot):
    window.document.load(NINE_BY_SIX)
    assert preset_for_size(9, 6) == "easy" == default_preset(NINE_BY_SIX)
    assert window.analysis.preset_choice == "auto" and window.analysis.preset_name == "easy"
    assert window.analysis.preset.currentText() == "by size (easy)"  # shown, not hidden
    form = window.optimizer.settings
    assert form.preset.currentText() == "by size (easy)" and form.preset_name == "easy"
    from linjat_editor.core import PRESETS

    assert form.weights() == PRESETS["easy"]
    window.document.load(Level(13, 9))
    assert window.analysis.preset.currentText() == "by size (expert)" and form.preset_name == "expert"


def test_generate_without_preset_uses_the_size_rule(monkeypatch, tmp_path):
    import linjat_editor.core as core

    used = {}

    def fake_generate(h, w, n, weights, **kw):
        used["weights"] = weights
        raise KeyboardInterrupt  # stop here: only the choice of weights matters

    monkeypatch.setattr(core, "generate", fake_generate)  # the verb imports it when it runs
    from linjat_editor.cli.command import main
    from linjat_editor.core.objective import tier_goal

    main(["generate", "--size", "9x6", "--numbers", "8", "-o", str(tmp_path / "x.json")])
    assert used["weights"] == tier_goal("easy")

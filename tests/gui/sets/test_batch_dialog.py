"""Batch generation from the set panel: levels arrive as one undo step; cancel keeps what is done."""

from __future__ import annotations

from linjat_editor import core
from linjat_editor.gui.sets.set_panel import SetPanel
from linjat_editor.gui.sets.set_worker import SetChecker


def test_generate_into_the_set(qtbot):
    panel = SetPanel(checker=SetChecker(lambda lv: None))
    qtbot.addWidget(panel)
    panel.generate_dialog()
    dialog = panel._batch_dialog
    dialog.preset.setCurrentText("easy")
    dialog.count.setValue(2)
    dialog.iterations.setValue(50)
    dialog.workers.setValue(2)
    dialog.seed.setValue(4)
    with qtbot.waitSignal(dialog.generated, timeout=240_000):
        dialog.start_button.click()
    assert [e.tier for e in panel.level_set] == ["easy", "easy"]
    assert panel.undo_stack.undoText() == "Generate 2 level(s)"
    for e in panel.level_set:
        assert core.count_solutions(e.level).count == 1 and e.analysis["count"] == 1
    panel.shutdown()


def test_cancel_a_running_batch(qtbot):
    panel = SetPanel(checker=SetChecker(lambda lv: None))
    qtbot.addWidget(panel)
    panel.generate_dialog()
    dialog = panel._batch_dialog
    dialog.preset.setCurrentText("expert")
    dialog.count.setValue(4)
    dialog.iterations.setValue(1_000_000)
    dialog.workers.setValue(2)
    qtbot.waitExposed(dialog)
    # Before a batch the dialog shows only its fields: an empty progress bar would pass for one.
    assert not dialog.progress.isVisible()
    dialog.start_button.click()
    assert dialog.progress.isVisible() and dialog.progress.maximum() == 4
    qtbot.wait(1500)
    dialog.cancel()
    qtbot.waitUntil(lambda: not dialog.worker.busy, timeout=30_000)
    assert "cancelled" in dialog.status.text() or "0 level" in dialog.status.text()
    assert len(panel.level_set) == 0 and dialog.isVisible()
    panel.shutdown()

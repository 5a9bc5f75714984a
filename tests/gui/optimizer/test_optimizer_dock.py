"""The optimizer inside the editor window: adopt is one undo step; new level or close stops it."""

from __future__ import annotations



from PySide6.QtWidgets import QMessageBox

from linjat_editor.core.level import Level  # noqa: E402
from linjat_editor.gui.commands import SetNumberCommand  # noqa: E402
from linjat_editor.gui.optimizer.optimizer_dock import install_optimizer  # noqa: E402
from linjat_editor.gui.optimizer.runner import RunState  # noqa: E402


def test_adopt_undo_and_stop_on_new_level(qtbot, window):
    doc = window.document
    doc.load(Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "],
                             name="mine"))
    panel = install_optimizer(window)
    panel.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard  # the second Start asks first
    doc.push(SetNumberCommand(doc, 8, 5, 3))  # the panel follows the board
    assert panel.level.number_at(8, 5).value == 3
    panel.settings.preset.setCurrentText("easy")
    panel.settings.iterations.setValue(300)
    panel.settings.seed.setValue(3)
    panel.start()
    qtbot.waitUntil(lambda: panel.runner.state == RunState.FINISHED and not panel.runner.is_busy(), timeout=180_000)
    before = doc.level
    panel.adopt()
    assert doc.level.same_board(panel.pool[0].level) and doc.level.name == "mine"
    assert doc.undo_stack.undoText() == "Adopt optimizer level"
    doc.undo_stack.undo()
    assert doc.level == before
    panel.settings.iterations.setValue(5_000_000)
    panel.start()
    qtbot.waitUntil(lambda: panel.runner.done > 0, timeout=180_000)
    doc.load(Level(9, 6))  # another level: the session ends
    assert panel.runner.state == RunState.STOPPED and not panel.runner.is_busy()
    doc.undo_stack.setClean()


def test_closing_the_window_stops_the_worker(qtbot, window):
    panel = install_optimizer(window)
    window.document.load(Level.from_rows(["2   3 ", "      ", "  4   ", "      ", "3    2", "      ", " 3  4 ", "      ", "2     "]))
    window.show()
    panel.settings.preset.setCurrentText("easy")
    panel.settings.iterations.setValue(5_000_000)
    panel.start()
    qtbot.waitUntil(lambda: panel.runner.done > 0, timeout=180_000)
    assert panel.runner.state == RunState.RUNNING
    window.document.undo_stack.setClean()
    window.close()
    assert not panel.runner.is_busy()  # the close itself stopped it
    qtbot.waitUntil(lambda: panel.runner.state == RunState.STOPPED, timeout=1000)


def test_an_adopted_lesson_says_what_it_teaches_and_carries_a_drafted_message(qtbot, window):
    from linjat_editor.core.analysis import draft_message
    from linjat_editor.core.kinds import Kind

    doc = window.document
    doc.load(Level.from_rows(["     ", " 3   ", "     ", "   4 ", "2    "]))
    panel = window.optimizer
    panel.settings.aim.setCurrentText("Teach: can't fit")
    panel.settings.iterations.setValue(3000)
    panel.settings.seed.setValue(11)
    panel.start()
    qtbot.waitUntil(lambda: panel.runner.state == RunState.FINISHED and not panel.runner.is_busy(), timeout=180_000)
    assert panel.pool
    panel.adopt()
    level = doc.level
    assert level.message and level.message == draft_message(level, Kind.CANT_FIT, (Kind.COVER, Kind.CANT_FIT))
    assert level.message.endswith(".") and "Done" not in level.message
    qtbot.waitUntil(window.analysis.is_current, timeout=180_000)
    assert window.analysis.essential.text().startswith("among the lesson's kinds (cover, can't fit), needs can't fit: ")
    doc.undo_stack.setClean()


def test_a_lesson_is_finished_alike_by_adopt_a_batch_and_linjat_generate(tmp_path):
    """One level, three ways of making it a lesson: the same metadata (what it teaches) and the same drafted message."""
    from linjat_editor.batch.jobs import Job, described, job_goal
    from linjat_editor.cli import main
    from linjat_editor.core import solve
    from linjat_editor.gui.optimizer.optimizer_dock import adopted
    from linjat_editor.io import read_level

    out = str(tmp_path / "lesson.json")
    assert main(["generate", "--size", "5x5", "--teach", "cant_fit", "--iterations", "300", "--seed", "11",
                 "--workers", "1", "-o", out]) == 0
    by_cli = read_level(out)
    bare = by_cli.with_meta(message="", extra={})
    job = Job(0, "easy", len(bare.numbers), 300, 11, teach="cant_fit", size=(5, 5))
    goal = job_goal(job)
    by_batch, _ = described(job, bare, 11, solve(bare).classification)
    by_adopt = adopted(Level(5, 5, name="mine"), bare, goal)
    assert by_cli.extra["lesson"] == by_batch.extra["lesson"] == by_adopt.extra["lesson"] \
        == {"teach": "cant_fit", "rules": ["cover", "cant_fit"]}
    assert by_cli.message and by_cli.message == by_batch.message == by_adopt.message

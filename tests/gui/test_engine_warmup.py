"""First start: the editor says it is preparing the engine, with a bar, and enables each engine action when its kernels are ready."""

from __future__ import annotations

import threading

from linjat_editor.gui import engine_warmup


def test_preparing_message_busy_bar_then_actions_enabled(window, qtbot, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(engine_warmup, "warm_up", lambda job: release.wait(10) and 1.0)
    window.show()
    window.warm_up_engine()
    assert not window.acts.fill.isEnabled() and not window.optimizer.buttons["start"].isEnabled()
    qtbot.waitUntil(lambda: "preparing the engine" in window.statusBar().currentMessage().lower(), timeout=3000)
    assert window.busy_bar.isVisible()
    assert "Ready" not in window.statusBar().currentMessage()
    release.set()
    qtbot.waitUntil(lambda: window.engine_ready, timeout=5000)
    assert window.acts.fill.isEnabled() and window.acts.fix_leaks.isEnabled()
    assert window.optimizer.buttons["start"].isEnabled()
    assert not window.busy_bar.isVisible()
    assert window.statusBar().currentMessage() == "Engine ready"


def test_the_real_warm_up_runs_every_kernel_family(window, qtbot):
    window.warm_up_engine()
    qtbot.waitUntil(lambda: window.engine_ready, timeout=240_000)
    assert window.statusBar().currentMessage() == "Engine ready"


def test_each_action_comes_on_with_its_own_kernels_and_the_bar_counts(window, qtbot, monkeypatch):
    from linjat_editor.core.warmup import Progress

    release = threading.Event()

    def fake(job):
        job.progress(Progress(1, 3, "solver", 4.0, 8.0))
        job.progress(Progress(2, 3, "fill", 6.0, 3.0))
        release.wait(10)
        return 1.0

    monkeypatch.setattr(engine_warmup, "warm_up", fake)
    window.show()
    window.warm_up_engine()
    qtbot.waitUntil(lambda: window.acts.fill.isEnabled(), timeout=10_000)
    assert not window.optimizer.buttons["start"].isEnabled() and not window.acts.polish.isEnabled()
    assert window.statusBar().currentMessage() == "Preparing the engine: the dot fill ready (2 of 3), about 3 s left"
    assert window.busy_bar.isVisible() and (window.busy_bar.value(), window.busy_bar.maximum()) == (2, 3)
    release.set()
    qtbot.waitUntil(lambda: window.engine_ready, timeout=5000)
    assert window.optimizer.buttons["start"].isEnabled() and window.acts.polish.isEnabled()


def test_the_command_line_says_it_once_on_stderr_and_prepares_what_the_command_needs(capsys, monkeypatch):
    from linjat_editor.cli.command import main
    from linjat_editor.core import warmup

    asked = []
    monkeypatch.setattr(warmup, "compiled", lambda names=None: False)
    monkeypatch.setattr(warmup, "prepare", lambda names=None, **_: asked.append(tuple(names)))
    level = '["2 ", "  "]'
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(level))
    main(["count", "-"])
    err = capsys.readouterr().err
    assert err.count("preparing the engine") == 1
    assert asked == [("count",)]


def test_a_closed_windows_warm_up_keeps_no_analysis_waiting(window, qtbot, monkeypatch):
    """A warm-up stops only between families: once its window has closed, another window's analysis
    must not wait for a family it was still compiling (under load that wait was minutes: a hung test)."""
    from linjat_editor.core import warmup
    from linjat_editor.core.level import Level
    from linjat_editor.gui.shell.main_window import MainWindow

    release = threading.Event()
    monkeypatch.setattr(warmup, "prepare", lambda on_ready, cancelled: release.wait(120))  # a slow family
    try:
        window.warm_up_engine()
        qtbot.waitUntil(engine_warmup._RUNNING.is_set)
        window.close()  # cancels the warm-up, which goes on compiling its family
        other = MainWindow(Level.from_rows(["    ", "    ", ".3. ", "    "]))
        other.show_error = other.show_info = lambda title, text: None
        qtbot.addWidget(other)
        other.analysis.request(immediate=True)
        qtbot.waitUntil(other.analysis.is_current, timeout=60_000)
        assert not release.is_set() and "unique" in other.analysis.verdict.text()
    finally:
        release.set()

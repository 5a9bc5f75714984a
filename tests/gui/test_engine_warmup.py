"""The engine's warm-up: every engine action works from the start; a first start compiles in the background,
the status bar showing how far, while the engine answers from the kernels' Python."""

from __future__ import annotations

import threading
import time

import pytest

from linjat_editor.core.jit import detached, tier
from linjat_editor.core.ready import background_compile, readiness, warmup
from linjat_editor.core.ready.warmup import Progress
from linjat_editor.gui import engine_warmup


@pytest.fixture(autouse=True)
def _tier_off():
    """A test that turns the Python tier on leaves it off: later tests in this worker would otherwise run as Python."""
    yield
    tier.interpret(False)


def _engine_actions(window) -> list:
    a = window.acts
    return [a.fill, a.fill_again, a.polish, a.fix_leaks, *a.random, window.optimizer.buttons["start"]]


class _FirstStart:
    """A first start whose background compile (faked: nothing is spawned) reports two families, then waits."""

    def __init__(self, monkeypatch) -> None:
        self.release = threading.Event()
        self.started: list[bool] = []
        self.prepared: list[bool] = []  # tier on in the preparing thread, each time prepare ran
        monkeypatch.setattr(warmup, "compiled", lambda names=None: self.release.is_set())
        monkeypatch.setattr(background_compile, "start", lambda: self.started.append(True) or True)
        monkeypatch.setattr(background_compile, "follow", self.follow)
        monkeypatch.setattr(warmup, "prepare", lambda **_: self.prepared.append(tier.interpreting()))

    def follow(self, names=None, on_ready=None, cancelled=lambda: False, poll=0.25) -> None:
        on_ready(Progress(1, 3, "solver", 4.0, 8.0))
        on_ready(Progress(2, 3, "fill", 6.0, 3.0))
        while not self.release.is_set() and not cancelled():
            time.sleep(0.01)
        if self.release.is_set():
            on_ready(Progress(3, 3, "optimizer", 9.0, 0.0))


def test_a_first_start_works_at_once_and_shows_the_compile_in_the_status_bar(window, qtbot, monkeypatch):
    first = _FirstStart(monkeypatch)
    window.show()
    window.warm_up_engine()
    assert all(act.isEnabled() for act in _engine_actions(window))
    assert window.statusBar().currentMessage() == engine_warmup.FIRST_START
    assert window.busy_bar.isVisible() and tier.interpreting()
    # The second report (2 of 3), not the first: both set the bar's maximum, so waiting for that raced it.
    qtbot.waitUntil(lambda: window.busy_bar.value() == 2, timeout=5000)
    assert window.statusBar().currentMessage() == "Preparing the engine: the dot fill ready (2 of 3), about 3 s left"
    assert window.busy_bar.value() == 2
    assert all(act.isEnabled() for act in _engine_actions(window))
    first.release.set()
    qtbot.waitUntil(lambda: window.engine_ready, timeout=5000)
    assert window.statusBar().currentMessage() == "Engine ready"
    assert not window.busy_bar.isVisible() and not tier.interpreting()
    assert first.started == [True] and first.prepared == []  # the background compile finished: nothing left to do here


def test_a_generator_run_during_the_compile_gives_the_status_bar_back_to_it(window, qtbot, monkeypatch):
    _FirstStart(monkeypatch)
    window.show()
    window.warm_up_engine()
    qtbot.waitUntil(lambda: window.busy_bar.value() == 2, timeout=5000)
    window.generator.busyChanged.emit(True)
    assert window.statusBar().currentMessage().startswith("Generating")
    window.generator.busyChanged.emit(False)
    assert window.statusBar().currentMessage() == "Preparing the engine: the dot fill ready (2 of 3), about 3 s left"
    assert window.busy_bar.isVisible()


def test_closing_the_window_stops_following_the_compile(window, qtbot, monkeypatch):
    first = _FirstStart(monkeypatch)
    window.show()
    window.warm_up_engine()
    qtbot.waitUntil(lambda: window.busy_bar.maximum() == 3, timeout=5000)
    window.close()
    assert window.work_stopped  # the warm-up noticed the close within the shutdown wait
    assert not tier.interpreting() and not first.release.is_set() and first.prepared == []


def test_without_a_background_compile_the_editor_compiles_itself_with_the_tier_on(window, qtbot, monkeypatch):
    first = _FirstStart(monkeypatch)
    monkeypatch.setattr(background_compile, "start", lambda: False)  # the built app, or no writable cache
    window.show()
    window.warm_up_engine()
    assert window.statusBar().currentMessage() == engine_warmup.FIRST_START
    assert all(act.isEnabled() for act in _engine_actions(window))
    qtbot.waitUntil(lambda: window.engine_ready, timeout=5000)
    assert first.prepared == [True] and not tier.interpreting()


def test_a_background_compile_that_died_is_finished_here(monkeypatch):
    first = _FirstStart(monkeypatch)
    monkeypatch.setattr(readiness, "GONE_S", 0.0)
    monkeypatch.setattr(background_compile, "running", lambda: False)
    monkeypatch.setattr(background_compile, "follow", lambda names=None, on_ready=None, cancelled=lambda: False: cancelled())
    started = engine_warmup.begin()
    assert started.behind and tier.interpreting()
    engine_warmup.warm_up(started)
    assert first.prepared == [True] and not tier.interpreting()


def test_the_command_line_finishes_a_dead_background_compile_as_the_editor_does(monkeypatch, capsys):
    """One behaviour: a background compile gone half done is compiled here, by a command as by the editor."""
    from linjat_editor.cli.command import main

    first = _FirstStart(monkeypatch)
    monkeypatch.setattr(readiness, "GONE_S", 0.0)
    monkeypatch.setattr(background_compile, "running", lambda: False)
    gone = threading.Event()
    monkeypatch.setattr(background_compile, "follow", lambda names=None, on_ready=None, cancelled=lambda: False:
                        gone.set() if cancelled() else None)

    def prepare(names=None, **_):
        first.prepared.append(tier.interpreting())
        first.release.set()  # compiled: the command may end

    monkeypatch.setattr(warmup, "prepare", prepare)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO('["2.", "  "]'))
    ended = threading.Event()

    def slow_count(*_: object, **__: object) -> int:
        first.release.wait(5)
        ended.set()
        return 0

    from linjat_editor.cli import engine

    monkeypatch.setattr(engine, "run_count", slow_count, raising=False)
    assert main(["count", "-"]) == 0
    assert gone.is_set() and first.prepared == [True]


def test_a_later_start_only_loads_and_says_nothing_until_ready(window, qtbot, monkeypatch):
    loaded: list[bool] = []
    monkeypatch.setattr(warmup, "compiled", lambda names=None: True)
    monkeypatch.setattr(background_compile, "start", lambda: pytest.fail("nothing to compile"))

    def prepare(names=None, on_ready=None, cancelled=None):
        loaded.append(tier.interpreting())
        on_ready(Progress(1, 1, "board", 0.1, None))

    monkeypatch.setattr(warmup, "prepare", prepare)
    window.show()
    window.warm_up_engine()
    assert not window.busy_bar.isVisible() and window.statusBar().currentMessage() != engine_warmup.FIRST_START
    qtbot.waitUntil(lambda: window.engine_ready, timeout=5000)
    assert loaded == [False] and not window.busy_bar.isVisible()
    assert window.statusBar().currentMessage() == "Engine ready"


def test_the_real_warm_up_runs_every_kernel_family(window, qtbot, monkeypatch):
    monkeypatch.setattr(background_compile, "start", lambda: False)  # never a detached compile from a test
    window.warm_up_engine()
    qtbot.waitUntil(lambda: window.engine_ready, timeout=240_000)
    assert window.statusBar().currentMessage() == "Engine ready"
    assert not tier.interpreting()


def test_the_command_line_says_it_once_on_stderr_and_prepares_what_the_command_needs(capsys, monkeypatch):
    from linjat_editor.cli.command import main

    asked = []
    monkeypatch.setattr(warmup, "compiled", lambda names=None: False)
    monkeypatch.setattr(background_compile, "start", lambda: False)  # no background compile: prepares first
    monkeypatch.setattr(warmup, "prepare", lambda names=None, **_: asked.append(tuple(names)))
    level = '["2 ", "  "]'
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(level))
    main(["count", "-"])
    err = capsys.readouterr().err
    assert err.count("preparing the engine") == 1
    assert asked == [("count",)]


def test_a_first_start_screenshot_answers_without_waiting_for_the_compile(qapp, tmp_path, monkeypatch):
    """``linjat-editor LEVEL --screenshot`` on a first start: the analysis runs at once; the compile goes on behind."""
    from linjat_editor.gui.shell.launch import main

    first = _FirstStart(monkeypatch)
    level = tmp_path / "tutorial.json"
    level.write_text('["    ", "    ", ".3. ", "    "]')
    assert main([str(level), "--screenshot", str(tmp_path / "shot.png")]) == 0
    assert first.started == [True] and not first.release.is_set()  # it did not wait for the compile to finish
    assert not tier.interpreting()  # the window closed: the warm-up stopped following


def test_a_background_compile_that_cannot_start_leaves_the_compile_here(monkeypatch, tmp_path):
    real_start = background_compile.start

    def popen(*_, **__):
        raise OSError("no more processes")

    first = _FirstStart(monkeypatch)
    monkeypatch.setattr(background_compile, "start", real_start)  # the real one, up to its process
    monkeypatch.setattr(background_compile, "_folder", lambda: tmp_path)
    monkeypatch.setattr(detached.subprocess, "Popen", popen)
    started = engine_warmup.begin()
    assert started.behind and not started.background
    engine_warmup.warm_up(started)
    assert first.prepared == [True] and not tier.interpreting()

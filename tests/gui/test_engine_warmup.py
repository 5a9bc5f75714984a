"""First start: the editor says it is preparing the engine, with a busy bar, and enables engine actions when ready."""

from __future__ import annotations

import threading

from linjat_editor.gui.shell import engine_warmup


def test_preparing_message_busy_bar_then_actions_enabled(window, qtbot, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(engine_warmup, "warm_up", lambda: release.wait(10) and 1.0)
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


def test_the_command_line_says_it_once_on_stderr(capsys, monkeypatch):
    from linjat_editor.cli.command import main
    from linjat_editor.core.kernels import cache

    monkeypatch.setattr(cache, "compiled", lambda: False)
    level = '["2 ", "  "]'
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(level))
    main(["count", "-"])
    err = capsys.readouterr().err
    assert err.count("preparing the engine") == 1

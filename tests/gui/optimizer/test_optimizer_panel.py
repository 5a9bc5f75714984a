"""The optimizer dock: start/finish, pause/resume/stop, fixed numbers, adopt, shutdown on close."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from linjat_editor import core

from linjat_editor.core.level import Level
from linjat_editor.gui.optimizer.runner import RunState


from linjat_editor.gui.optimizer.optimizer_panel import OptimizerPanel  # noqa: E402

SEED = Level.from_rows([
    "2   3 ",
    "      ",
    "  4   ",
    "      ",
    "3    2",
    "      ",
    " 3  4 ",
    "      ",
    "2     ",
], name="seed me", notes="keep my notes")


@pytest.fixture
def panel(qtbot):
    p = OptimizerPanel(SEED)
    # A second Start asks before it discards the first run's pool (test_preview_in_window shows the real question).
    p.prompt_drop_pool = lambda what=None: QMessageBox.StandardButton.Discard
    p.settings.preset.setCurrentText("easy")
    p.settings.seed.setValue(7)
    p.resize(500, 800)
    qtbot.addWidget(p)
    p.show()
    yield p
    assert p.shutdown(30_000)


def wait_state(qtbot, panel, *states, timeout=180_000):
    qtbot.waitUntil(lambda: panel.runner.state in states and not panel.runner.is_busy(), timeout=timeout)


def test_run_to_the_end_then_adopt(qtbot, panel, tmp_path):
    panel.settings.iterations.setValue(400)
    panel.start()
    assert panel.runner.state == RunState.RUNNING and not panel.buttons["start"].isEnabled()
    wait_state(qtbot, panel, RunState.FINISHED)
    assert panel.progress.value() == 400 and "it/s" in panel.rate.text()
    # docs/rules-and-method.md: one pool per core the Cores box names, all of them unless the designer says fewer
    assert panel.settings.cores.value() == core.default_workers() == len(panel.runner.optimizer.islands)
    assert panel.plot.samples and panel.pool and panel.pool_view.count() == len(panel.pool)
    scores = [e.score for e in panel.pool]
    assert scores == sorted(scores, reverse=True)
    panel.pool_view.setCurrentRow(len(panel.pool) - 1)
    with qtbot.waitSignal(panel.adoptRequested) as sig:
        panel.buttons["adopt"].click()
    level = sig.args[0]
    assert level.same_board(panel.pool[-1].level)
    assert core.count_solutions(level).count == 1 and core.solve(level).solved
    panel.grab().save(str(tmp_path / "optimizer.png"))


@pytest.mark.parametrize("cores", ["one", "all"])
def test_a_seed_on_so_many_cores_gives_the_engines_run(qtbot, panel, cores):
    """The Seed and Cores boxes' promise: the pool is the one the engine's optimizer makes for that seed on that many
    islands (the editor adds nothing of its own to the search)."""
    workers = 1 if cores == "one" else panel.settings.cores.maximum()
    panel.settings.cores.setValue(workers)
    panel.settings.iterations.setValue(600)
    panel.start()
    wait_state(qtbot, panel, RunState.FINISHED)
    assert len(panel.runner.optimizer.islands) == workers
    engine = core.Optimizer(SEED, panel.settings.goal(), seed=7, workers=workers)
    engine.run(600)
    assert [(e.level.board_key(), e.score) for e in panel.pool] == [(e.level.board_key(), e.score) for e in engine.pool]


def test_tab_goes_down_the_settings_as_they_read(qtbot, panel):
    """Keyboard order is the form's order: preset, (weights), aim, (target), the canon, iterations, seed, cores,
    numbers kept fixed; hidden boxes are skipped."""
    form = panel.settings
    names = {id(getattr(form, n)): n for n in ("preset", "aim", "target", "allow_ones", "relax_rule", "iterations",
                                                "seed", "cores", "fixed")}
    names.update({id(box): "weights" for box in form.weight_boxes.values()})

    def order() -> list[str]:
        seen, w = [], form.preset
        while len(seen) < 30:
            w = w.nextInFocusChain()
            name = names.get(id(w))
            if name == "preset" or (name is None and seen and seen[-1] == "fixed"):
                break
            if name is not None and w.isVisible() and (not seen or seen[-1] != name):
                seen.append(name)
        return seen

    assert order() == ["aim", "allow_ones", "relax_rule", "iterations", "seed", "cores", "fixed"]
    form.preset.setCurrentText("custom")
    form.aim.setCurrentIndex(form.aim.findData("score"))
    assert order() == ["weights", "aim", "target", "allow_ones", "relax_rule", "iterations", "seed", "cores", "fixed"]


def test_starting_promises_no_compile(qtbot, panel):
    """The engine is never compiled by a run: a first start runs it as Python while it compiles behind."""
    shown: list[str] = []
    show = panel.info.setText
    panel.info.setText = lambda text: (shown.append(text), show(text))  # every line the panel shows, in order
    panel.settings.iterations.setValue(50)
    panel.start()
    wait_state(qtbot, panel, RunState.FINISHED)
    assert shown[0] == "Starting…" and not any("compile" in text for text in shown), shown


def test_pause_resume_stop_keep_the_pool(qtbot, panel):
    panel.settings.iterations.setValue(2_000_000)
    panel.start()
    qtbot.waitUntil(lambda: panel.runner.done > 0, timeout=180_000)
    panel.buttons["pause"].click()
    wait_state(qtbot, panel, RunState.PAUSED)
    done, pool = panel.runner.done, list(panel.pool)
    assert pool and panel.buttons["resume"].isEnabled()
    panel.buttons["resume"].click()
    assert panel.runner.state == RunState.RUNNING
    qtbot.waitUntil(lambda: panel.runner.done > done, timeout=180_000)
    best_before = pool[0].score
    panel.buttons["stop"].click()
    assert panel.runner.state == RunState.STOPPED and not panel.runner.is_busy()
    assert panel.pool[0].score >= best_before  # resumed from the pool, never worse


def test_fixed_numbers_stay(qtbot, panel):
    fixed = {(0, 0), (4, 5)}
    panel.settings.set_fixed(fixed)
    assert panel.settings.fixed_cells() == fixed
    panel.settings.iterations.setValue(300)
    panel.start()
    wait_state(qtbot, panel, RunState.FINISHED)
    for e in panel.pool:
        for r, c in fixed:
            assert e.level.number_at(r, c) == SEED.number_at(r, c)


def test_stop_while_starting_does_not_hang(qtbot, panel):
    panel.settings.iterations.setValue(5_000_000)
    panel.start()
    assert panel.shutdown(30_000)  # straight away, maybe before the optimizer exists
    assert not panel.runner.is_busy() and panel.runner.state == RunState.STOPPED


def test_custom_weights(qtbot, panel):
    panel.settings.preset.setCurrentText("custom")
    panel.settings.weight_boxes["square"].setValue(42)
    w = panel.settings.weights()
    assert w.square == 42 and w.cover == core.PRESETS["easy"].cover


def test_the_canon_holds_unless_the_designer_lets_it_go(qtbot, panel):
    from linjat_editor.core.scoring import TIERS

    boxes = {panel.settings.allow_ones: "Allow 1s", panel.settings.relax_rule: "Relax tier rule"}
    for box, text in boxes.items():
        assert box.isVisible() and box.text() == text and not box.isChecked()
    panel.settings.iterations.setValue(1500)
    panel.start()
    wait_state(qtbot, panel, RunState.FINISHED)
    assert panel.goal.lowest == 2 and panel.goal.rule == TIERS["easy"].rule
    assert panel.pool
    for e in panel.pool:
        assert min(n.value for n in e.level.numbers) >= 2
        assert TIERS["easy"].rule.met_by(core.classify(e.level))
    panel.settings.allow_ones.setChecked(True)
    panel.settings.relax_rule.setChecked(True)
    panel.start()
    wait_state(qtbot, panel, RunState.FINISHED)
    assert panel.goal.lowest == 1 and panel.goal.rule == TIERS["expert"].rule
    found = [e.level for e in panel.pool]
    assert any(min(n.value for n in lv.numbers) == 1 or not TIERS["easy"].rule.met_by(core.classify(lv))
               for lv in found)


def test_the_best_said_is_the_pools_own_number_one(qtbot, panel):
    """A report is made on the worker and read later, when the pool it sends along may be newer: the line under
    the progress bar names the pool's #1 score, also when the run ends before another report."""
    from types import SimpleNamespace

    from linjat_editor.core.optimizer import Progress

    def entry(score: float):
        return core.PoolEntry(SEED, core.solve(SEED).classification, score)

    runner = panel.runner
    panel.run_level = SEED
    runner.optimizer = SimpleNamespace(pool=[entry(9), entry(7)])  # the pool as it is now
    runner.total, runner._last_pool = 1000, 0.0  # a run of 1,000 iterations; a pool refresh is due
    runner._on_progress(Progress(407, 1000, 7, (7.0,), 400.0))  # made when the best was 7
    assert "best 9" in panel.rate.text() and panel.pool_view.item(0).text().startswith("#1 score 9")
    # the run ends: a better level came in its last chunk, after the last report
    runner.optimizer.pool = [entry(11), entry(9)]
    runner._run = SimpleNamespace(optimizer=runner.optimizer, ran=1000)
    runner._on_finished()
    assert "1,000 / 1,000 iterations" in panel.rate.text() and "best 11" in panel.rate.text()
    assert panel.pool_view.item(0).text().startswith("#1 score 11")

"""GUI test fixtures: settings and recovery files go to a temporary directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("LINJAT_EDITOR_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LINJAT_EDITOR_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def window(qtbot):
    """A main window with modal boxes replaced by recorders (``window.errors``, ``window.infos``)."""
    from PySide6.QtWidgets import QMessageBox

    from linjat_editor.core.level import Level
    from linjat_editor.gui.main_window import MainWindow

    w = MainWindow(Level.from_rows(["    ", "    ", ".3. ", "    "]))
    w.errors, w.infos = [], []
    w.show_error = lambda title, text: w.errors.append((title, text))
    w.show_info = lambda title, text: w.infos.append((title, text))
    # pytest-qt closes the window before fixture teardown: never let that open a modal prompt.
    w.files.prompt_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    yield w
    w.analysis.runner.cancel()
    w.generator.runner.cancel()
    w.analysis.runner.pool.waitForDone(60_000)
    w.generator.runner.pool.waitForDone(60_000)

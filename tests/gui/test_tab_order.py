"""Keyboard order: in every dock, Tab goes down the panel as a person reads it, never back up to a box above."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from linjat_editor.io.level_set import LevelSet


def upward_steps(panel: QWidget) -> list[str]:
    """Each step of the focus chain, among the panel's visible, enabled, Tab-reachable parts, that goes up."""
    parts = [w for w in panel.findChildren(QWidget)
             if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    top = min(parts, key=lambda w: (w.mapTo(panel, QPoint(0, 0)).y(), w.mapTo(panel, QPoint(0, 0)).x()))
    chain, w = [top], top
    for _ in range(2000):  # the window's whole chain is a ring: follow it back to where it began
        w = w.nextInFocusChain()
        if w is top:
            break
        if w in parts and w not in chain:
            chain.append(w)
    y = [w.mapTo(panel, QPoint(0, 0)).y() for w in chain]
    name = lambda w: w.accessibleName() or getattr(w, "text", lambda: "")() or type(w).__name__  # noqa: E731
    return [f"{name(a)} ({ya}) -> {name(b)} ({yb})" for a, b, ya, yb in zip(chain, chain[1:], y, y[1:]) if yb < ya - 5]


@pytest.mark.parametrize("dock", ["dock-analysis", "dock-steps", "dock-history", "dock-play", "dock-level-set",
                                  "dock-optimizer"])
def test_tab_goes_down_every_dock(qtbot, window, corpus_levels, dock):
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    panel = window.set_panel
    panel.set_level_set(LevelSet().add(corpus_levels("easy")[0], tier="easy").add(corpus_levels("easy")[1], tier="easy"))
    panel.select(0)  # the buttons for a selected level are enabled, so they are in the chain too
    found = window.findChild(QDockWidget, dock)
    found.show()
    found.raise_()
    qtbot.wait(50)
    assert upward_steps(found.widget()) == []

"""The one question before unsaved work goes (the level's, the set's): Save, Discard or Cancel."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

Answer = QMessageBox.StandardButton


def ask_save(parent: QWidget, title: str, what: str) -> Answer:
    """Ask Save / Discard / Cancel about ``what`` ("The level set X"), Save the default."""
    return QMessageBox.question(parent, title, f"{what} has unsaved changes. Save them first?",
                                Answer.Save | Answer.Discard | Answer.Cancel, Answer.Save)


def may_drop(modified: bool, ask: Callable[[], Answer], save: Callable[[], bool]) -> bool:
    """True when the work may go: nothing unsaved, saved (``save()`` True), or discarded; Cancel, or a save
    that did not happen, keeps it."""
    if not modified:
        return True
    answer = ask()
    if answer == Answer.Save:
        return save()
    return answer == Answer.Discard

"""Drawing first, widgets later, in one process: the suite's order must not matter."""

from PySide6.QtWidgets import QApplication, QWidget

from linjat_editor.render.app import ensure_app


def test_an_export_first_leaves_widgets_possible() -> None:
    """ensure_app finds the session's QApplication: a QWidget after it does not abort the process."""
    app = ensure_app()
    assert isinstance(app, QApplication)
    widget = QWidget()
    widget.deleteLater()

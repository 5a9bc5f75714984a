"""What the board draws: pinned dots, stuck and leak highlights, step lines show up as pixels."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from linjat_editor.core.level import Level
from linjat_editor.gui.board.board_view import BoardView
from linjat_editor.gui.board.document import Document
from linjat_editor.render.marks import Overlay, StepLine
from linjat_editor.render.theme import Theme


def render(qtbot, level: Level, overlay: Overlay = Overlay(), solution: bool = False) -> tuple[BoardView, QImage]:
    view = BoardView(Document(level))
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.set_selection(None)
    view.set_overlay(overlay)
    view.set_show_solution(solution)
    return view, view.grab().toImage()


def has_colour(image: QImage, name: str, tolerance: int = 30) -> bool:
    want = QColor(getattr(Theme(), name))
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < tolerance:
                return True
    return False


def test_pinned_dot_has_a_ring(qtbot):
    plain = Level(3, 3).with_dot(1, 1)
    _, image = render(qtbot, plain)
    assert not has_colour(image, "pin_ring")
    _, image = render(qtbot, plain.with_dot(1, 1, pinned=True))
    assert has_colour(image, "pin_ring")


def test_overlays_are_drawn(qtbot):
    level = Level.from_rows(["3  ", "   ", "  ."])
    _, image = render(qtbot, level, Overlay(stuck_cells=frozenset({(1, 1)})))
    assert has_colour(image, "stuck", 60)
    _, image = render(qtbot, level, Overlay(selected_leak_cells=frozenset({(2, 2)})))
    assert has_colour(image, "leak")
    lines = (StepLine((0, 0, 0, 2), complete=True, extended=False),)
    _, image = render(qtbot, level, Overlay(step_lines=lines))
    assert has_colour(image, "step_done") and not has_colour(image, "step_short")
    short = (StepLine((0, 0, 0, 1), complete=False, extended=True),)
    _, image = render(qtbot, level, Overlay(step_lines=short))
    assert has_colour(image, "step_short")


def test_solution_only_when_toggled(qtbot):
    level = Level.from_rows(["3  ", "   ", "   "])
    overlay = Overlay(solution=((0, 0, 0, 2),))
    _, hidden = render(qtbot, level, overlay, solution=False)
    _, shown = render(qtbot, level, overlay, solution=True)
    assert hidden != shown

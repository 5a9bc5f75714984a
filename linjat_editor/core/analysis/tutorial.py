"""A lesson's tutorial message, drafted from its key step in the original game's short style.

The key step is the first one of the kind the lesson teaches, in the solve
with the kinds the lesson allows (``linjat solve --rules``). Its explanation
is put the way the game's own tutorial talks to a player ("Drag the 4 over
the dot."): short, about the numbers by their value, ending with what to do.
It names no button: the editor's Play and the playtest page see a level
solved by themselves, and the original game calls its button otherwise. A
designer edits it in Level properties.

>>> from linjat_editor.core.kinds import Kind
>>> from linjat_editor.core.level import Level
>>> draft_message(Level.from_rows(["    ", "    ", ".  4", "    "]), Kind.COVER, (Kind.COVER,))
'Drag the 4 over the dot: no other number can reach it.'
"""

from __future__ import annotations

from typing import Iterable

from ..kinds import Kind
from ..level import Cell, Level
from ..solver import Deduction, deduce
from ..techniques import lesson_meta
from .detail import dependent_dots, one_of_pair, square_dots
from .steps import Step, steps_from
from .words import cell_name


def as_lesson(level: Level, teach: Kind, rules: Iterable[Kind]) -> Level:
    """``level`` as a lesson on ``teach`` allowing ``rules``: its metadata says what it teaches
    (``extra["lesson"]``, read back by ``techniques.lesson_of``), and it carries its own message or,
    with none, a drafted one. The one finish of a lesson, for the optimizer's Adopt, a batch and
    ``linjat generate --teach``."""
    rules = tuple(rules)
    return level.with_meta(message=level.message or draft_message(level, teach, rules),
                           extra={**level.extra, "lesson": lesson_meta(teach, rules)})


def draft_message(level: Level, teach: Kind, rules: Iterable[Kind]) -> str:
    """The drafted message of a lesson on ``teach`` allowing ``rules``; "" if that solve never uses ``teach``."""
    trace = deduce(level, trace=True, rules=tuple(rules))
    steps = steps_from(trace)
    key = next((i for i, s in enumerate(steps) if s.kind == teach), None)
    if key is None:
        return ""
    first = _before(level, steps[:key])
    what = _key(level, steps[key], trace, key)
    if first.startswith("Drag ") and what.startswith("That means "):
        dragged = first[len("Drag "):-len(" over the dot.")]
        what = what.replace(f"That means {dragged} ", "That means it ", 1)  # the number just dragged
    last = "" if key == len(steps) - 1 else "Then draw the other lines."
    return " ".join(part for part in (first, what, last) if part)


def _name(level: Level, p: int) -> str:
    """``the 4``, or ``the 4 at row 2, column 3`` when the board has another 4."""
    n = level.numbers[p]
    same = sum(m.value == n.value for m in level.numbers)
    return f"the {n.value}" if same == 1 else f"the {n.value} at {cell_name(n.cell)}"


def _before(level: Level, steps: list[Step]) -> str:
    """What to do before the key step: the game's "Drag the 3 over the dot." when it is one such move."""
    if not steps:
        return ""
    if len(steps) == 1 and steps[0].kind == Kind.COVER and len(steps[0].numbers) == 1:
        return f"Drag {_name(level, level.number_index(*steps[0].numbers[0]))} over the dot."
    if all(s.kind == Kind.COVER for s in steps):
        return "First drag each number over the dots only it can reach."
    return "First draw what you can."


def _key(level: Level, step: Step, trace: Deduction, index: int) -> str:
    """The key step, short: which number, which cells, and why."""
    numbers = [level.number_index(*c) for c in step.numbers]
    focus = set(numbers)
    if step.kind == Kind.COVER:
        if len(numbers) == 1:
            return f"Drag {_name(level, numbers[0])} over the dot: no other number can reach it."
        return "Each of these dots can be reached by one number only: drag that number over it."
    if step.kind == Kind.CANT_FIT:
        if len(numbers) != 1:
            return "Some numbers fit in only one way over a few cells: wherever their lines go, they cover those cells."
        p = numbers[0]
        n = level.numbers[p]
        cells = [c for c in step.cells if c != n.cell]
        way = "horizontally" if any(r == n.row for r, _ in cells) else "vertically"
        lead = "That means " + _name(level, p) if index else _name(level, p).capitalize()
        return f"{lead} will only fit in {way}: whichever way it goes, it covers {_beside(n.cell, cells)}."
    if step.kind == Kind.SQUARE:
        found = square_dots(trace, index, focus)
        if found is not None:
            a, b, p, q = found
            return (f"Only {_name(level, p)} and {_name(level, q)} can reach the dots at {cell_name(a)} and {cell_name(b)}, "
                    "and no line is long enough for both: each of them covers one.")
    if step.kind == Kind.DEPENDENCY:
        found_d = dependent_dots(trace, index, focus)
        if found_d is not None:
            a, t, both = found_d
            who = " or ".join(_name(level, q) for q in sorted(both)) or "no number"
            return (f"Whoever covers the dot at {cell_name(a)} must also cover the dot at {cell_name(t)}, "
                    f"and only {who} can reach both.")
    if step.kind == Kind.ONE_OF:
        found_o = one_of_pair(trace, index)
        if found_o is not None:
            x, pa, pb, pc = found_o
            return (f"{_name(level, pa).capitalize()} and {_name(level, pb)} cannot both cover {cell_name(x)}, so one of "
                    f"them fills its other cells: {_name(level, pc)} cannot cross both.")
    return step.message  # the step's own explanation, when its pattern cannot be named shortly


def _beside(at: Cell, cells: list[Cell]) -> str:
    """``the cell above it``, ``the 3 cells to its left``, ``2 cells on each side of it`` (cells in its row or column)."""
    r, c = at
    sides = {
        "above it": sum(cr < r for cr, _ in cells), "below it": sum(cr > r for cr, _ in cells),
        "to its left": sum(cc < c for _, cc in cells), "to its right": sum(cc > c for _, cc in cells),
    }
    parts = [f"the cell {side}" if k == 1 else f"the {k} cells {side}" for side, k in sides.items() if k]
    return " and ".join(parts)

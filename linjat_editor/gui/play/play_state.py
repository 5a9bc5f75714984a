"""The rules of play, without Qt: lines drawn so far, drags, undo and the "Done" check.

A line is kept as its number's axis and how far it reaches on each side of the
number (``neg`` cells up/left, ``pos`` cells down/right). A drag replaces the
reach on the side the pointer is on and keeps the other side, which is how the
original game lets a line grow both ways from its number. Lines are clamped
where they would leave the grid, cover another number or cross another line;
the first such obstacle is reported so the view can say why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from linjat_editor.core.level import Cell, Level, Line, Number, line_cells


@dataclass(frozen=True)
class Reach:
    """A number's line: its axis ('h', 'v' or '' for none) and reach on each side."""

    axis: str = ""
    neg: int = 0
    pos: int = 0

    @property
    def length(self) -> int:
        return 1 + self.neg + self.pos

    def line(self, n: Number) -> Line:
        if self.axis == "h":
            return (n.row, n.col - self.neg, n.row, n.col + self.pos)
        if self.axis == "v":
            return (n.row - self.neg, n.col, n.row + self.pos, n.col)
        return (n.row, n.col, n.row, n.col)


@dataclass(frozen=True)
class Check:
    """What "Done" found: solved, numbers whose line has the wrong length, dots left uncovered."""

    solved: bool
    wrong: tuple[tuple[Number, int], ...]  # (number, its current line length)
    uncovered: tuple[Cell, ...]

    @property
    def message(self) -> str:
        if self.solved:
            return "Solved! Every number has its line and every dot is covered."
        parts = []
        for n, length in self.wrong[:4]:
            how = "too short" if length < n.value else "too long"
            parts.append(f"the {n.value} at row {n.row + 1}, column {n.col + 1} is {how} ({length} of {n.value})")
        if len(self.wrong) > 4:
            k = len(self.wrong) - 4
            parts.append(f"{k} more line{' has' if k == 1 else 's have'} the wrong length")
        if self.uncovered:
            cells = ", ".join(f"row {r + 1} column {c + 1}" for r, c in self.uncovered[:4])
            more = "..." if len(self.uncovered) > 4 else ""
            s = "s" if len(self.uncovered) > 1 else ""
            parts.append(f"{len(self.uncovered)} dot{s} not covered: {cells}{more}")
        return "Not yet: " + "; ".join(parts) + "."


@dataclass
class PlayState:
    """A level being played: one :class:`Reach` per number, with undo history and a move count."""

    level: Level
    reaches: list[Reach] = field(default_factory=list)
    history: list[list[Reach]] = field(default_factory=list)
    moves: int = 0

    def __post_init__(self) -> None:
        if not self.reaches:
            self.reaches = [Reach() for _ in self.level.numbers]

    # -- questions ---------------------------------------------------------

    def line(self, i: int) -> Line:
        return self.reaches[i].line(self.level.numbers[i])

    def lines(self) -> list[Line]:
        return [self.line(i) for i in range(len(self.reaches))]

    def owner(self, skip: int = -1) -> dict[Cell, int]:
        """Cell -> index of the number whose line (or own cell) covers it."""
        own: dict[Cell, int] = {}
        for i in range(len(self.reaches)):
            if i != skip:
                for cell in line_cells(self.line(i)):
                    own[cell] = i
        return own

    def status(self, i: int) -> str:
        """'ok', 'short' or 'long' for number i's line."""
        length, value = self.reaches[i].length, self.level.numbers[i].value
        return "ok" if length == value else "short" if length < value else "long"

    def number_for(self, cell: Cell) -> int:
        """The number a press on ``cell`` grabs: the number there, or the one whose line covers it."""
        return self.owner().get(cell, -1)

    def check(self) -> Check:
        wrong = tuple((n, r.length) for n, r in zip(self.level.numbers, self.reaches) if r.length != n.value)
        covered = self.owner()
        uncovered = tuple(sorted(d for d in self.level.dots if d not in covered))
        return Check(not wrong and not uncovered, wrong, uncovered)

    # -- proposing lines -----------------------------------------------------

    def _free_run(self, i: int, axis: str, step: int, want: int, taken: dict[Cell, int]) -> tuple[int, Cell | None]:
        """How many of ``want`` cells number i can reach on one side, and the obstacle if any."""
        n = self.level.numbers[i]
        dr, dc = (0, step) if axis == "h" else (step, 0)
        for k in range(1, want + 1):
            cell = (n.row + dr * k, n.col + dc * k)
            if not (0 <= cell[0] < self.level.height and 0 <= cell[1] < self.level.width):
                return k - 1, None  # the border: no feedback needed
            if cell in taken:
                return k - 1, cell
        return want, None

    def propose(self, i: int, reach: Reach) -> tuple[Reach, Cell | None]:
        """``reach`` clamped to what is legal, and the first cell that blocked it (or None)."""
        if not reach.axis:
            return Reach(), None
        taken = self.owner(skip=i)
        neg, block_neg = self._free_run(i, reach.axis, -1, reach.neg, taken)
        pos, block_pos = self._free_run(i, reach.axis, +1, reach.pos, taken)
        out = Reach(reach.axis, neg, pos) if neg or pos else Reach()
        return out, block_neg or block_pos

    # -- changes -------------------------------------------------------------

    def commit(self, i: int, reach: Reach) -> bool:
        """Set number i's line (already legal); counts a move if anything changed."""
        if reach == self.reaches[i]:
            return False
        self.history.append(list(self.reaches))
        self.reaches[i] = reach
        self.moves += 1
        return True

    def undo(self) -> bool:
        if not self.history:
            return False
        self.reaches = self.history.pop()
        self.moves += 1  # undoing is part of the effort a player spent
        return True

    def reset(self) -> None:
        """Back to the empty board, with history and count cleared (a fresh attempt)."""
        self.reaches = [Reach() for _ in self.level.numbers]
        self.history.clear()
        self.moves = 0


class Drag:
    """One press-move-release gesture on number ``i``, starting from its current line."""

    def __init__(self, state: PlayState, i: int) -> None:
        self.state, self.i = state, i
        self.base = state.reaches[i]
        self.side = 0  # which side this drag is shaping: -1, +1, or 0 before the pointer leaves the number

    def update(self, dr: int, dc: int) -> tuple[Reach, Cell | None]:
        """The line for a pointer (dr, dc) cells away from the number, and what blocked it."""
        if dr == 0 and dc == 0:
            if not self.side:
                return self.base, None
            # Back on the number: the side being shaped collapses, the other stays.
            axis, neg, pos = self.base.axis, self.base.neg, self.base.pos
            neg, pos = (0, pos) if self.side < 0 else (neg, 0)
            return self.state.propose(self.i, Reach(axis, neg, pos))
        axis = "h" if abs(dc) >= abs(dr) else "v"
        offset = dc if axis == "h" else dr
        self.side = 1 if offset > 0 else -1
        keep = self.base if self.base.axis == axis else Reach(axis)
        want = Reach(axis, -offset, keep.pos) if offset < 0 else Reach(axis, keep.neg, offset)
        return self.state.propose(self.i, want)

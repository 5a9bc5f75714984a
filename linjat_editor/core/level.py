"""The level: a grid of numbers and dots, plus what the designer wrote about it.

A :class:`Level` is an immutable value: every edit returns a new level, so
levels can be compared, hashed (without their metadata), kept in undo stacks
and passed between threads without copying.

>>> level = Level.from_rows(["    ", "    ", ".3. ", "    "])
>>> level.height, level.width
(4, 4)
>>> level.numbers
(Number(row=2, col=1, value=3),)
>>> sorted(level.dots)
[(2, 0), (2, 2)]
>>> level.with_number(0, 0, 2).rows()[0]
'2   '
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

#: A cell as (row, column), both counted from 0 at the top left.
Cell = tuple[int, int]
#: A line as (row1, col1, row2, col2), its two end cells, top-left end first.
Line = tuple[int, int, int, int]

#: Largest grid side a level may have; anything bigger is surely a bad file.
MAX_SIDE = 40
#: Largest number value (the original game's generator used 2-5, its optimizer 1-8).
MAX_VALUE = 9


class LevelError(ValueError):
    """A level that breaks the rules of the format; the message is one line."""


class Number(NamedTuple):
    """A number on the board: its cell and the length of its line."""

    row: int
    col: int
    value: int

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)


@dataclass(frozen=True)
class Level:
    """A Linjat level. Numbers are kept in row-major order.

    ``pinned`` is the subset of ``dots`` that the generator must keep when it
    refills the board. ``extra`` holds any further metadata (tags, playtest
    results...) as plain JSON-compatible data; treat it as read-only.
    """

    height: int
    width: int
    numbers: tuple[Number, ...] = ()
    dots: frozenset[Cell] = frozenset()
    pinned: frozenset[Cell] = frozenset()
    name: str = ""
    author: str = ""
    notes: str = ""
    message: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        h, w = self.height, self.width
        if not isinstance(h, int) or not isinstance(w, int) or isinstance(h, bool) or isinstance(w, bool):
            raise LevelError("size must be whole numbers")
        if not (1 <= h <= MAX_SIDE and 1 <= w <= MAX_SIDE):
            raise LevelError(f"size {h}x{w} is out of range (1x1 to {MAX_SIDE}x{MAX_SIDE})")
        numbers = tuple(sorted(Number(*n) for n in self.numbers))
        seen: set[Cell] = set()
        for n in numbers:
            if not (0 <= n.row < h and 0 <= n.col < w):
                raise LevelError(f"number at row {n.row + 1}, column {n.col + 1} is outside the {h}x{w} grid")
            if not (1 <= n.value <= MAX_VALUE):
                raise LevelError(f"number at row {n.row + 1}, column {n.col + 1} has value {n.value} (1 to {MAX_VALUE})")
            if n.cell in seen:
                raise LevelError(f"two numbers at row {n.row + 1}, column {n.col + 1}")
            seen.add(n.cell)
        pinned = frozenset((int(r), int(c)) for r, c in self.pinned)
        dots = frozenset((int(r), int(c)) for r, c in self.dots) | pinned
        for r, c in dots:
            if not (0 <= r < h and 0 <= c < w):
                raise LevelError(f"dot at row {r + 1}, column {c + 1} is outside the {h}x{w} grid")
            if (r, c) in seen:
                raise LevelError(f"a dot and a number share row {r + 1}, column {c + 1}")
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "dots", dots)
        object.__setattr__(self, "pinned", pinned)
        object.__setattr__(self, "extra", dict(self.extra))

    # -- text form ---------------------------------------------------------

    @classmethod
    def from_rows(cls, rows: Sequence[str], **meta: Any) -> Level:
        """Read the original game's text form: a digit, ``.`` or space a cell."""
        if isinstance(rows, str) or not isinstance(rows, Sequence):
            raise LevelError("rows must be a list of strings")
        if not rows:
            raise LevelError("the level has no rows")
        if not all(isinstance(r, str) for r in rows):
            raise LevelError("every row must be a string")
        width = len(rows[0])
        for i, row in enumerate(rows):
            if len(row) != width:
                raise LevelError(f"row {i + 1} has {len(row)} cells, row 1 has {width}")
        numbers = []
        dots = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == ".":
                    dots.append((r, c))
                elif ch == " ":
                    pass
                elif ch in "123456789":
                    numbers.append(Number(r, c, int(ch)))
                else:
                    raise LevelError(f"row {r + 1}, column {c + 1}: unexpected character {ch!r}")
        return cls(len(rows), width, tuple(numbers), frozenset(dots), **meta)

    def rows(self) -> list[str]:
        """The original game's text form of the board."""
        grid = [[" "] * self.width for _ in range(self.height)]
        for r, c in self.dots:
            grid[r][c] = "."
        for n in self.numbers:
            grid[n.row][n.col] = str(n.value)
        return ["".join(row) for row in grid]

    def __str__(self) -> str:
        return "\n".join(self.rows())

    # -- questions ---------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return (self.height, self.width)

    def number_at(self, row: int, col: int) -> Number | None:
        for n in self.numbers:
            if n.row == row and n.col == col:
                return n
        return None

    def number_index(self, row: int, col: int) -> int:
        """Index of the number at (row, col) in :attr:`numbers`, or -1."""
        for i, n in enumerate(self.numbers):
            if n.row == row and n.col == col:
                return i
        return -1

    def board_key(self) -> tuple[Any, ...]:
        """What the engine sees: size, numbers and dots (no metadata, no pins)."""
        return (self.height, self.width, self.numbers, tuple(sorted(self.dots)))

    def same_board(self, other: Level) -> bool:
        return self.board_key() == other.board_key()

    # -- edits (each returns a new level) ----------------------------------

    def _inside(self, row: int, col: int) -> None:
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise LevelError(f"row {row + 1}, column {col + 1} is outside the {self.height}x{self.width} grid")

    def cleared(self, row: int, col: int) -> Level:
        """The level with cell (row, col) emptied."""
        self._inside(row, col)
        cell = (row, col)
        return replace(
            self,
            numbers=tuple(n for n in self.numbers if n.cell != cell),
            dots=self.dots - {cell},
            pinned=self.pinned - {cell},
        )

    def with_number(self, row: int, col: int, value: int) -> Level:
        """The level with a number placed on (row, col), replacing what was there."""
        base = self.cleared(row, col)
        return replace(base, numbers=base.numbers + (Number(row, col, value),))

    def with_dot(self, row: int, col: int, pinned: bool = False) -> Level:
        """The level with a dot (pinned or not) on (row, col), replacing what was there."""
        base = self.cleared(row, col)
        return replace(
            base,
            dots=base.dots | {(row, col)},
            pinned=base.pinned | {(row, col)} if pinned else base.pinned,
        )

    def with_numbers(self, numbers: Iterable[Number | tuple[int, int, int]], dots: Iterable[Cell] | None = None) -> Level:
        """The level with its numbers replaced (dots on their cells are removed).

        With ``dots``, its unpinned dots are replaced too: ``with_numbers(n).with_dots(d)`` in one new level.

        >>> level = Level(2, 3, dots=frozenset({(0, 0), (1, 2)}), pinned=frozenset({(1, 2)}))
        >>> level.with_numbers([(0, 1, 2)], [(1, 0)]) == level.with_numbers([(0, 1, 2)]).with_dots([(1, 0)])
        True
        >>> sorted(level.with_numbers([(1, 2, 2)], [(1, 0)]).dots)  # a number on a pinned dot replaces it
        [(1, 0)]
        """
        nums = tuple(Number(*n) for n in numbers)
        cells = {n.cell for n in nums}
        pinned = self.pinned - cells
        kept = self.dots - cells if dots is None else frozenset(dots) | pinned
        return replace(self, numbers=nums, dots=kept, pinned=pinned)

    def with_dots(self, dots: Iterable[Cell], keep_pinned: bool = True) -> Level:
        """The level with its unpinned dots replaced by ``dots``."""
        pinned = self.pinned if keep_pinned else frozenset()
        return replace(self, dots=frozenset(dots) | pinned, pinned=pinned)

    def without_dots(self, keep_pinned: bool = True) -> Level:
        """The level with every dot removed (pinned ones stay unless told)."""
        return self.with_dots((), keep_pinned=keep_pinned)

    def resized(self, height: int, width: int) -> Level:
        """The level on a grid of a new size; what falls outside is dropped."""

        def inside(cell: Cell) -> bool:
            return cell[0] < height and cell[1] < width

        return replace(
            self,
            height=height,
            width=width,
            numbers=tuple(n for n in self.numbers if inside(n.cell)),
            dots=frozenset(filter(inside, self.dots)),
            pinned=frozenset(filter(inside, self.pinned)),
        )

    def with_meta(self, **meta: Any) -> Level:
        """The level with some metadata fields (name, author, notes, message, extra) changed."""
        return replace(self, **meta)


def line_covers(line: Line, cell: Cell) -> bool:
    """Whether ``line`` (its ends in order, as a level's lines are) covers ``cell``.

    >>> line_covers((2, 0, 2, 2), (2, 1)), line_covers((2, 0, 2, 2), (1, 1))
    (True, False)
    """
    r1, c1, r2, c2 = line
    return r1 <= cell[0] <= r2 and c1 <= cell[1] <= c2


def line_cells(line: Line) -> list[Cell]:
    """The cells a line covers, from its first end to its second.

    >>> line_cells((2, 0, 2, 2))
    [(2, 0), (2, 1), (2, 2)]
    """
    r1, c1, r2, c2 = line
    if r1 == r2:
        return [(r1, c) for c in range(c1, c2 + 1)]
    return [(r, c1) for r in range(r1, r2 + 1)]

"""Board geometry (M-G1, M-G4, M-P3, M-S1, M-T9): squares are (column, row) pairs.

Home defends row 0 (its Goalie Box lies beyond it) and attacks towards the last row; away the
opposite. Distance is the larger of the row and column differences (8-way adjacency).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .snapshot import Side
from .vocabulary import Position

__all__ = ["Board", "Square", "distance"]


@lru_cache(maxsize=64)
def _neighbour_table(columns: int, rows: int) -> dict[Square, tuple[Square, ...]]:
    """Every square's neighbours, worked out once per board size (a pure memo)."""
    return {
        (x, y): tuple(
            (x + dx, y + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < columns and 0 <= y + dy < rows
        )
        for x in range(columns)
        for y in range(rows)
    }


Square = tuple[int, int]


def distance(a: Square, b: Square) -> int:
    """M-G1: the larger of the row and column differences."""
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


@dataclass(frozen=True, slots=True)
class Board:
    """A board of ``columns`` by ``rows`` (both even, M-G1)."""

    columns: int
    rows: int

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.columns and 0 <= square[1] < self.rows

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        """The up to 8 squares next to ``square`` (M-G1: 8-way adjacency)."""
        return _neighbour_table(self.columns, self.rows)[square]

    def neighbour_table(self) -> dict[Square, tuple[Square, ...]]:
        """Every square's :meth:`neighbours` at once (shared memo: do not change it)."""
        return _neighbour_table(self.columns, self.rows)

    def forward(self, side: Side) -> int:
        """+1 when ``side`` attacks towards higher rows."""
        return 1 if side is Side.HOME else -1

    def shooting_squares(self, side: Side) -> tuple[Square, Square]:
        """M-S1: the two centre squares of the last row before the opponent's Goalie Box."""
        row = self.rows - 1 if side is Side.HOME else 0
        centre = self.columns // 2
        return (centre - 1, row), (centre, row)

    def shot_range(self, side: Side, square: Square) -> int:
        """M-S1: squares from ``square`` to the nearer shooting square."""
        a, b = self.shooting_squares(side)
        return min(distance(square, a), distance(square, b))

    def goal_line_squares(self, side: Side) -> tuple[Square, Square]:
        """The two centre squares in front of ``side``'s own Goalie Box (distance for passes
        from the box: the Goalie stands just beyond them)."""
        row = 0 if side is Side.HOME else self.rows - 1
        centre = self.columns // 2
        return (centre - 1, row), (centre, row)

    def distance_from_box(self, side: Side, square: Square) -> int:
        """Squares from ``side``'s Goalie Box to ``square`` (one more than from the end row)."""
        a, b = self.goal_line_squares(side)
        return 1 + min(distance(square, a), distance(square, b))

    def progress(self, side: Side, square: Square) -> int:
        """Rows ``square`` lies ahead of ``side``'s own end row (0 … rows-1)."""
        return square[1] if side is Side.HOME else self.rows - 1 - square[1]

    def in_front(self, side: Side, square: Square, of: Square) -> bool:
        """M-T9: ``square`` is in a row in front of ``of`` for a pass by ``side``."""
        return (square[1] - of[1]) * self.forward(side) > 0

    def face_off_squares(self, side: Side) -> tuple[Square, Square]:
        """M-G4: the two squares round the ball on ``side``'s half of the centre line."""
        centre = self.columns // 2
        row = self.rows // 2 - 1 if side is Side.HOME else self.rows // 2
        return (centre - 1, row), (centre, row)

    def replacement_squares(self, side: Side) -> tuple[Square, Square]:
        """M-P3 option: the squares on ``side``'s sideline either side of its 20-yard line.

        Decided: home's sideline is column 0, away's the last column.
        """
        column = 0 if side is Side.HOME else self.columns - 1
        if side is Side.HOME:
            return (column, 3), (column, 4)
        return (column, self.rows - 4), (column, self.rows - 5)

    def formation(self, side: Side) -> dict[Position, list[Square]]:
        """Decided (the seed's line-up list is lost): where each position lines up for a
        face-off, Forwards on the face-off squares, then two lines behind them."""
        c = self.columns // 2
        front = self.rows // 2 - 1
        spots: dict[Position, list[tuple[int, int]]] = {
            Position.FORWARD: [(c - 1, 0), (c, 0)],
            Position.MAULER: [(c - 2, 1)],
            Position.HEAVY_MAULER: [(c + 1, 1)],
            Position.WINGBACK: [(0, 1), (self.columns - 1, 1)],
            Position.HALFBACK: [(c - 3, 2), (c + 2, 2)],
            Position.FULLBACK: [(c - 1, 3), (c, 3)],
            Position.GOALIE: [],
        }
        result: dict[Position, list[Square]] = {}
        for position, offsets in spots.items():
            squares = []
            for x, back in offsets:
                row = front - back
                if side is Side.AWAY:
                    x, row = self.columns - 1 - x, self.rows - 1 - row
                squares.append((x, row))
            result[position] = squares
        return result

"""The effective roll as a value: how many dice of which type, the modifier and which side
wins (:class:`RollSpec`), and the plain dice no player's traits change."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .dice import die_label

__all__ = ["RollSpec", "plain_spec"]


@dataclass(slots=True, eq=False)
class RollSpec:
    """The effective roll: ``count`` dice of ``sides`` (better one kept), ``modifier`` added.

    ``higher_wins`` is ``None`` for a roll with no better side (hand-off). ``best_of_two`` is
    the Superstar re-roll (M-D6). ``notes`` say why the roll differs from the position's base.

    Equal and hashed by value; nothing changes one made. Not ``frozen`` and with its own
    ``__init__``, ``__eq__`` and ``__hash__`` (worked out once: the coach's odds memos hash
    specs on every look-up), which mypyc compiles natively, while a dataclass's generated
    methods run as interpreted Python (docs/performance.md, "Engine").
    """

    sides: int
    count: int
    modifier: int
    higher_wins: bool | None
    best_of_two: bool = False
    notes: str = ""
    #: The die's label (``"2d6"``), worked out once: every roll of this spec records it.
    die: str = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    def __init__(
        self,
        sides: int,
        count: int,
        modifier: int,
        higher_wins: bool | None,
        best_of_two: bool = False,
        notes: str = "",
    ) -> None:
        self.sides = sides
        self.count = count
        self.modifier = modifier
        self.higher_wins = higher_wins
        self.best_of_two = best_of_two
        self.notes = notes
        self.die = die_label(sides, count)
        self._hash = hash((sides, count, modifier, higher_wins, best_of_two, notes))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollSpec):
            return NotImplemented
        return (
            self._hash == other._hash
            and self.sides == other.sides
            and self.count == other.count
            and self.modifier == other.modifier
            and self.higher_wins == other.higher_wins
            and self.best_of_two == other.best_of_two
            and self.notes == other.notes
        )

    def __hash__(self) -> int:
        return self._hash

    def describe(self) -> str:
        """E.g. ``"d12+1, best of two"`` for pages that show what a bonus changes."""
        text = self.die
        if self.modifier:
            text += f"{self.modifier:+d}"
        if self.best_of_two:
            text += ", best of two"
        return text


@lru_cache(maxsize=64)
def plain_spec(sides: int, *, higher_wins: bool | None = True) -> RollSpec:
    """A die with no player behind it (the football d6, the d12 of a Ricochet, a d10)."""
    return RollSpec(sides, 1, 0, higher_wins)

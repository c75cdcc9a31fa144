"""E-D5: a penalty shootout, kick by kick.

The rulebook plays "the general Penalty Shootout": the two sides kick in turn, five each at
most, stopping as soon as one cannot be caught; then one each (sudden death) until a round
leaves one ahead (docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .vocabulary import Side

__all__ = ["SHOOTOUT_ROUNDS", "ShootoutKick", "shootout_errors", "shootout_winner"]

#: E-D5: kicks each side takes before sudden death.
SHOOTOUT_ROUNDS = 5


@dataclass(frozen=True, slots=True)
class ShootoutKick:
    """E-D5: one kick, in order: the kicking side, scored or missed, and the kicker's card
    if the report names it."""

    side: Side
    scored: bool
    card: str | None = None


def _decided_after(kicks: Sequence[ShootoutKick], count: int) -> Side | None:
    """The winner once the first `count` kicks are taken (they alternate), or None."""
    first = kicks[0].side
    taken = {first: (count + 1) // 2, first.other: count // 2}
    scored = {side: sum(k.scored for k in kicks[:count] if k.side is side) for side in Side}
    if count <= 2 * SHOOTOUT_ROUNDS:
        left = {side: SHOOTOUT_ROUNDS - taken[side] for side in Side}
        for side in Side:
            if scored[side] > scored[side.other] + left[side.other]:
                return side
        return None
    if count % 2 == 0 and scored[Side.HOME] != scored[Side.AWAY]:
        return Side.HOME if scored[Side.HOME] > scored[Side.AWAY] else Side.AWAY
    return None


def shootout_errors(kicks: Sequence[ShootoutKick]) -> list[tuple[int | None, str]]:
    """E-D5: (kick index, or None for the whole shootout, and why) for each fault: the
    sides take turns, no kick follows the deciding one, and there is a winner."""
    if not kicks:
        return [(None, "A shootout has kicks.")]
    errors: list[tuple[int | None, str]] = []
    first = kicks[0].side
    for index, kick in enumerate(kicks):
        expected = first if index % 2 == 0 else first.other
        if kick.side is not expected:
            errors.append((index, f"The sides take turns: kick {index + 1} is {expected.label}'s."))
    if errors:
        return errors
    for count in range(1, len(kicks) + 1):
        winner = _decided_after(kicks, count)
        if winner is not None:
            if count < len(kicks):
                errors.append(
                    (count, f"{winner.label} had won the shootout at kick {count}; no more kicks.")
                )
            return errors
    return [(None, "A shootout must have a winner: record the kicks until it has one.")]


def shootout_winner(kicks: Sequence[ShootoutKick]) -> Side | None:
    """E-D5: the side that won a valid shootout; None while (or if) it is undecided."""
    if not kicks or shootout_errors(kicks):
        return None
    return _decided_after(kicks, len(kicks))

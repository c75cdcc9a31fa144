"""Round-robin schedules by the circle method. Pure Python: team keys in, pairings out."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)

Pairing = tuple[T, T]  # (home, away)


def round_robin(
    teams: Sequence[T], *, double: bool = False, seed: int | None = None
) -> list[list[tuple[T, T]]]:
    """Rounds of (home, away) pairings in which every team meets every other once (twice,
    once at each home, when `double`).

    One team stays fixed while the others rotate one place a round (the circle method). An
    odd count gets a bye: the team drawn against it rests that round. Home games are balanced
    to within one per team; the second half of a double round robin mirrors the first with
    home and away swapped. With a `seed`, the order of teams is shuffled reproducibly.
    """
    if len(set(teams)) != len(teams):
        raise ValueError("A schedule needs distinct teams.")
    if len(teams) < 2:
        raise ValueError("A schedule needs at least two teams.")
    order: list[T | None] = list(teams)
    if seed is not None:
        random.Random(seed).shuffle(order)
    if len(order) % 2:
        order.append(None)  # the bye
    n = len(order)
    fixed, rotating = order[0], order[1:]
    rounds: list[list[tuple[T, T]]] = []
    for number in range(n - 1):
        # The fixed team alternates home and away; for the other pairs the team in the first
        # half of the circle is at home, and as every team rotates through every place it gets
        # as many home places as away ones.
        opponent = rotating[-1]
        pairs: list[tuple[T | None, T | None]] = [
            (fixed, opponent) if number % 2 == 0 else (opponent, fixed)
        ]
        for i in range(n // 2 - 1):
            pairs.append((rotating[i], rotating[-2 - i]))
        rounds.append(
            [(home, away) for home, away in pairs if home is not None and away is not None]
        )
        rotating = rotating[-1:] + rotating[:-1]
    if double:
        rounds += [[(away, home) for home, away in pairs] for pairs in rounds]
    return rounds

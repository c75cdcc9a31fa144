"""Round-robin schedules by the circle method. Pure Python: team keys in, pairings out."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
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


def division_round_robin(
    divisions: Sequence[Sequence[T]],
    *,
    within: int,
    across: int,
    seed: int | None = None,
) -> list[list[tuple[T, T]]]:
    """Rounds of (home, away) pairings for a season in divisions: every pair of teams of one
    division meets `within` times, every pair from different divisions `across` times (0:
    never), home and away in turn.

    The rounds compose circle-method round robins, so no team plays twice in a round and a
    team rests only where a round robin of an odd count gives it a bye: first the shared
    meetings (the whole league's round robin, `min(within, across)` times), then the extra
    ones, either every division's own round robin played side by side, or the whole
    league's round robin without its within-division games. A pair that meets an odd number
    of times has one home game more for one side; those sides are chosen so every team's
    home and away games differ by at most one (an Euler-tour orientation).
    """
    groups = [list(division) for division in divisions]
    teams = [team for division in groups for team in division]
    if len(set(teams)) != len(teams):
        raise ValueError("A team can be in one division only.")
    if len(groups) < 2 or any(len(division) < 2 for division in groups):
        raise ValueError("A schedule in divisions needs two divisions of two teams or more.")
    if within < 1 or across < 0:
        raise ValueError("Teams of a division meet at least once; across divisions 0 or more.")
    draw = random.Random(seed)

    def sub_seed() -> int | None:
        return None if seed is None else draw.randrange(2**48)

    division_of = {team: index for index, division in enumerate(groups) for team in division}
    whole = round_robin(teams, seed=sub_seed())
    own = _side_by_side([round_robin(division, seed=sub_seed()) for division in groups])
    # A round of the whole league's round robin may hold within-division games only: it
    # is left out, not played empty.
    across_only = [
        kept
        for pairs in whole
        if (kept := [pair for pair in pairs if division_of[pair[0]] != division_of[pair[1]]])
    ]
    shared = min(within, across)
    slots: list[list[tuple[T, T]]] = whole * shared
    slots += own * (within - shared) + across_only * (across - shared)
    return _alternated(slots, lambda a, b: within if division_of[a] == division_of[b] else across)


def _side_by_side(schedules: Sequence[list[list[tuple[T, T]]]]) -> list[list[tuple[T, T]]]:
    """Round robins of disjoint teams played at once: round i holds each one's round i (a
    shorter one's teams rest in the rounds beyond its own)."""
    length = max(len(rounds) for rounds in schedules)
    return [
        [pair for rounds in schedules if number < len(rounds) for pair in rounds[number]]
        for number in range(length)
    ]


def _alternated(
    slots: list[list[tuple[T, T]]], meetings: Callable[[T, T], int]
) -> list[list[tuple[T, T]]]:
    """The slots' pairings with home and away in turn for each pair, from a first home side
    that balances every team's home games to within one (pairs meeting an odd number of
    times give one side an extra home game: an Euler-tour orientation of their graph)."""
    odd: list[tuple[T, T]] = []
    seen: set[frozenset[T]] = set()
    for pairs in slots:
        for home, away in pairs:
            key = frozenset((home, away))
            if key not in seen:
                seen.add(key)
                if meetings(home, away) % 2:
                    odd.append((home, away))
    first_home = dict(_balanced_orientation(odd))
    met: dict[frozenset[T], int] = {}
    rounds = []
    for pairs in slots:
        oriented = []
        for home, away in pairs:
            key = frozenset((home, away))
            count = met.get(key, 0)
            met[key] = count + 1
            if count == 0 and key in first_home:
                first = first_home[key]
            elif count == 0:
                first = (home, away)
                first_home[key] = first
            else:
                first = first_home[key]
            oriented.append(first if count % 2 == 0 else (first[1], first[0]))
        rounds.append(oriented)
    return rounds


def _balanced_orientation(edges: list[tuple[T, T]]) -> list[tuple[frozenset[T], tuple[T, T]]]:
    """Each edge (pair) with a direction (home, away) so that every team is home in as many
    as it is away, give or take one: join the teams of odd degree to a helper vertex, walk
    each component's Euler circuit (Hierholzer) and direct the edges along it."""
    helper = object()
    adjacency: dict[object, list[tuple[object, int]]] = {}
    ends: list[tuple[object, object]] = []

    def add(a: object, b: object) -> None:
        adjacency.setdefault(a, []).append((b, len(ends)))
        adjacency.setdefault(b, []).append((a, len(ends)))
        ends.append((a, b))

    for a, b in edges:
        add(a, b)
    for vertex in [v for v, links in adjacency.items() if len(links) % 2]:
        add(vertex, helper)
    used = [False] * len(ends)
    forward = [True] * len(ends)  # walked from its first end to its second
    cursor = dict.fromkeys(adjacency, 0)
    for start in list(adjacency):
        # Every degree is even, so a walk only gets stuck where it began: each team is
        # entered as often as it is left.
        stack = [start]
        while stack:
            vertex = stack[-1]
            links = adjacency[vertex]
            while cursor[vertex] < len(links) and used[links[cursor[vertex]][1]]:
                cursor[vertex] += 1
            if cursor[vertex] == len(links):
                stack.pop()
                continue
            other, edge = links[cursor[vertex]]
            used[edge] = True
            forward[edge] = ends[edge][0] == vertex
            stack.append(other)
    return [
        (frozenset((a, b)), (a, b) if forward[index] else (b, a))
        for index, (a, b) in enumerate(edges)
    ]

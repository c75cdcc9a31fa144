"""The schedule of a season in divisions (league.services.round_robin.division_round_robin): every
pair of one division meets `within` times, every pair across divisions `across` times, no
team twice in a round, home and away in turn and balanced to within one game per team."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.services.round_robin import division_round_robin, round_robin
from rules.seeding import playoff_field

division_sizes = st.lists(st.integers(min_value=2, max_value=6), min_size=2, max_size=4)


def _divisions(sizes: list[int]) -> list[list[int]]:
    divisions, next_team = [], 10_000  # ids beyond the small ints Python shares
    for size in sizes:
        divisions.append(list(range(next_team, next_team + size)))
        next_team += size
    return divisions


@settings(max_examples=120, deadline=None)
@given(
    sizes=division_sizes,
    within=st.integers(min_value=1, max_value=4),
    across=st.integers(min_value=0, max_value=4),
    seed=st.none() | st.integers(min_value=0, max_value=2**32),
)
def test_every_pairing_meets_as_often_as_set_once_a_round_balanced(
    sizes: list[int], within: int, across: int, seed: int | None
) -> None:
    divisions = _divisions(sizes)
    division_of = {team: i for i, division in enumerate(divisions) for team in division}
    teams = list(division_of)
    rounds = division_round_robin(divisions, within=within, across=across, seed=seed)

    meetings: Counter[frozenset[int]] = Counter()
    homes: Counter[tuple[int, int]] = Counter()
    for pairs in rounds:
        playing = [team for pair in pairs for team in pair]
        assert len(playing) == len(set(playing)), "a team plays twice in a round"
        assert pairs, "an empty round"
        for home, away in pairs:
            assert home != away
            meetings[frozenset((home, away))] += 1
            homes[(home, away)] += 1
    for a in teams:
        for b in teams:
            if a < b:
                expected = within if division_of[a] == division_of[b] else across
                assert meetings[frozenset((a, b))] == expected
                # Home and away in turn: the sides differ by at most one game.
                assert abs(homes[(a, b)] - homes[(b, a)]) <= 1
    home_games = Counter(home for pairs in rounds for home, _ in pairs)
    away_games = Counter(away for pairs in rounds for _, away in pairs)
    for team in teams:
        assert abs(home_games[team] - away_games[team]) <= 1


def test_meetings_alternate_home_and_away_round_after_round() -> None:
    rounds = division_round_robin([[1, 2, 3, 4], [5, 6, 7, 8]], within=3, across=2, seed=3)
    sides: dict[frozenset[int], list[tuple[int, int]]] = {}
    for pairs in rounds:
        for pair in pairs:
            sides.setdefault(frozenset(pair), []).append(pair)
    for played in sides.values():
        for first, second in pairwise(played):
            assert second == (first[1], first[0])


def test_two_divisions_of_four_meeting_twice_within_and_once_across_take_ten_rounds() -> None:
    # The whole league's round robin (7 rounds) then each division's own (3 rounds) at once:
    # every team plays every round.
    rounds = division_round_robin([[1, 2, 3, 4], [5, 6, 7, 8]], within=2, across=1)
    assert len(rounds) == 10
    assert all(len(pairs) == 4 for pairs in rounds)


def test_no_cross_division_games_plays_the_divisions_side_by_side() -> None:
    rounds = division_round_robin([[1, 2, 3], [4, 5, 6, 7, 8]], within=2, across=0, seed=1)
    assert len(rounds) == 10  # the larger division's double round robin
    for pairs in rounds:
        for home, away in pairs:
            assert (home <= 3) == (away <= 3)


def test_the_same_seed_gives_the_same_schedule() -> None:
    divisions = [[1, 2, 3, 4], [5, 6, 7]]
    first = division_round_robin(divisions, within=2, across=1, seed=42)
    assert first == division_round_robin(divisions, within=2, across=1, seed=42)
    assert first != division_round_robin(divisions, within=2, across=1, seed=43)


@pytest.mark.parametrize(
    ("divisions", "within", "across", "message"),
    [
        ([[1, 2], [2, 3]], 1, 1, "one division only"),
        ([[1, 2, 3]], 1, 1, "two divisions"),
        ([[1, 2], [3]], 1, 1, "two divisions of two"),
        ([[1, 2], [3, 4]], 0, 1, "at least once"),
    ],
)
def test_impossible_divisions_are_refused(divisions, within, across, message) -> None:
    with pytest.raises(ValueError, match=message):
        division_round_robin(divisions, within=within, across=across)


def test_the_round_robin_without_divisions_is_unchanged() -> None:
    # The circle method's first round for six teams, as before divisions existed.
    assert round_robin([1, 2, 3, 4, 5, 6])[0] == [(1, 6), (2, 5), (3, 4)]


def test_the_playoff_field_takes_each_divisions_first_then_the_best_of_the_rest() -> None:
    order = ["A", "B", "C", "D", "E", "F"]  # the table, best first
    division_of = {"A": "N", "B": "N", "C": "N", "D": "S", "E": "S", "F": "W"}

    assert playoff_field(order, division_of, wild_cards=1) == [
        ("A", True),
        ("D", True),
        ("F", True),
        ("B", False),
    ]
    assert playoff_field(order, division_of, wild_cards=0) == [
        ("A", True),
        ("D", True),
        ("F", True),
    ]

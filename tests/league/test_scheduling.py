"""The circle method (league.services.round_robin) for any number of teams."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.services.round_robin import round_robin


@given(
    teams=st.integers(min_value=2, max_value=24),
    double=st.booleans(),
    seed=st.none() | st.integers(min_value=0, max_value=2**32),
)
def test_every_pair_meets_once_per_round_robin_and_nobody_plays_twice_a_round(teams, double, seed):
    rounds = round_robin(list(range(teams)), double=double, seed=seed)
    legs = 2 if double else 1
    assert len(rounds) == legs * (teams - 1 if teams % 2 == 0 else teams)
    games = [game for pairs in rounds for game in pairs]
    assert Counter(frozenset(game) for game in games) == {
        frozenset((a, b)): legs for a in range(teams) for b in range(a + 1, teams)
    }
    for pairs in rounds:
        playing = [team for game in pairs for team in game]
        assert len(playing) == len(set(playing))
        assert len(pairs) == teams // 2  # an odd count leaves exactly one team on a bye


@given(teams=st.integers(min_value=2, max_value=24))
def test_home_games_are_balanced_to_within_one(teams):
    games = [game for pairs in round_robin(list(range(teams))) for game in pairs]
    homes = Counter(home for home, _ in games)
    counts = [homes.get(team, 0) for team in range(teams)]
    assert max(counts) - min(counts) <= 1


@given(teams=st.integers(min_value=2, max_value=16))
def test_double_round_robin_meets_each_opponent_once_at_each_home(teams):
    games = [g for pairs in round_robin(list(range(teams)), double=True) for g in pairs]
    assert len(set(games)) == len(games)
    assert all((away, home) in set(games) for home, away in games)


def test_the_same_seed_gives_the_same_schedule_and_another_seed_another():
    teams = list("ABCDEFGH")
    assert round_robin(teams, seed=5) == round_robin(teams, seed=5)
    assert round_robin(teams, seed=5) != round_robin(teams, seed=6)


@pytest.mark.parametrize("teams", [[], ["A"], ["A", "A"]])
def test_a_schedule_needs_two_distinct_teams(teams):
    with pytest.raises(ValueError, match="team"):
        round_robin(teams)

"""The power ranking's Elo (rules/ratings.py, docs/odds.md "Ratings")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.ratings import (
    HOME_ADVANTAGE,
    INITIAL_RATING,
    K_FACTOR,
    expected_home,
    margin_multiplier,
    rate_game,
)

ratings = st.floats(min_value=500, max_value=2500, allow_nan=False)
scores = st.integers(min_value=0, max_value=30)


@given(ratings, ratings, scores, scores, st.booleans(), st.sampled_from([None, "home", "away"]))
def test_a_game_leaves_the_pairs_rating_sum_unchanged(home, away, hs, as_, overtime, level):
    level = level if hs == as_ else None
    rated = rate_game(
        home=home, away=away, home_score=hs, away_score=as_, overtime=overtime, level_winner=level
    )
    assert rated.home_after + rated.away_after == pytest.approx(home + away, abs=1e-9)
    assert rated.away_after - rated.away_before == pytest.approx(-rated.change, abs=1e-9)


def test_equal_teams_the_home_side_is_expected_to_do_better():
    assert expected_home(INITIAL_RATING, INITIAL_RATING) > 0.5
    assert expected_home(INITIAL_RATING, INITIAL_RATING + HOME_ADVANTAGE) == pytest.approx(0.5)


def test_a_bigger_margin_moves_the_ratings_more():
    one = rate_game(home=1500, away=1500, home_score=1, away_score=0)
    four = rate_game(home=1500, away=1500, home_score=4, away_score=0)
    assert four.change > one.change > 0
    assert margin_multiplier(0) == 1


def test_an_overtime_win_counts_less_than_a_regulation_win():
    regulation = rate_game(home=1500, away=1500, home_score=2, away_score=1)
    overtime = rate_game(home=1500, away=1500, home_score=2, away_score=1, overtime=True)
    shootout = rate_game(home=1500, away=1500, home_score=1, away_score=1, level_winner="home")
    assert regulation.change > overtime.change
    assert overtime.change > 0
    assert shootout.change > 0


def test_a_draw_at_home_between_equals_costs_the_home_side():
    rated = rate_game(home=1500, away=1500, home_score=0, away_score=0)
    expected = K_FACTOR * (0.5 - expected_home(1500, 1500))
    assert rated.change == pytest.approx(expected)
    assert rated.change < 0


def test_a_level_winner_is_home_or_away():
    with pytest.raises(ValueError, match="'home' or 'away'"):
        rate_game(home=1500, away=1500, home_score=1, away_score=1, level_winner="north")

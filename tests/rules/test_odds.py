"""Playoff and title odds by Monte Carlo (rules/odds.py, docs/odds.md): exact where they can
be, reproducible from the seed, by the league's own table."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.odds import MatchOdds, Outcome, RemainingFixture, rating_match_odds, season_odds
from rules.ratings import expected_home
from rules.standings import TableGame, TableSettings, compute_table, table_after_games

RUNS = 20_000


def _within_four_sigma(observed: float, exact: float, runs: int = RUNS) -> bool:
    sigma = math.sqrt(exact * (1 - exact) / runs)
    return abs(observed - exact) <= 4 * sigma + 1e-12


def _by_team(odds):
    return {team.team: team for team in odds.teams}


def test_two_teams_one_fixture_the_title_is_the_rating_models_home_win_chance():
    """No draws yet, no playoffs: the home side is champion exactly when it wins."""
    odds = rating_match_odds(home_rating=1580, away_rating=1500, draw_rate=0.0)
    assert odds.home_win == pytest.approx(expected_home(1580, 1500))
    result = season_odds(
        teams={"h": "Home", "a": "Away"},
        played=[],
        remaining=[RemainingFixture("h", "a", odds)],
        settings=TableSettings(),
        playoff_teams=0,
        knockout_odds=lambda h, a: odds,
        runs=RUNS,
        seed=11,
    )
    teams = _by_team(result)
    assert _within_four_sigma(teams["h"].title, odds.home_win)
    assert teams["h"].title + teams["a"].title == pytest.approx(1.0)
    assert teams["h"].positions[0] == teams["h"].title


def test_with_draws_a_level_table_goes_by_the_tie_breakers():
    """A 0-0 draw leaves the two level on everything but the name (M-L2): "Away" is first."""
    odds = rating_match_odds(home_rating=1500, away_rating=1500, draw_rate=0.3)
    result = season_odds(
        teams={"h": "Home", "a": "Away"},
        played=[],
        remaining=[RemainingFixture("h", "a", odds)],
        settings=TableSettings(),
        playoff_teams=0,
        knockout_odds=lambda h, a: odds,
        runs=RUNS,
        seed=3,
    )
    assert _within_four_sigma(_by_team(result)["a"].title, odds.away_win + odds.draw)


def test_a_decided_season_is_certain():
    played = [TableGame("a", "b", 3, 0, False), TableGame("a", "c", 3, 0, False)]
    played += [TableGame("b", "c", 1, 0, False)]
    coin = MatchOdds.sampled([Outcome(1, 0), Outcome(0, 1)])
    result = season_odds(
        teams={"a": "A", "b": "B", "c": "C"},
        played=played,
        remaining=[],
        settings=TableSettings(),
        playoff_teams=0,
        knockout_odds=lambda h, a: coin,
        runs=500,
        seed=1,
    )
    teams = _by_team(result)
    assert (teams["a"].title, teams["b"].title, teams["c"].title) == (1.0, 0.0, 0.0)
    assert teams["c"].positions == (0.0, 0.0, 1.0)


def test_playoffs_a_certain_knockout_crowns_the_team_that_always_wins():
    """Top 4 play off; "d" (fourth) wins every game it plays, home or away."""
    keys = "abcd"
    played = [TableGame(h, a, 2, 0, False) for h, a in itertools.combinations(keys, 2)]

    def knockout(home: str, away: str) -> MatchOdds:
        if "d" in (home, away):
            return MatchOdds.sampled([Outcome(0, 1) if away == "d" else Outcome(1, 0)])
        return MatchOdds.sampled([Outcome(1, 0), Outcome(0, 1)])

    result = season_odds(
        teams={k: k.upper() for k in keys},
        played=played,
        remaining=[],
        settings=TableSettings(),
        playoff_teams=4,
        knockout_odds=knockout,
        runs=300,
        seed=5,
    )
    teams = _by_team(result)
    assert teams["d"].title == 1.0
    assert all(teams[k].playoffs == 1.0 for k in keys)
    assert teams["a"].positions[0] == 1.0


def test_the_same_seed_gives_the_same_figures_and_another_seed_other_ones():
    teams = {str(i): f"T{i}" for i in range(6)}
    rng = random.Random(2)
    outcomes = [
        Outcome(rng.randint(0, 3), rng.randint(0, 3), rng.random() < 0.2) for _ in range(50)
    ]
    remaining = [
        RemainingFixture(h, a, MatchOdds.sampled(outcomes))
        for h, a in itertools.permutations(teams, 2)
    ]

    def run(seed: int):
        return season_odds(
            teams=teams,
            played=[],
            remaining=remaining,
            settings=TableSettings(),
            playoff_teams=4,
            knockout_odds=lambda h, a: MatchOdds.sampled(outcomes),
            runs=400,
            seed=seed,
        )

    first, again, other = run(9), run(9), run(10)
    assert first == again
    assert first != other
    for team in first.teams:
        assert sum(team.positions) == pytest.approx(1.0)
    assert sum(team.title for team in first.teams) == pytest.approx(1.0)
    assert sum(team.playoffs for team in first.teams) == pytest.approx(4.0)


games = st.lists(
    st.tuples(
        st.sampled_from([("a", "b"), ("b", "c"), ("c", "a"), ("b", "a"), ("a", "d"), ("d", "c")]),
        st.integers(0, 3),
        st.integers(0, 3),
        st.booleans(),
    ),
    max_size=10,
)


@settings(max_examples=60, deadline=None)
@given(games, games)
def test_many_games_added_at_once_give_the_table_compute_table_gives(before, after):
    teams = {"a": "Ayr", "b": "Bath", "c": "Cork", "d": "Derry"}

    def table_games(items):
        return [TableGame(h, a, hs, as_, ot) for (h, a), hs, as_, ot in items]

    settings_ = TableSettings()
    old, new = table_games(before), table_games(after)
    rows = compute_table(teams=teams, games=old, settings=settings_)
    assert table_after_games(
        teams=teams,
        rows=rows,
        new_games=new,
        games=lambda _teams, _among: old + new,
        settings=settings_,
    ) == compute_table(teams=teams, games=old + new, settings=settings_)


def test_odds_refuse_nonsense():
    with pytest.raises(ValueError, match="not negative"):
        MatchOdds((Outcome(1, 0),), (-1.0,))
    with pytest.raises(ValueError, match="at least one"):
        season_odds(
            teams={"a": "A"},
            played=[],
            remaining=[],
            settings=TableSettings(),
            playoff_teams=0,
            knockout_odds=lambda h, a: MatchOdds.sampled([Outcome(1, 0)]),
            runs=0,
            seed=1,
        )


def test_a_division_winner_low_in_the_overall_table_still_makes_the_playoffs():
    """Two divisions (a, b, c | d): d lost every game yet wins its division of one, so the
    seeding by division winners and wild cards takes a, d and the best of the rest (b), never
    c — the top three of the overall table would have left d out."""
    keys = "abcd"
    played = [TableGame(h, a, 2, 0, False) for h, a in itertools.combinations(keys, 2)]
    division_of = {"a": 1, "b": 1, "c": 1, "d": 2}

    def seeding(order: list[str]) -> list[str]:
        winners = [t for i, t in enumerate(order) if division_of[t] not in
                   {division_of[u] for u in order[:i]}]  # fmt: skip
        return winners + [t for t in order if t not in winners][:1]

    coin = MatchOdds.sampled([Outcome(1, 0), Outcome(0, 1)])
    result = season_odds(
        teams={k: k.upper() for k in keys},
        played=played,
        remaining=[],
        settings=TableSettings(),
        playoff_teams=3,
        knockout_odds=lambda h, a: coin,
        runs=200,
        seed=3,
        seeding=seeding,
    )
    teams = _by_team(result)
    assert [teams[k].playoffs for k in keys] == [1.0, 1.0, 0.0, 1.0]

"""The reads: what anonymous users and members see, filters, ordering, pagination, and
queries that do not grow with the data."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.services.leagues import league_create
from tests.api.conftest import Api, player_id, result_body, result_url

pytestmark = pytest.mark.django_db


def _played(world, match_day, api_as) -> dict:
    response = api_as(world.home_coach).post(
        result_url(match_day), result_body(world, incapacitated=[player_id(world.away, 1)])
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_anonymous_users_read_public_leagues_only(world):
    league_create(name="Secret Society", actor=None, is_public=False)

    names = [league["name"] for league in Api().get("/api/v1/leagues/").json()["results"]]

    assert names == ["Test League"]


def test_a_private_league_is_read_by_its_commissioner_and_coaches_only(world, api_as):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    path = f"/api/v1/leagues/{world.league.pk}/"

    assert Api().get(path).status_code == 404
    assert api_as(world.outsider).get(path).status_code == 404
    assert api_as(world.home_coach).get(path).status_code == 200
    assert api_as(world.commissioner).get(path).status_code == 200
    assert (
        api_as(world.outsider).get(f"/api/v1/seasons/{world.season.pk}/standings/").status_code
        == 404
    )
    assert api_as(world.outsider).get(f"/api/v1/teams/{world.home.pk}/players/").status_code == 404


def test_the_standings_carry_the_tie_breaker_explanations(world, match_day, api_as):
    _played(world, match_day, api_as)

    rows = Api().get(f"/api/v1/seasons/{world.season.pk}/standings/").json()

    assert [row["position"] for row in rows] == [1, 2]
    assert rows[0]["team"]["id"] == world.home.pk
    assert (rows[0]["points"], rows[0]["won"], rows[0]["score_difference"]) == (3, 1, 1)
    assert all("explanation" in row for row in rows)


def test_reading_standings_costs_the_same_queries_whatever_the_teams(world, make_more_teams):
    api = Api()
    path = f"/api/v1/seasons/{world.season.pk}/standings/"
    api.get(path)  # warm the per-process caches (content types, rules)
    with CaptureQueriesContext(connection) as two_teams:
        assert len(api.get(path).json()) == 2
    make_more_teams(6)
    with CaptureQueriesContext(connection) as eight_teams:
        assert len(api.get(path).json()) == 8

    # The rows, the season's results for each row's form guide and streak, and its
    # divisions for each row's place in its division's table.
    assert len(eight_teams) == len(two_teams) <= 5


@pytest.fixture
def make_more_teams(world):
    import random

    from rosters.services import team_create
    from rules.magnoball.dice import RandomDice

    def make(count: int) -> None:
        dice = RandomDice(random.Random(3))
        for number in range(count):
            team_create(
                season=world.season,
                name=f"Extra {number}",
                short_name=f"EX{number}",
                actor=None,
                dice=dice,
            )

    return make


def test_a_seasons_fixtures_filter_by_round_and_status(world, match_day, api_as):
    _played(world, match_day, api_as)
    path = f"/api/v1/seasons/{world.season.pk}/fixtures/"

    everything = Api().get(path).json()
    round_one = Api().get(path, {"round": 1}).json()
    played = Api().get(path, {"status": "played"}).json()
    scheduled = Api().get(path, {"status": "scheduled", "ordering": "-round__number"}).json()

    assert everything["count"] == 2  # a double round robin of two teams
    assert [f["id"] for f in round_one["results"]] == [match_day.pk]
    assert [(f["home_score"], f["away_score"]) for f in played["results"]] == [(2, 1)]
    assert [f["round"] for f in scheduled["results"]] == [2]


def test_an_unknown_filter_value_is_a_400_naming_it(world):
    response = Api().get(f"/api/v1/seasons/{world.season.pk}/fixtures/", {"status": "lost"})

    assert response.status_code == 400
    assert "status" in response.json()["error"]["fields"]


def test_lists_are_paginated(world):
    page = Api().get(f"/api/v1/teams/{world.home.pk}/players/", {"page_size": 5}).json()

    assert page["count"] == 18
    assert len(page["results"]) == 5
    assert "page=2" in page["next"]


def test_a_fixture_shows_its_result_stat_lines_and_injuries(world, match_day, api_as):
    posted = _played(world, match_day, api_as)

    fixture = Api().get(f"/api/v1/fixtures/{match_day.pk}/").json()

    assert fixture["status"] == "played"
    assert fixture["result"] == posted
    assert [injury["player"] for injury in fixture["injuries"]] == [player_id(world.away, 1)]


def test_an_unplayed_fixture_has_no_result(world, match_day):
    assert Api().get(f"/api/v1/fixtures/{match_day.pk}/").json()["result"] is None


def test_a_fixtures_dice_are_its_ledger_entries(world, match_day, api_as):
    _played(world, match_day, api_as)  # the server rolls the injury (M-I1, M-I2)

    dice = Api().get(f"/api/v1/fixtures/{match_day.pk}/dice/").json()["results"]

    assert {roll["purpose"] for roll in dice} >= {"injury_duration"}
    assert all(roll["player"] == player_id(world.away, 1) for roll in dice)


def test_a_player_shows_status_levels_stat_lines_injuries_and_history(world, match_day, api_as):
    _played(world, match_day, api_as)
    forward = player_id(world.home, 1)

    profile = Api().get(f"/api/v1/players/{forward}/").json()

    assert profile["player"]["games_played"] == 1
    assert profile["player"]["status"] in {"rookie", "pro", "veteran"}
    assert set(profile["levels"]) >= {"scoring", "saves"}
    assert profile["seasons"] == [
        {
            "season": world.season.pk,
            "games_played": 1,
            "points": 2,
            "stats": {"scoring": {"attempts": 3, "successes": 2}},
        }
    ]
    [match] = profile["matches"]
    assert (match["fixture"], match["round"], match["points"]) == (match_day.pk, 1, 2)
    assert match["opponent"]["id"] == world.away.pk
    assert profile["injuries"] == []


def test_a_simulation_job_is_polled_at_its_url(world, match_day, api_as):
    queued = api_as(world.commissioner).post(f"/api/v1/fixtures/{match_day.pk}/simulate/")
    assert queued.status_code == 202
    url = queued.json()["url"]
    assert queued["Location"] == url

    job = Api().get(url).json()

    assert (job["state"], job["progress"], job["home_score"]) == ("queued", 0, None)
    assert job["fixture_url"] == f"http://testserver/api/v1/fixtures/{match_day.pk}/"


def test_seasons_show_their_rules(world):
    season = Api().get(f"/api/v1/seasons/{world.season.pk}/").json()

    assert season["rules"]["points_win"] == 3
    assert season["status"] == "draft"


def test_pending_inspections_and_open_injuries_are_listed(world):
    assert Api().get("/api/v1/inspections/", {"decision": "pending"}).json()["count"] == 0
    assert Api().get("/api/v1/injuries/", {"state": "out"}).json()["count"] == 0

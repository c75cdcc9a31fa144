"""GET /api/v1/seasons/<id>/odds/ and /ratings/ (docs/api.md "Odds and ratings")."""

from __future__ import annotations

import pytest

from games.services import result_record
from league.odds.services.ratings import ratings_refresh
from tests.api.client import Api
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)
from tests.web.test_odds_pages import _odds_after_round_one, _report

pytestmark = pytest.mark.usefixtures("odds_inline")


@pytest.fixture(autouse=True)
def _small_runs(settings):
    settings.ODDS_SAMPLE_SIZE = 300
    settings.ODDS_PAIRING_MATCHES = 10


def test_the_latest_odds_with_method_seed_and_every_team(world, match_day):
    run = _odds_after_round_one(world, match_day)
    response = Api().get(f"/api/v1/seasons/{world.season.pk}/odds/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["after_round"], body["seed"], body["sample_size"]) == (1, run.seed, 300)
    assert body["method"] == run.method
    assert body["pairing_matches"] == 10
    assert {team["team"]["id"] for team in body["teams"]} == {world.home.pk, world.away.pk}
    assert sum(team["title"] for team in body["teams"]) == pytest.approx(1.0)
    assert all(len(team["positions"]) == 2 for team in body["teams"])


def test_no_odds_yet_is_a_404_in_the_error_shape(world, match_day):
    response = Api().get(f"/api/v1/seasons/{world.season.pk}/odds/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_ratings_with_rank_and_history(world, match_day):
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    ratings_refresh(season_id=world.season.pk)
    body = Api().get(f"/api/v1/seasons/{world.season.pk}/ratings/").json()
    assert [row["rank"] for row in body] == [1, 2]
    top, bottom = body
    assert top["team"]["id"] == match_day.home_team_id  # the 2-1 winner
    assert top["rating"] + bottom["rating"] == pytest.approx(3000)
    assert top["history"] == [
        {"game": 1, "fixture": match_day.pk, "before": 1500.0, "after": top["rating"]}
    ]


def test_a_private_leagues_odds_are_not_found_for_outsiders(world, match_day, api_as):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    for path in ("odds", "ratings"):
        url = f"/api/v1/seasons/{world.season.pk}/{path}/"
        assert Api().get(url).status_code == 404
        assert api_as(world.outsider).get(url).status_code == 404
    assert (
        api_as(world.home_coach).get(f"/api/v1/seasons/{world.season.pk}/ratings/").status_code
        == 200
    )

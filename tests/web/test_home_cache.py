"""The home page's league cards are cached for visitors who are not signed in, under every
league's page versions at once (league/selectors/home_page.py): each kind of write that changes a
card, and a new league, change the page. The tests commit their writes (see
test_page_cache.py: on PostgreSQL the versions are bumped at commit)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.services import result_record
from league.services.leagues import league_update
from league.services.seasons import season_transition
from league.services.teams import team_update
from tests.games.test_results import _report
from tests.world import league_build, sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def _home(client: Client) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_second_visit_is_served_from_the_cache(client: Client, world):
    first = _home(client)
    with CaptureQueriesContext(connection) as queries:
        again = _home(client)
    assert again == first
    assert len(queries) == 1, "only the page versions"


def test_a_result_a_rename_a_season_and_a_new_league_each_change_the_page(
    client: Client, world, match_day
):
    assert "No games played yet." in _home(client)

    result_record(fixture=match_day, report=_report(world), actor=None)
    page = _home(client)
    assert "No games played yet." not in page
    assert world.home.name in page

    team_update(team=world.home, actor=world.commissioner, changes={"name": "Harbour Hawks"})
    assert "Harbour Hawks" in _home(client)

    league_update(league=world.league, actor=world.commissioner, changes={"name": "Bay League"})
    assert "Bay League" in _home(client)

    season_transition(season=world.season, to=world.season.Status.FINISHED, actor=None)
    assert "Finished" in _home(client)

    league_build("Second League")
    assert "Second League" in _home(client)


def test_a_signed_in_visitor_never_gets_the_visitors_copy(client: Client, world):
    league_build("Hidden League", public=False, commissioners=[world.commissioner])
    assert "Hidden League" not in _home(client)
    sign_in(client, world.commissioner)
    assert "Hidden League" in _home(client)

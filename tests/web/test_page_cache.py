"""The standings page's table and chart are cached under the league's page version
(league/page_versions.py, league/standings_page.py): every kind of write that changes
them bumps the version in its own transaction, so the page always follows."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.results import result_correct, result_record, result_void
from league.models import Fixture, StandingRow
from league.page_versions import page_version
from league.services import league_update, season_transition, team_update
from tests.games.test_results import _report
from tests.world import league_build

pytestmark = pytest.mark.django_db


def _standings(client: Client, world) -> str:
    url = reverse("standings", args=[world.league.slug, world.season.slug])
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _row(page: str, team) -> str:
    start = page.index(f'<tr id="team-{team.pk}">')
    return page[start : page.index("</tr>", start)]


def test_a_second_visit_is_served_from_the_cache(client: Client, world, match_day):
    first = _standings(client, world)
    url = reverse("standings", args=[world.league.slug, world.season.slug])
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content.decode()
    assert again == first
    assert len(queries) == 2, "the season and the page version, nothing of the table"


def test_a_result_recorded_corrected_and_voided_each_change_the_page(
    client: Client, world, match_day
):
    before = _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">0</td>' in before

    result = result_record(fixture=match_day, report=_report(world), actor=None)
    won = _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">3</td>' in won
    assert "Position by round" in _standings(client, world)
    assert 'id="position-data"' in _standings(client, world)

    result_correct(result=result, report=_report(world, (1,), (2,)), actor=world.commissioner)
    assert '<td class="num col-pts">0</td>' in _row(_standings(client, world), world.home)
    assert '<td class="num col-pts">3</td>' in _row(_standings(client, world), world.away)

    result_void(result=Fixture.objects.get(pk=match_day.pk).result, actor=world.commissioner)
    page = _standings(client, world)
    assert '<td class="num col-pts">0</td>' in _row(page, world.away)
    assert 'id="position-data"' not in page


def test_a_team_renamed_and_a_league_renamed_change_the_page(client: Client, world):
    _standings(client, world)
    team_update(team=world.home, actor=world.commissioner, changes={"name": "Harbour Hawks"})
    league_update(league=world.league, actor=world.commissioner, changes={"name": "Bay League"})

    page = _standings(client, world)

    assert "Harbour Hawks" in _row(page, world.home)
    assert "Standings of Bay League" in page


def test_a_season_transition_bumps_the_version(world):
    before = page_version(league_id=world.league.pk)
    season_transition(season=world.season, to="active", actor=None)
    assert page_version(league_id=world.league.pk) > before


def test_a_raw_update_that_no_service_made_still_changes_the_page(client: Client, world):
    """The triggers are in the database: a bulk update (no model signal) bumps it too."""
    _standings(client, world)
    StandingRow.objects.filter(season=world.season, team=world.home).update(
        position=1, played=1, won=1, points=3, explanation="Set by hand"
    )
    assert "Set by hand" in _standings(client, world)


def test_a_write_rolled_back_leaves_the_version_as_it_was(world):
    before = page_version(league_id=world.league.pk)
    inside = []

    def write_then_fail() -> None:
        with transaction.atomic():
            StandingRow.objects.filter(season=world.season).update(points=9)
            inside.append(page_version(league_id=world.league.pk))
            raise RuntimeError("undo")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert inside[0] > before
    assert page_version(league_id=world.league.pk) == before


def test_another_leagues_writes_leave_this_leagues_version_alone(world):
    before = page_version(league_id=world.league.pk)
    _, other, teams = league_build("Other League", teams=2)
    team_update(team=teams[0], actor=None, changes={"name": "Renamed Elsewhere"})
    StandingRow.objects.filter(season=other).update(points=1)
    assert page_version(league_id=world.league.pk) == before

"""The odds and the power ranking on the pages (docs/odds.md): the standings' columns, chart
and method line, the full odds page, a team's rating history; cached pages follow a run."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.services import result_record
from league.odds.models import OddsChunk, OddsRun
from league.odds.services.ratings import ratings_refresh
from league.odds.services.runs import odds_chunk_run, odds_run_simulate, odds_run_start
from tests.games.test_odds_engine import _report
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("odds_inline")


@pytest.fixture(autouse=True)
def _small_runs(settings):
    settings.ODDS_SAMPLE_SIZE = 500
    settings.ODDS_PAIRING_MATCHES = 12


def _odds_after_round_one(world, match_day) -> OddsRun:
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    run = OddsRun.objects.get(season=world.season)
    odds_run_start(run_id=run.pk)
    for chunk in OddsChunk.objects.filter(run=run):
        odds_chunk_run(chunk_id=chunk.pk)
    return odds_run_simulate(run_id=run.pk)


def _get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _standings(client: Client, world) -> str:
    return _get(client, reverse("standings", args=[world.league.slug, world.season.slug]))


@pytest.mark.django_db
def test_before_any_round_the_standings_say_when_the_odds_come(client, world, match_day):
    page = _standings(client, world)
    assert "The odds appear a minute or so after the first round is complete." in page
    assert '<abbr title="Chance of winning the title">Title</abbr>' in page


@pytest.mark.django_db
def test_the_standings_show_every_teams_odds_with_the_method_and_a_chart(client, world, match_day):
    run = _odds_after_round_one(world, match_day)
    page = _standings(client, world)
    assert run.method in page
    assert "500 simulated seasons after round 1, engine odds from 12 matches per pairing" in page
    assert page.count('class="odds-bars__fill"') == 2
    assert reverse("season-odds", args=[world.league.slug, world.season.slug]) in page
    for team in (world.home, world.away):
        start = page.index(f'<tr id="team-{team.pk}">')
        row = page[start : page.index("</tr>", start)]
        # Power rank, playoffs (when the season has them) and title.
        playoffs = 2 <= world.season.playoff_teams <= 2  # two teams
        assert row.count('class="num col-odds"') == (3 if playoffs else 2)
        assert "%" in row


@pytest.mark.django_db
def test_the_odds_page_gives_each_final_place(client, world, match_day):
    run = _odds_after_round_one(world, match_day)
    page = _get(client, reverse("season-odds", args=[world.league.slug, world.season.slug]))
    assert run.method in page
    assert '<th scope="col" class="num">1st</th>' in page
    assert '<th scope="col" class="num">2nd</th>' in page
    assert "engine" in page
    assert "Elo rating" in page


@pytest.mark.django_db
def test_the_odds_page_while_a_run_is_worked_out(client, world, match_day):
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    page = _get(client, reverse("season-odds", args=[world.league.slug, world.season.slug]))
    assert "The odds after round 1 are being worked out" in page


@pytest.mark.django_db
def test_a_team_page_charts_its_rating_after_each_game(client, world, match_day):
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    ratings_refresh(season_id=world.season.pk)
    team = world.season.teams.get(pk=match_day.home_team_id)
    page = _get(client, reverse("team", args=[team.pk]))
    assert "Power ranking" in page
    assert f'src="{reverse("team-rating-chart", args=[team.pk])}"' in page
    response = client.get(reverse("team-rating-chart", args=[team.pk]))
    assert response["Content-Type"] == "image/svg+xml"
    svg = response.content.decode()
    assert svg.startswith("<svg")
    assert "<polyline" in svg
    assert "1500 to 15" in svg
    rating = _get(client, reverse("team-rating", args=[team.pk]))
    assert "Ranked 1 by Elo rating in 2026" in rating
    assert "Game 1" in rating


@pytest.mark.django_db
def test_a_team_with_no_rated_game_says_so(client, world, match_day):
    svg = client.get(reverse("team-rating-chart", args=[world.home.pk])).content.decode()
    assert "No rated games yet" in svg
    assert "has no rated game yet" in _get(client, reverse("team-rating", args=[world.home.pk]))


@pytest.mark.django_db
def test_a_private_leagues_team_rating_is_not_found_for_outsiders(client, world, match_day):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    assert client.get(reverse("team-rating-chart", args=[world.home.pk])).status_code == 404
    assert client.get(reverse("team-rating", args=[world.home.pk])).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_cached_standings_follow_a_finished_run(client, world, match_day):
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    assert "The odds appear a minute" in _standings(client, world)  # now cached
    run = OddsRun.objects.get(season=world.season)
    odds_run_start(run_id=run.pk)
    for chunk in OddsChunk.objects.filter(run=run):
        odds_chunk_run(chunk_id=chunk.pk)
    run = odds_run_simulate(run_id=run.pk)
    assert run.method in _standings(client, world)

"""Each game's own words and columns in the core's pages (issue #45, item 7): an Arenaball
league shows no overtime, inspections or simulations; its standings carry its kills (A-L1) in
the API as in the table; and the odds go once a season's title is decided, for every game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from arenaball.report_input import KillData
from league.models import Round
from league.odds.models import OddsRun
from league.odds.services.runs import odds_run_simulate, odds_run_start
from league.services.playoffs import playoffs_advance, playoffs_start
from league.services.rounds import round_open
from tests.api.client import Api
from tests.arenaball.admin_helpers import staff_commissioner
from tests.arenaball.world import arena_world, driver, play
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def _played_round_one(teams: int = 4, playoff_teams: int = 0):
    world = arena_world(teams=teams, playoff_teams=playoff_teams)
    for fixture in world.season.rounds.get(number=1).fixtures.select_related(
        "home_team", "away_team", "round__season"
    ):
        home, away = fixture.home_team, fixture.away_team
        play(
            fixture,
            actor=world.commissioner,
            kills=(KillData(away.pk, "3", home.pk, "1", driver(home, "1").pk, "ram"),),
        )
    return world


def test_the_standings_api_has_kills_and_no_overtime_columns():
    world = _played_round_one()
    rows = Api().get(f"/api/v1/seasons/{world.season.pk}/standings/").json()
    assert len(rows) == 4
    for row in rows:
        assert "won_overtime" not in row
        assert "lost_overtime" not in row
        assert row["counts"] == {"kills": 1 if row["won"] else 0}


def test_the_standings_page_shows_kills_and_no_overtime():
    world = _played_round_one()
    page = Client().get(reverse("standings", args=[world.league.slug, world.season.slug]))
    html = page.content.decode()
    assert '<th scope="col" class="num">Kills</th>' in html
    assert "overtime" not in html.lower()
    assert "OTW" not in html


def test_the_fixture_admin_filters_by_arenaballs_states_only():
    world = _played_round_one(teams=2)
    client = staff_commissioner(Client(), world.commissioner)
    page = client.get(reverse("admin:league_fixture_changelist"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Ready to play" in html
    assert "Inspections pending" not in html
    assert "Simulating" not in html
    filtered = client.get(reverse("admin:league_fixture_changelist") + "?status__exact=played")
    assert filtered.context["cl"].result_count == 1


def test_the_playoff_steps_say_nothing_of_overtime():
    world = arena_world(teams=2, playoff_teams=2)
    play(world.fixture(), actor=world.commissioner)
    playoffs_start(season=world.season, actor=world.commissioner)
    client = staff_commissioner(Client(), world.commissioner)
    url = reverse("admin:league_season_step", args=[world.season.pk, "playoffs-advance"])
    html = client.get(url).content.decode()
    assert "A knockout game that ends level goes to the higher seed." in html
    assert "overtime" not in html


def test_the_odds_go_once_the_title_is_decided(odds_inline):  # noqa: F811
    world = _played_round_one(teams=2, playoff_teams=2)
    season = world.season
    run = OddsRun.objects.filter(season=season).latest("pk")
    odds_run_start(run_id=run.pk)
    odds_run_simulate(run_id=run.pk)
    standings = reverse("standings", args=[world.league.slug, season.slug])
    odds_page = reverse("season-odds", args=[world.league.slug, season.slug])
    assert "Playoff and title odds" in Client().get(standings).content.decode()

    playoffs_start(season=season, actor=world.commissioner)
    final = season.rounds.get(stage=Round.Stage.PLAYOFF)
    round_open(round_=final, actor=world.commissioner)
    play(final.fixtures.select_related("home_team", "away_team").get(), actor=world.commissioner)
    playoffs_advance(season=season, actor=world.commissioner)
    season.refresh_from_db()
    assert season.champion is not None

    html = Client().get(standings).content.decode()
    assert "Playoff and title odds" not in html
    assert "Title " not in html
    odds = Client().get(odds_page).content.decode()
    assert f"{season.champion.name} are the champions" in odds
    assert "odds-grid" not in odds

"""A team in its league season and a cup follows its league season (issue #47): its page
(roster, fixtures, the iCal link), My teams, the API's me/ and the rules it plays by
between matches; the cup is listed apart, with its own fixtures and feed. Before, the cup,
made later, took the team page, its iCal link and My teams, and the league fixtures were
not linked from the team page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from api.tokens import api_token_create
from league.models import Fixture, Season
from league.services.tournaments import (
    tournament_draw_groups,
    tournament_generate_schedule,
    tournament_start,
)
from rosters.models import Enhancement, SeasonRules
from rosters.services import enhancement_fit
from rules.magnoball.vocabulary import EnhancementKind
from tests.api.client import Api
from tests.league.tournament_helpers import tournament_with_field
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(world, match_day) -> Season:
    """The Spring Cup, made after the league season and under way: the world's two teams
    and two guests in one group."""
    cup = tournament_with_field(world, guests=2, group_count=1, group_qualifiers=2)
    tournament_draw_groups(tournament=cup, actor=None, seed=3)
    tournament_generate_schedule(tournament=cup, actor=None)
    return tournament_start(tournament=cup, actor=None)


def _ical(season: Season, team) -> str:
    return reverse("fixtures-ical", args=[season.league.slug, season.slug]) + f"?team={team.pk}"


def test_a_teams_page_follows_its_league_season_and_lists_its_cup_apart(client, world, cup):
    page = client.get(reverse("team", args=[world.home.pk])).content.decode()

    league_fixtures = Fixture.objects.filter(round__season=world.season)
    assert league_fixtures.count() == 2
    for fixture in league_fixtures:
        assert reverse("fixture", args=[fixture.pk]) in page
    assert f'href="{_ical(world.season, world.home)}"' in page
    also = page.split("Also playing", 1)[1]
    assert reverse("season", args=[cup.league.slug, cup.slug]) in also
    assert f'href="{_ical(cup, world.home)}"' in also
    cup_fixtures = Fixture.objects.filter(round__season=cup)
    assert not any(reverse("fixture", args=[f.pk]) in page for f in cup_fixtures)


def test_the_feed_the_team_page_links_lists_its_league_fixtures(client, world, cup):
    feed = client.get(_ical(world.season, world.home)).content.decode()

    assert feed.count("BEGIN:VEVENT") == 2  # its two league fixtures, not the cup's


def test_my_teams_shows_the_league_season_and_the_cup_apart(client, world, cup):
    sign_in(client, world.home_coach)

    page = client.get(reverse("my-teams")).content.decode()

    card = page.split(f'id="team-{world.home.pk}"', 1)[1].split("</header>", 1)[0]
    season_link = reverse("season", args=[world.league.slug, world.season.slug])
    assert f'<a href="{season_link}">{world.season.name}</a>' in card
    assert "Also playing" in card
    assert cup.name in card


def test_the_api_says_a_coachs_team_follows_its_league_season(world, cup):
    _, key = api_token_create(user=world.home_coach, name="me", actor=None)
    teams = Api(key).get("/api/v1/me/").json()["teams"]

    (team,) = [t for t in teams if t["id"] == world.home.pk]
    assert team["season"]["id"] == world.season.pk


def test_between_matches_a_team_plays_by_its_league_seasons_rules(world, cup):
    """The cup leaves enhancements out (M-E1); the league season, which the team follows,
    plays them: a coach may fit one."""
    SeasonRules.objects.filter(season=cup).update(enhancements=False)
    player = world.home.players.get(shirt_number=1)

    enhancement_fit(player=player, kind=EnhancementKind.PULSE_MAGNET, actor=world.home_coach)

    assert Enhancement.objects.filter(player=player, removed_at__isnull=True).exists()


def test_a_guest_team_in_no_league_season_follows_its_cup(client, cup):
    guest = cup.guest_teams.order_by("pk").first()

    page = client.get(reverse("team", args=[guest.pk])).content.decode()

    assert f'href="{_ical(cup, guest)}"' in page
    assert "Also playing" not in page

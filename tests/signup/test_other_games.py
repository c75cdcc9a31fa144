"""Each game makes an approved request's team by its own creation rules: Arenaball's seed
designs, characters and crewed cars (A-T1, A-T2, A-T5), one team per coach and league;
Magic Number Eleven's team waits for the season's draft to sign its Star Players (E-S2)."""

from __future__ import annotations

import pytest
from django.test import Client

from arenaball.models import Car, Character, Design
from league.errors import DomainError
from league.models import Team
from league.services.seasons import season_create
from league.signup.models import JoinRequest
from league.signup.services import join_request_approve, join_request_submit
from tests.arenaball.world import arena_world
from tests.mn11.world import mn11_world
from tests.signup.helpers import league_open, verified_user

pytestmark = pytest.mark.django_db

SITE = "http://testserver/"


def ask(season, user, name="Desert Rats", short_name="DSR") -> JoinRequest:
    return join_request_submit(
        season=season, actor=user, name=name, short_name=short_name, colour="#aa3300", choices={}
    )


def test_an_arenaball_team_starts_with_the_seed_designs_and_crewed_cars():
    world = arena_world(start=False)
    league_open(world.league)
    coach = verified_user()
    client = Client()
    client.force_login(coach)
    page = client.get(f"/leagues/{world.league.slug}/join/{world.season.slug}/")
    assert "A-T5" in page.content.decode()
    team = join_request_approve(
        join_request=ask(world.season, coach), actor=world.commissioner, site_url=SITE
    )
    assert team.coach == coach
    assert Design.objects.filter(team=team).count() == 2  # the Track Car and the Goalkeeper
    assert Car.objects.filter(team=team, driver__isnull=False).count() == 6  # A-T1, A-T2
    assert Character.objects.filter(team=team).count() == 8


def test_an_arenaball_coach_has_one_team_in_a_league():
    world = arena_world(start=False)
    league_open(world.league)
    coach = verified_user()
    first = ask(world.season, coach)
    join_request_approve(join_request=first, actor=world.commissioner, site_url=SITE)
    later = season_create(league=world.league, name="Later", actor=None)
    second = ask(later, coach, name="Second Wind", short_name="SWD")
    with pytest.raises(DomainError, match="one team per coach"):
        join_request_approve(join_request=second, actor=world.commissioner, site_url=SITE)
    assert Team.objects.filter(coach=coach).count() == 1


def test_a_magic_number_eleven_team_signs_its_stars_in_the_draft():
    world = mn11_world(start=False)
    league_open(world.league)
    coach = verified_user()
    client = Client()
    client.force_login(coach)
    page = client.get(f"/leagues/{world.league.slug}/join/{world.season.slug}/")
    assert "E-S2" in page.content.decode()
    team = join_request_approve(
        join_request=ask(world.season, coach), actor=world.commissioner, site_url=SITE
    )
    assert (team.coach, team.league) == (coach, world.league)
    assert world.season.standings.filter(team=team).exists()

"""The named world most tests start from: a league with a commissioner, two coaches and an
outsider, and a draft season with two full teams created by the rules."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from games.matchday import round_open
from league.models import Fixture, League, Season, Team
from league.services import (
    league_create,
    season_create,
    season_generate_schedule,
    season_transition,
)
from rosters.services import team_create
from rules.magnoball.dice import RandomDice
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers take a third of a second by design; tests need no such strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@dataclass
class World:
    league: League
    season: Season
    commissioner: User
    home_coach: User
    away_coach: User
    outsider: User
    home: Team
    away: Team


@pytest.fixture
def world(db: None) -> World:
    commissioner = UserFactory.create(username="commissioner")
    home_coach = UserFactory.create(username="home_coach")
    away_coach = UserFactory.create(username="away_coach")
    outsider = UserFactory.create(username="outsider")
    league = league_create(name="Test League", actor=None, commissioners=[commissioner])
    season = season_create(league=league, name="2026", actor=commissioner)
    dice = RandomDice(random.Random(7))
    home = team_create(
        season=season,
        name="Home Hammers",
        short_name="HOM",
        coach=home_coach,
        actor=commissioner,
        dice=dice,
    )
    away = team_create(
        season=season,
        name="Away Arrows",
        short_name="AWA",
        coach=away_coach,
        actor=commissioner,
        dice=dice,
    )
    return World(league, season, commissioner, home_coach, away_coach, outsider, home, away)


@pytest.fixture
def match_day(world: World) -> Fixture:
    """The world's season active, scheduled (one fixture a round) and round 1 open: its
    fixture ready to play, home team at home."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.select_related("round").get(
        round__number=1, round__season=world.season
    )
    if fixture.home_team_id != world.home.pk:
        world.home, world.away = world.away, world.home
        world.home_coach, world.away_coach = world.away_coach, world.home_coach
    round_open(round_=fixture.round, actor=None)
    fixture.refresh_from_db()
    return fixture

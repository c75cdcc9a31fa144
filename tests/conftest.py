"""The named world most tests start from: a league with a commissioner, two coaches and an
outsider, and a draft season with two full teams created by the rules."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from games.engine.dice import RandomDice
from league.models import League, Season, Team
from league.services import league_create, season_create
from rosters.services import team_create
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

"""Arenaball's API test world: tests/arenaball/world.py's started season of two teams, a
client for every role (home coach is "coach"), and report bodies as the API takes them."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from api.tokens import api_token_create
from league.models import Fixture, Team
from league.services.leagues import league_create
from tests.api.client import Api
from tests.arenaball.world import ArenaWorld, arena_world, driver
from tests.factories import UserFactory

ROLES = ("anonymous", "outsider", "other_coach", "coach", "rival_commissioner", "commissioner")


@pytest.fixture
def arena(db: Any) -> ArenaWorld:
    return arena_world()


@pytest.fixture
def fixture_one(arena: ArenaWorld) -> Fixture:
    return arena.fixture()


@pytest.fixture
def arena_as() -> Callable[[User | None], Api]:
    numbers = itertools.count(1)

    def make(user: User | None) -> Api:
        if user is None:
            return Api()
        _, key = api_token_create(user=user, name=f"arena {next(numbers)}", actor=None)
        return Api(key)

    return make


@pytest.fixture
def arena_role(arena: ArenaWorld, fixture_one: Fixture) -> Callable[[str], User | None]:
    """The user of each role in ROLES: "coach" coaches fixture one's home team, "other_coach"
    its away team."""
    rival = UserFactory.create(username="rival-commissioner")
    league_create(name="Rival Arena", actor=None, ruleset="arenaball", commissioners=[rival])

    def pick(role: str) -> User | None:
        return {
            "anonymous": None,
            "outsider": arena.outsider,
            "other_coach": fixture_one.away_team.coach,
            "coach": fixture_one.home_team.coach,
            "rival_commissioner": rival,
            "commissioner": arena.commissioner,
        }[role]

    return pick


def expected(role: str, allowed: set[str], ok: int) -> int:
    if role == "anonymous":
        return 401
    return ok if role in allowed else 403


def result_url(fixture: Fixture) -> str:
    return f"/api/v1/arenaball/fixtures/{fixture.pk}/result/"


def win_body(fixture: Fixture, **changes: Any) -> dict[str, Any]:
    """tests/arenaball/world.py's win_report as JSON: home wins 5-0, a centre goal by car
    1's driver and two outer goals by car 2's; cars 4 and 5 in the pits on both sides."""
    home: Team = fixture.home_team
    one, two = driver(home, "1").pk, driver(home, "2").pk
    body: dict[str, Any] = {
        "home_score": 5,
        "away_score": 0,
        "goals": [
            {"team": home.pk, "scorer": one, "plate": "centre"},
            {"team": home.pk, "scorer": two, "plate": "outer"},
            {"team": home.pk, "scorer": two, "plate": "outer"},
        ],
        "home_pits": ["4", "5"],
        "away_pits": ["4", "5"],
    }
    body.update(changes)
    return body

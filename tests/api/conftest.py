"""The API's test world: the named world of tests/conftest.py with a token for every role,
a commissioner of another league, and a clean local-memory cache for the throttles."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from api.tokens import api_token_create
from league.models import Fixture
from league.services.leagues import league_create
from tests.api.arena import arena, arena_as, arena_role, fixture_one  # noqa: F401  (fixtures)
from tests.api.client import Api
from tests.factories import UserFactory
from tests.world import World

ROLES = ("anonymous", "outsider", "other_coach", "coach", "rival_commissioner", "commissioner")


@pytest.fixture(autouse=True)
def _api_cache(settings: Any) -> Iterator[None]:
    """Throttle counts in a local-memory cache of the test's own, emptied around each test."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "api-tests",
        }
    }
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api_as(world: World) -> Callable[[User | None], Api]:
    """``api_as(user)``: a client with a fresh token of ``user``; ``api_as(None)`` anonymous."""

    numbers = itertools.count(1)

    def make(user: User | None) -> Api:
        if user is None:
            return Api()
        _, key = api_token_create(user=user, name=f"test {next(numbers)}", actor=None)
        return Api(key)

    return make


@pytest.fixture
def rival_commissioner(world: World) -> User:
    user = UserFactory.create(username="rival_commissioner")
    league_create(name="Rival League", actor=None, commissioners=[user])
    return user


@pytest.fixture
def role_user(world: World, rival_commissioner: User) -> Callable[[str], User | None]:
    """The user of each role in ROLES, for the world's match-day fixture (home team's
    coach is "coach")."""

    def pick(role: str) -> User | None:
        return {
            "anonymous": None,
            "outsider": world.outsider,
            "other_coach": world.away_coach,
            "coach": world.home_coach,
            "rival_commissioner": rival_commissioner,
            "commissioner": world.commissioner,
        }[role]

    return pick


def player_id(team: Any, shirt: int) -> int:
    return int(team.players.get(shirt_number=shirt).pk)


def result_body(world: World, home: int = 2, away: int = 1, **changes: Any) -> dict[str, Any]:
    """Each team's shirt 1 scores all its points; both goalies (shirt 11) played."""
    lines = []
    for team, points in ((world.home, home), (world.away, away)):
        lines.append(
            {
                "player": player_id(team, 1),
                "points": points,
                "stats": {"scoring": {"attempts": points + 1, "successes": points}},
            }
        )
        lines.append(
            {
                "player": player_id(team, 11),
                "points": 0,
                "stats": {"saves": {"attempts": 3, "successes": 2}},
            }
        )
    return {"home_score": home, "away_score": away, "overtime": False, "lines": lines, **changes}


def result_url(fixture: Fixture) -> str:
    return f"/api/v1/fixtures/{fixture.pk}/result/"


@pytest.fixture
def keep_test_connection() -> Iterator[None]:
    """A WSGI app called in-process (Schemathesis's) closes the database connection after
    each request; inside a test's transaction it must not (Django's test client does the
    same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)

"""The admin's clients, and its leagues with a row of every kind (tests/world.py's
`played_league_build`, all through the services)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.roles import commissioners_group
from tests.world import (
    PlayedLeague,
    World,
    built_for_the_module,
    make_commissioner,
    played_league_build,
)


@pytest.fixture
def superuser_client(client: Client, superuser: User) -> Client:
    client.force_login(superuser)
    return client


@pytest.fixture
def admin_world(superuser: User) -> PlayedLeague:
    """North: a draft season of two teams, and a played cup."""
    return played_league_build(name="North", teams=2, actor=superuser)


def superuser_make() -> User:
    return User.objects.create_superuser("chief", "chief@example.com", "correct horse battery")


@pytest.fixture(scope="module")
def north_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[PlayedLeague]:
    """North as `admin_world`, but run by `north_commissioner`, built once for a module whose
    every database test uses it."""

    def build() -> PlayedLeague:
        return played_league_build(
            name="North",
            teams=2,
            actor=superuser_make(),
            commissioners=(make_commissioner("north_commissioner"),),
        )

    with built_for_the_module(django_db_blocker, build) as north:
        yield north


@pytest.fixture
def north_commissioner(db: None) -> User:
    existing = User.objects.filter(username="north_commissioner").first()
    return existing or make_commissioner("north_commissioner")


@pytest.fixture(scope="module")
def two_leagues_once(
    django_db_setup: None, django_db_blocker: Any
) -> Iterator[tuple[PlayedLeague, PlayedLeague]]:
    def build() -> tuple[PlayedLeague, PlayedLeague]:
        superuser = superuser_make()
        north = played_league_build(
            name="North",
            teams=2,
            actor=superuser,
            commissioners=(make_commissioner("north_commissioner"),),
        )
        south = played_league_build(
            name="South",
            teams=2,
            actor=superuser,
            commissioners=(make_commissioner("south_commissioner"),),
        )
        return north, south

    with built_for_the_module(django_db_blocker, build) as leagues:
        yield leagues


@pytest.fixture
def two_leagues(
    two_leagues_once: tuple[PlayedLeague, PlayedLeague], db: None
) -> tuple[PlayedLeague, PlayedLeague]:
    """North, run by `north_commissioner`, and South, run by someone else; built once for
    the module (each test rolls back to them), so every database test of a module that uses
    them must use them."""
    north, south = two_leagues_once
    return north.fetched_again(), south.fetched_again()


@pytest.fixture
def commissioner_client(north_commissioner: User) -> Client:
    client = Client()
    client.force_login(north_commissioner)
    return client


@pytest.fixture
def chief(world: World) -> Client:
    """The world's commissioner, signed in to the admin (staff, Commissioners group)."""
    user = User.objects.get(pk=world.commissioner.pk)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    client = Client()
    client.force_login(user)
    return client

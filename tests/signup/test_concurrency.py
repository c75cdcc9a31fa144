"""Requests decided at once never double: the same request approved twice at once makes one
team; two requests for a season's last place approved at once enter one; two coaches asking
for one team name at once store one request. Real threads on PostgreSQL, each with its own
connection; SQLite serialises every writer, so there is no race to test there."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from league.errors import DomainError
from league.models import StandingRow, Team
from league.signup.models import JoinRequest
from league.signup.services import join_request_approve, join_request_submit
from tests.signup.helpers import league_open, verified_user
from tests.world import world_build

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]

SITE = "http://testserver/"


def at_once(*calls: Callable[[], object]) -> list[str]:
    """Run `calls` in threads released together; each one's outcome ("ok" or its code)."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[str] = []

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=30)
            call()
            outcomes.append("ok")
        except DomainError as error:
            outcomes.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(outcomes)


def ask(world, user, name: str, short_name: str) -> JoinRequest:
    return join_request_submit(
        season=world.season,
        actor=user,
        name=name,
        short_name=short_name,
        colour="#aa3300",
        choices={},
    )


def test_one_request_approved_twice_at_once_makes_one_team():
    world = world_build()
    league_open(world.league)
    request = ask(world, verified_user(), "Stranger Things", "STR")

    def approve() -> Team:
        return join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)

    assert at_once(approve, approve) == ["already_decided", "ok"]
    assert Team.objects.filter(name="Stranger Things").count() == 1


def test_two_requests_for_the_last_place_at_once_enter_one():
    world = world_build()
    league_open(world.league, team_limit=3)
    first = ask(world, verified_user("first"), "First Light", "FST")
    second = ask(world, verified_user("second"), "Second Wind", "SEC")

    def approve(request: JoinRequest) -> Callable[[], object]:
        return lambda: join_request_approve(
            join_request=request, actor=world.commissioner, site_url=SITE
        )

    assert at_once(approve(first), approve(second)) == ["ok", "season_full"]
    assert StandingRow.objects.filter(season=world.season).count() == 3


def test_two_coaches_asking_for_one_name_at_once_store_one_request():
    world = world_build()
    league_open(world.league)
    coaches = [verified_user("first"), verified_user("second")]
    outcomes = at_once(
        lambda: ask(world, coaches[0], "Same Name", "ONE"),
        lambda: ask(world, coaches[1], "Same Name", "TWO"),
    )
    assert outcomes == ["name_taken", "ok"]
    assert JoinRequest.objects.filter(name="Same Name").count() == 1

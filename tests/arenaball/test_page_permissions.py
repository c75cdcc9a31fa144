"""Every write of Arenaball's pages, for each role: a visitor is sent to sign in, an outsider
and the other team's coach are refused with the page that says why, and nothing changes; the
team's coach and a commissioner may."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from arenaball.models import Car, Character, Design, Pits
from league.models import AuditEntry, Result
from tests.arenaball.world import ArenaWorld, arena_world, driver

pytestmark = pytest.mark.django_db


def _writes(world: ArenaWorld) -> list[tuple[str, str, dict[str, object]]]:
    fixture = world.fixture()
    team = fixture.home_team
    design = Design.objects.filter(team=team, name="Track Car").get()
    character = driver(team, "1")
    reserve = (
        Character.objects.filter(team=team)
        .exclude(
            pk__in=[
                pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)
            ]
        )
        .get()
    )
    cars: dict[str, object] = {
        f"car-{car.slot}-{seat}": str(getattr(car, f"{seat}_id") or "")
        for car in Car.objects.filter(team=team)
        for seat in ("design", "driver", "gunner")
    }
    return [
        ("cars", f"/arenaball/teams/{team.pk}/cars/", cars),
        ("sign", f"/arenaball/teams/{team.pk}/sign/", {"name": "New Blood"}),
        ("design", f"/arenaball/designs/{design.pk}/", {"name": "Renamed", "role": "track"}),
        ("delete", f"/arenaball/designs/{design.pk}/delete/", {}),
        ("rename", f"/arenaball/characters/{character.pk}/rename/", {"name": "Someone Else"}),
        ("release", f"/arenaball/characters/{reserve.pk}/release/", {}),
        ("pits", f"/arenaball/fixtures/{fixture.pk}/pits/", {"team": team.pk, "pits": ["4", "5"]}),
        (
            "report",
            f"/arenaball/fixtures/{fixture.pk}/report/",
            {"home_score": "5", "away_score": "0"},
        ),
    ]


def _state() -> tuple[object, ...]:
    return (
        list(Character.objects.order_by("pk").values_list("name", "state")),
        list(Design.objects.order_by("pk").values_list("name", "gunners")),
        list(Car.objects.order_by("pk").values_list("design", "driver", "gunner")),
        Pits.objects.count(),
        Result.objects.count(),
        AuditEntry.objects.filter(action__startswith="arenaball.").count(),
    )


@pytest.mark.parametrize("who", ["visitor", "outsider", "other coach"])
def test_no_arenaball_write_is_open_to_who_may_not_make_it(who: str) -> None:
    world = arena_world(teams=3)
    fixture = world.fixture()
    playing = {fixture.home_team.coach_id, fixture.away_team.coach_id}
    users: dict[str, Callable[[], object]] = {
        "visitor": lambda: None,
        "outsider": lambda: world.outsider,
        # The coach of the third team: neither this team's nor in its game.
        "other coach": lambda: next(c for c in world.coaches if c.pk not in playing),
    }
    client = Client()
    user = users[who]()
    if user is not None:
        client.force_login(user)
    before = _state()
    for name, url, data in _writes(world):
        response = client.post(url, data)
        if user is None:
            assert response.status_code == 302, name
            assert "/accounts/login/" in response["Location"], name
        else:
            assert response.status_code == 403, (name, response.status_code)
            assert b"Not allowed" in response.content, name
    assert _state() == before


def test_the_teams_coach_and_a_commissioner_may() -> None:
    world = arena_world()
    home = world.fixture().home_team
    for user in (home.coach, world.commissioner):
        client = Client()
        client.force_login(user)
        response = client.post(f"/arenaball/teams/{home.pk}/sign/", {"name": f"Signed by {user}"})
        assert response.status_code == 302
        assert Character.objects.filter(team=home, name=f"Signed by {user}").exists()

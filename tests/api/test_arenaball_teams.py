"""An Arenaball team through the API: its cars, roster and graveyard; setting the six cars;
signing, renaming and releasing characters; a character's career; the league's catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from arenaball.models import Car, Character, Design
from tests.api.arena import ROLES, expected
from tests.arenaball.world import arena_world, driver, play

pytestmark = pytest.mark.django_db


def team_url(team: Any) -> str:
    return f"/api/v1/arenaball/teams/{team.pk}/"


def cars_body(team: Any) -> dict[str, Any]:
    """The team's cars as they are, as the PUT takes them."""
    return {
        "cars": [
            {
                "slot": car.slot,
                "design": car.design_id,
                "driver": car.driver_id,
                "gunner": car.gunner_id,
            }
            for car in Car.objects.filter(team=team)
        ]
    }


def test_a_team_shows_its_six_cars_roster_and_graveyard(fixture_one, arena_as):
    team = fixture_one.home_team

    response = arena_as(None).get(team_url(team))

    assert response.status_code == 200
    body = response.json()
    assert body["team"]["id"] == team.pk
    assert body["coach"] == team.coach.username
    assert [car["slot"] for car in body["cars"]] == ["1", "2", "3", "4", "5", "GK"]
    assert body["cars"][0]["design"]["name"] == "Track Car"
    assert body["cars"][0]["driver"]["id"] == driver(team, "1").pk
    assert len(body["roster"]) == 8
    assert body["graveyard"] == []


def test_a_coach_swaps_two_drivers(fixture_one, arena_as):
    team = fixture_one.home_team
    body = cars_body(team)
    first, second = body["cars"][0], body["cars"][1]
    first["driver"], second["driver"] = second["driver"], first["driver"]

    response = arena_as(team.coach).put(f"{team_url(team)}cars/", body)

    assert response.status_code == 200, response.content
    assert response.json()["cars"][0]["driver"]["id"] == first["driver"]
    assert Car.objects.get(team=team, slot=first["slot"]).driver_id == first["driver"]


def test_cars_that_break_the_rules_are_refused_with_their_problems(fixture_one, arena_as):
    team = fixture_one.home_team
    body = cars_body(team)
    body["cars"][1]["driver"] = body["cars"][0]["driver"]  # one driver in two cars
    keeper = Design.objects.get(team=team, name="Goalkeeper")
    body["cars"][2]["design"] = keeper.pk  # a second goalkeeper on the track

    response = arena_as(team.coach).put(f"{team_url(team)}cars/", body)

    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "team_illegal"
    assert len(error["problems"]) >= 2
    assert all(p["rule"].startswith("A-T") for p in error["problems"])


def test_a_cars_body_of_the_wrong_types_is_a_400(fixture_one, arena_as):
    team = fixture_one.home_team

    response = arena_as(team.coach).put(
        f"{team_url(team)}cars/", {"cars": [{"slot": "7", "design": "Track Car"}]}
    )

    assert response.status_code == 400
    assert {"cars[0].slot", "cars[0].design"} <= set(response.json()["error"]["fields"])


@pytest.mark.parametrize("role", ROLES)
def test_setting_the_cars_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team
    body = cars_body(team)
    body["cars"][0]["driver"], body["cars"][1]["driver"] = (
        body["cars"][1]["driver"],
        body["cars"][0]["driver"],
    )

    response = arena_as(arena_role(role)).put(f"{team_url(team)}cars/", body)

    assert response.status_code == expected(role, {"coach", "commissioner"}, 200)
    swapped = Car.objects.get(team=team, slot="1").driver_id == body["cars"][0]["driver"]
    assert swapped == (response.status_code == 200)


def test_signing_renaming_and_releasing_a_character(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)

    signed = api.post(f"{team_url(team)}characters/", {"name": "  Rex   Rookie "})
    url = signed["Location"]
    renamed = api.patch(url, {"name": "Rex Veteran"})
    released = api.post(f"{url}release/")
    twice = api.post(f"{url}release/")

    assert signed.status_code == 201, signed.content
    assert signed.json()["name"] == "Rex Rookie"
    assert renamed.status_code == 200
    assert renamed.json()["character"]["name"] == "Rex Veteran"
    assert released.status_code == 200
    assert released.json()["state"] == "released"
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "not_on_roster"


def test_a_seated_character_cannot_be_released(fixture_one, arena_as):
    team = fixture_one.home_team
    seated = driver(team, "1")

    response = arena_as(team.coach).post(f"/api/v1/arenaball/characters/{seated.pk}/release/")

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "character_seated"


def test_a_name_taken_or_missing_is_a_400(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)

    taken = api.post(f"{team_url(team)}characters/", {"name": driver(team, "1").name})
    missing = api.post(f"{team_url(team)}characters/", {})
    extra = api.post(f"{team_url(team)}characters/", {"name": "Ok", "age": 30})

    assert (taken.status_code, missing.status_code, extra.status_code) == (400, 400, 400)
    assert taken.json()["error"]["code"] == "name_taken"
    assert "name" in missing.json()["error"]["fields"]
    assert "age" in extra.json()["error"]["fields"]


@pytest.mark.parametrize("role", ROLES)
def test_signing_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team

    response = arena_as(arena_role(role)).post(f"{team_url(team)}characters/", {"name": "New"})

    assert response.status_code == expected(role, {"coach", "commissioner"}, 201)
    assert Character.objects.filter(name="New").exists() == (response.status_code == 201)


@pytest.mark.parametrize("role", ROLES)
def test_renaming_and_releasing_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team
    reserve = Character.objects.create(team=team, name="Reserve")
    url = f"/api/v1/arenaball/characters/{reserve.pk}/"
    api = arena_as(arena_role(role))

    renamed = api.patch(url, {"name": "Renamed"})
    released = api.post(f"{url}release/")

    assert renamed.status_code == expected(role, {"coach", "commissioner"}, 200)
    assert released.status_code == expected(role, {"coach", "commissioner"}, 200)
    reserve.refresh_from_db()
    assert (reserve.state == "released") == (released.status_code == 200)


def test_a_characters_career_after_a_game(arena, fixture_one, arena_as):
    play(fixture_one, actor=arena.commissioner)
    scorer = driver(fixture_one.home_team, "2")

    response = arena_as(None).get(f"/api/v1/arenaball/characters/{scorer.pk}/")

    assert response.status_code == 200
    body = response.json()
    assert body["character"]["goals"] == 2
    assert body["character"]["driver_points"] == 3
    assert body["levels"] == {"driver": 0, "gunner": 0}
    [game] = body["history"]
    assert game["fixture"] == fixture_one.pk
    assert game["earned"]["goals"] == 2
    assert (game["driver"], game["prestige"]) == (3, 1)


def test_levels_follow_the_seasons_points_per_level(db, arena_as):
    world = arena_world(points_per_level=2)
    fixture = world.fixture()
    play(fixture, actor=world.commissioner)
    scorer = driver(fixture.home_team, "2")

    response = arena_as(None).get(f"/api/v1/arenaball/characters/{scorer.pk}/")

    assert response.json()["levels"]["driver"] == 1  # 3 points, 2 a level


def test_private_leagues_stay_private(arena, fixture_one, arena_as):
    arena.league.is_public = False
    arena.league.save(update_fields=["is_public"])
    team, character = fixture_one.home_team, driver(fixture_one.home_team, "1")
    paths = [
        team_url(team),
        f"{team_url(team)}designs/",
        f"/api/v1/arenaball/characters/{character.pk}/",
        f"/api/v1/arenaball/leagues/{arena.league.pk}/parts/",
    ]

    for path in paths:
        assert arena_as(None).get(path).status_code == 404, path
        assert arena_as(arena.outsider).get(path).status_code == 404, path
        assert arena_as(fixture_one.away_team.coach).get(path).status_code == 200, path


def test_the_leagues_catalogue(arena, arena_as):
    response = arena_as(None).get(f"/api/v1/arenaball/leagues/{arena.league.pk}/parts/")

    assert response.status_code == 200
    parts = response.json()
    assert {
        "key",
        "name",
        "kind",
        "spaces",
        "weight",
        "cost",
        "weapon_class",
        "armour_material",
        "offensive",
        "burst",
        "includes",
        "shipped",
    } == set(parts[0])
    assert all(part["shipped"] for part in parts)
    assert len({part["key"] for part in parts}) == len(parts)
    sheet = next(part for part in parts if part["key"] == "seed_track_car")
    assert (sheet["kind"], sheet["cost"], sheet["weight"]) == ("published_sheet", 20_000, 5_671)
    assert ["flamethrower", 1] in sheet["includes"]["parts"]
    priced = {part["key"] for part in parts if part["cost"] is not None}
    assert priced == {
        "ramplate_airdam_electromagnet",
        "light_laser",
        "seed_track_car",
        "seed_goalkeeper",
    }


def test_a_magnoball_league_or_team_is_not_found_here(world, arena_as):
    api = arena_as(None)

    assert api.get(f"/api/v1/arenaball/leagues/{world.league.pk}/parts/").status_code == 404
    assert api.get(f"/api/v1/arenaball/teams/{world.home.pk}/").status_code == 404

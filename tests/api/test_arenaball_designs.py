"""Arenaball designs through the API: a team's designs with their checks, creating,
replacing and removing one, checking without saving, every refusal with its rules."""

from __future__ import annotations

from typing import Any

import pytest

from arenaball.models import Design
from tests.api.arena import ROLES, expected

pytestmark = pytest.mark.django_db


def designs_url(team: Any) -> str:
    return f"/api/v1/arenaball/teams/{team.pk}/designs/"


def sheet(api: Any, team: Any, source: str = "Track Car", **changes: Any) -> dict[str, Any]:
    """A stored design's sheet as a request body (read back from the API)."""
    design = next(d for d in api.get(designs_url(team)).json() if d["name"] == source)
    body = {
        key: design[key]
        for key in (
            "name",
            "role",
            "gunners",
            "body",
            "chassis",
            "power_plant",
            "suspension",
            "tyres",
            "performance",
            "armour",
            "fittings",
        )
    }
    body.update(changes)
    return body


def illegal(body: dict[str, Any]) -> dict[str, Any]:
    """Over the budget (a light laser on the $20,000 Track Car), with a part the catalogue
    does not have and one it has no figures for."""
    return {
        **body,
        "name": "Too Much",
        "fittings": [
            *body["fittings"],
            {"ref": "x", "part": "death_ray", "quantity": 1},
            {"ref": "mg", "part": "machine_gun", "quantity": 12},
        ],
    }


def test_a_teams_designs_come_with_their_fittings_and_checks(fixture_one, arena_as):
    response = arena_as(None).get(designs_url(fixture_one.home_team))

    assert response.status_code == 200
    designs = {d["name"]: d for d in response.json()}
    assert set(designs) == {"Track Car", "Goalkeeper"}
    track = designs["Track Car"]
    assert track["check"]["ok"] is True
    assert track["check"]["problems"] == []
    assert {"code", "rule", "label", "ok", "value", "limit", "figures"} <= set(
        track["check"]["limits"][0]
    )
    assert track["fittings"]
    assert {"ref", "part", "mounting", "quantity", "links"} <= set(track["fittings"][0])
    assert set(track["armour"]) == {"front", "back", "left", "right", "top", "under"}
    assert track["check"]["totals"]["cost"] == 20_000
    assert track["check"]["totals"]["weight"] == 5_671
    assert "cost" not in track  # computed from the catalogue: in the check's totals only


def test_a_coach_adds_a_design_and_reads_it_back(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)

    response = api.post(designs_url(team), sheet(api, team, name="Mk II"))

    assert response.status_code == 201, response.content
    created = response.json()
    assert created["name"] == "Mk II"
    assert created["check"]["ok"] is True
    assert response["Location"] == f"http://testserver/api/v1/arenaball/designs/{created['id']}/"
    assert api.get(response["Location"]).json()["fittings"] == created["fittings"]


def test_an_illegal_design_is_refused_with_every_problem_and_its_rule(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)

    response = api.post(designs_url(team), illegal(sheet(api, team)))

    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "design_illegal"
    problems = error["problems"]
    assert len(problems) >= 2
    codes = {p["code"] for p in problems}
    assert {"part_unknown", "part_unpriced"} <= codes
    unpriced = next(p for p in problems if p["code"] == "part_unpriced")
    assert unpriced["message"] == (
        "Machine gun has no price or weight in this league's catalogue: ask the commissioner."
    )
    unknown = next(p for p in problems if p["code"] == "part_unknown")
    assert unknown["rule"] == "A-T5"
    assert unknown["field"] == f"fittings.{len(sheet(api, team)['fittings'])}"
    for problem in problems:
        assert problem["rule"].startswith("A-")
        assert problem["field"] in error["fields"]
    assert not Design.objects.filter(name="Too Much").exists()


def test_checking_a_design_saves_nothing_and_answers_200_when_illegal(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)
    url = f"{designs_url(team)}check/"

    legal = api.post(url, sheet(api, team, name="Draft"))
    bad = api.post(url, illegal(sheet(api, team)))

    assert legal.status_code == 200
    assert legal.json()["ok"] is True
    assert bad.status_code == 200
    assert bad.json()["ok"] is False
    assert len(bad.json()["problems"]) >= 2
    assert not Design.objects.filter(name__in=["Draft", "Too Much"]).exists()


def test_a_malformed_sheet_is_a_400_naming_each_field(fixture_one, arena_as):
    team = fixture_one.home_team
    body = {
        "name": "",
        "role": "tank",
        "cost": 19_000,
        "weight": 100,
        "armour": {"front": {"points": -1}},
        "fittings": [{"part": "machine_gun", "quantity": "two"}, 7],
        "wings": 2,
    }

    response = arena_as(team.coach).post(designs_url(team), body)

    assert response.status_code == 400
    fields = response.json()["error"]["fields"]
    assert fields["cost"] == [
        "A design's cost is computed from the league's catalogue (A-T5): leave it out."
    ]
    assert {
        "name",
        "role",
        "cost",
        "weight",
        "armour.front",
        "fittings.0.quantity",
        "fittings.1",
        "wings",
    } <= set(fields)


def test_malformed_json_is_a_400(fixture_one, arena_as):
    response = arena_as(fixture_one.home_team.coach).post(
        designs_url(fixture_one.home_team), raw='{"name": '
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_body"


def test_a_design_is_replaced_and_removed(fixture_one, arena_as):
    team = fixture_one.home_team
    api = arena_as(team.coach)
    created = api.post(designs_url(team), sheet(api, team, name="Spare")).json()
    url = f"/api/v1/arenaball/designs/{created['id']}/"

    replaced = api.put(url, sheet(api, team, name="Spare Mk II"))
    removed = api.delete(url)

    assert replaced.status_code == 200, replaced.content
    assert replaced.json()["name"] == "Spare Mk II"
    assert removed.status_code == 204
    assert not Design.objects.filter(pk=created["id"]).exists()


def test_a_design_the_cars_use_cannot_be_removed(fixture_one, arena_as):
    team = fixture_one.home_team
    design = Design.objects.get(team=team, name="Track Car")

    response = arena_as(team.coach).delete(f"/api/v1/arenaball/designs/{design.pk}/")

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "design_in_use"


def test_a_magnoball_team_has_no_arenaball_designs(world, arena_as):
    response = arena_as(None).get(f"/api/v1/arenaball/teams/{world.home.pk}/designs/")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("role", ROLES)
def test_adding_a_design_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team
    body = sheet(arena_as(None), team, name="By Role")

    response = arena_as(arena_role(role)).post(designs_url(team), body)

    assert response.status_code == expected(role, {"coach", "commissioner"}, 201)
    assert Design.objects.filter(name="By Role").exists() == (response.status_code == 201)


@pytest.mark.parametrize("role", ROLES)
def test_checking_a_design_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team
    body = sheet(arena_as(None), team)

    response = arena_as(arena_role(role)).post(f"{designs_url(team)}check/", body)

    assert response.status_code == expected(role, {"coach", "commissioner"}, 200)


@pytest.mark.parametrize("role", ROLES)
def test_replacing_and_removing_a_design_by_role(fixture_one, arena_as, arena_role, role):
    team = fixture_one.home_team
    coach = arena_as(team.coach)
    created = coach.post(designs_url(team), sheet(coach, team, name="Spare")).json()
    url = f"/api/v1/arenaball/designs/{created['id']}/"
    api = arena_as(arena_role(role))

    replaced = api.put(url, sheet(coach, team, name="Renamed"))
    removed = api.delete(url)

    assert replaced.status_code == expected(role, {"coach", "commissioner"}, 200)
    assert removed.status_code == expected(role, {"coach", "commissioner"}, 204)
    assert Design.objects.filter(pk=created["id"]).exists() == (removed.status_code != 204)

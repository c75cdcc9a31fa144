"""The design editor's live panel agrees with the save (issue #45, item 5): it asks the
server's check of the same values, never shows a hold the save refuses, and names a value
that is not a whole number once, without follow-on messages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from arenaball.design_input import design_data_of
from arenaball.models import Design
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db


def _post_of(design: Design, **changes: str) -> dict[str, Any]:
    """The editor's form for `design` as a browser posts it, with `changes`."""
    data = design_data_of(design)
    post: dict[str, Any] = {"name": data.name, "role": data.role, "gunners": str(data.gunners)}
    post |= dict(data.words)
    for side, (points, material) in data.armour.items():
        post[f"armour_{side}"] = str(points)
        post[f"material_{side}"] = material
    post["fittings-rows"] = str(len(data.fittings))
    for row, fitting in enumerate(data.fittings):
        post[f"fittings-{row}-ref"] = fitting.ref
        post[f"fittings-{row}-part"] = fitting.part
        post[f"fittings-{row}-quantity"] = str(fitting.quantity)
        post[f"fittings-{row}-mounting"] = fitting.mounting
    post |= changes
    return post


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"gunners": "-1"}, "gunners", "Give a whole number from 0 to 3."),
        ({"armour_front": "100000"}, "armour.front", "Give a whole number from 0 to 999."),
        ({"armour_front": "lots"}, "armour.front", "Give a whole number from 0 to 999."),
        ({"fittings-0-quantity": "1000000000"}, "fittings.0.quantity", "from 1 to 99"),
        ({"fittings-1-quantity": "0"}, "fittings.1.quantity", "from 1 to 99"),
    ],
)
def test_a_bad_value_is_named_once_and_the_panel_never_holds(changes, field, message):
    world = arena_world(start=False)
    team = world.teams[0]
    design = Design.objects.get(team=team, name="Track Car")
    client = Client()
    client.force_login(team.coach)
    post = _post_of(design, **changes)

    answer = client.post(f"/arenaball/teams/{team.pk}/designs/check/?design={design.pk}", post)
    body = answer.json()
    assert body["ok"] is False
    [problem] = body["problems"]  # the value, and no follow-on message
    assert problem["field"] == field
    assert message in problem["message"]

    saved = client.post(f"/arenaball/designs/{design.pk}/", post)
    assert saved.status_code == 400
    page = saved.content.decode()
    assert "✓ Every limit holds" not in page
    assert "✗ 1 to fix" in page
    assert "fit at least one" not in page
    assert "must carry" not in page
    assert "more than the design" not in page


def test_the_panel_names_what_the_save_refuses_beyond_the_limits():
    """A name the team has already: the live check says so before the save does."""
    world = arena_world(start=False)
    team = world.teams[0]
    client = Client()
    client.force_login(team.coach)
    track = Design.objects.get(team=team, name="Track Car")
    post = _post_of(track, name="Goalkeeper")
    body = client.post(f"/arenaball/teams/{team.pk}/designs/check/?design={track.pk}", post).json()
    assert body["ok"] is False
    assert [p["message"] for p in body["problems"]] == [
        f"{team} already has a design 'Goalkeeper'."
    ]
    same = client.post(
        f"/arenaball/teams/{team.pk}/designs/check/?design={track.pk}", _post_of(track)
    ).json()
    assert same["ok"] is True
    assert same["totals"] == {
        "cost": 20_000,
        "weight": 5_671,
        "spaces": 0,
        "room": None,
        "priced": True,
    }

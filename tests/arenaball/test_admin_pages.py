"""Arenaball's read-mostly admin pages: they load for the commissioner, show the validator's
verdict, and stay out of other commissioners' reach."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from arenaball.models import Car, Character, Design
from league.models import Team
from tests.arenaball.admin_helpers import staff_commissioner
from tests.arenaball.world import arena_world
from tests.world import make_commissioner, sign_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Design, Character, Car])
def test_pages_load_for_the_commissioner_and_not_for_another(client: Client, model) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    name = model._meta.model_name
    obj = model.objects.filter(team__league=world.league).first()
    listing = client.get(reverse(f"admin:arenaball_{name}_changelist"))
    assert listing.status_code == 200
    page = client.get(reverse(f"admin:arenaball_{name}_change", args=[obj.pk]))
    assert page.status_code == 200
    sign_in(client, make_commissioner("stranger"))
    assert client.get(reverse(f"admin:arenaball_{name}_change", args=[obj.pk])).status_code == 302


def test_a_design_shows_every_limit_and_its_verdict(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    design = Design.objects.filter(team__league=world.league).first()
    page = client.get(reverse("admin:arenaball_design_change", args=[design.pk])).content.decode()
    assert "The validator" in page
    assert "Legal: every limit holds." in page


def test_the_graveyard_is_a_filter(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    url = reverse("admin:arenaball_character_changelist")
    assert client.get(url, {"state__exact": "dead"}).status_code == 200


def test_a_commissioner_adds_an_arenaball_team_in_the_admin_set_up_by_the_rules(
    client: Client,
) -> None:
    """A-T1, A-T2, A-T5: the core's team admin creates it; Arenaball's set-up gives it the
    seed's designs, eight characters and six crewed cars; no MagnoBall creation dice."""
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    add = reverse("admin:league_team_add")
    page = client.get(add, {"season": world.season.pk})
    assert page.status_code == 200
    assert "faces" not in page.context["adminform"].form.fields
    body = {
        "season": world.season.pk,
        "name": "Fresno Furies",
        "short_name": "FRE",
        "colour": "#aa3300",
    }
    response = client.post(add, body)
    assert response.status_code == 302
    team = Team.objects.get(name="Fresno Furies")
    assert world.season.teams.filter(pk=team.pk).exists()
    assert Car.objects.filter(team=team).count() == 6
    assert Character.objects.filter(team=team).count() == 8
    assert set(Design.objects.filter(team=team).values_list("name", flat=True)) == {
        "Track Car",
        "Goalkeeper",
    }

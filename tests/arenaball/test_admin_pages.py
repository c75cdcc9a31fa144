"""Arenaball's read-mostly admin pages: they load for the commissioner, show the validator's
verdict, and stay out of other commissioners' reach."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from arenaball.models import Car, Character, Design
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

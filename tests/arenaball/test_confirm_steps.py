"""Issue #17: Arenaball's destructive actions are asked first on their own page (no script
needed), as MagnoBall's Release is: the GET changes nothing, the POST acts."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from arenaball.models import Car, Character, Design
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db


def test_releasing_a_character_is_asked_first_then_done():
    world = arena_world(teams=2)
    team = world.fixture().home_team
    seated = {pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=team).exclude(pk__in=seated).get()
    client = Client()
    client.force_login(team.coach)
    url = reverse("arenaball-character-release", args=[reserve.pk])
    card = client.get(reverse("arenaball-character", args=[reserve.pk])).content.decode()
    assert f'href="{url}"' in card

    page = client.get(url).content.decode()
    assert "This cannot be undone" in page
    assert Character.objects.get(pk=reserve.pk).state == reserve.state

    client.post(url)
    assert Character.objects.get(pk=reserve.pk).state != reserve.state


def test_removing_a_design_is_asked_first_and_refused_with_why_while_a_car_uses_it():
    world = arena_world(teams=2)
    team = world.fixture().home_team
    design = Design.objects.get(team=team, name="Track Car")
    client = Client()
    client.force_login(team.coach)
    url = reverse("arenaball-design-delete", args=[design.pk])

    assert "Remove the design Track Car" in client.get(url).content.decode()
    assert Design.objects.filter(pk=design.pk).exists()

    client.post(url)
    assert Design.objects.filter(pk=design.pk).exists()  # a car uses it: refused, kept

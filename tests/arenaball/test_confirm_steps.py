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


def test_removing_a_design_a_car_uses_is_refused_on_its_page_naming_the_cars():
    """Issue #45, item 6: the page checks what the submit checks; it used to say "no car of
    the team uses it" while cars 1 to 5 did."""
    world = arena_world(teams=2)
    team = world.fixture().home_team
    design = Design.objects.get(team=team, name="Track Car")
    client = Client()
    client.force_login(team.coach)
    url = reverse("arenaball-design-delete", args=[design.pk])

    page = client.get(url)
    assert page.status_code == 409
    text = page.content.decode()
    assert "Track Car is the design of cars 1, 2, 3, 4, 5; give them another design first." in text
    assert "no car of the team uses it" not in text

    client.post(url)
    assert Design.objects.filter(pk=design.pk).exists()  # a car uses it: refused, kept


def test_removing_an_unused_design_is_asked_first_then_done():
    world = arena_world(teams=2)
    team = world.fixture().home_team
    spare = Design.objects.get(team=team, name="Track Car")
    spare.pk = None
    spare.name = "Spare"
    spare.save()
    client = Client()
    client.force_login(team.coach)
    url = reverse("arenaball-design-delete", args=[spare.pk])
    assert "Remove the design Spare" in client.get(url).content.decode()
    client.post(url)
    assert not Design.objects.filter(pk=spare.pk).exists()


def test_a_rivals_confirmation_pages_answer_403_as_their_submits_do():
    """Issue #45, item 6: a coach opened a rival's delete and release pages (200) and only
    the final submit was refused."""
    world = arena_world(teams=2)
    fixture = world.fixture()
    team, rival = fixture.home_team, fixture.away_team
    design = Design.objects.get(team=team, name="Goalkeeper")
    seated = {pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=team).exclude(pk__in=seated).get()
    client = Client()
    client.force_login(rival.coach)
    for url in (
        reverse("arenaball-design-delete", args=[design.pk]),
        reverse("arenaball-character-release", args=[reserve.pk]),
        reverse("arenaball-design-edit", args=[design.pk]),
    ):
        assert client.get(url).status_code == 403, url
        assert client.post(url).status_code == 403, url
    assert Character.objects.get(pk=reserve.pk).state == "active"


def test_releasing_a_seated_character_is_refused_on_its_page_naming_his_car():
    world = arena_world(teams=2)
    team = world.fixture().home_team
    keeper = Car.objects.get(team=team, slot="GK")
    client = Client()
    client.force_login(team.coach)
    page = client.get(reverse("arenaball-character-release", args=[keeper.driver_id]))
    assert page.status_code == 409
    assert "crews the goalkeeper; seat someone else there first." in page.content.decode()

"""The parts catalogue in the admin: listed for the commissioner, shipped parts' figures
filled in (their key and kind fixed), his own parts added, a part in use kept; audited."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from arenaball.models import Fitting, Part
from league.models import AuditEntry
from tests.arenaball.admin_helpers import staff_commissioner
from tests.arenaball.world import arena_world
from tests.world import make_commissioner, sign_in

pytestmark = pytest.mark.django_db
LIST = "/admin/arenaball/part/"


def _form(part: Part, **changes: object) -> dict:
    values = {
        "league": part.league_id,
        "key": part.key,
        "name": part.name,
        "kind": part.kind,
        "spaces": part.spaces or "",
        "weight": part.weight or "",
        "cost": part.cost or "",
        "weapon_class": part.weapon_class,
        "armour_material": part.armour_material,
        "offensive": "on" if part.offensive else "",
    }
    values.update(changes)
    return {key: "" if value is None else value for key, value in values.items()}


def test_the_catalogue_lists_for_its_commissioner_only(client: Client) -> None:
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    part = Part.objects.filter(league=world.league).first()
    assert part is not None
    response = client.get(LIST)
    assert response.status_code == 200
    assert part.name in response.content.decode()
    assert client.get(reverse("admin:arenaball_part_change", args=[part.pk])).status_code == 200
    assert client.get(reverse("admin:arenaball_part_add")).status_code == 200
    sign_in(client, make_commissioner("stranger"))
    assert part.name not in client.get(LIST).content.decode()
    page = client.get(reverse("admin:arenaball_part_change", args=[part.pk]))
    assert page.status_code == 302


def test_a_shipped_parts_figures_are_filled_in_its_key_and_kind_fixed(client: Client) -> None:
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    part = Part.objects.filter(league=world.league, shipped=True, cost__isnull=True).first()
    assert part is not None
    url = reverse("admin:arenaball_part_change", args=[part.pk])
    response = client.post(url, _form(part, cost=1234, weight=55, key="renamed", kind="armour"))
    assert response.status_code == 302
    part.refresh_from_db()
    assert (part.cost, part.weight) == (1234, 55)
    assert part.key != "renamed"
    assert AuditEntry.objects.filter(action="arenaball.part.update").count() == 1


def test_the_commissioner_adds_his_own_part(client: Client) -> None:
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    template = Part.objects.filter(league=world.league, shipped=True).first()
    assert template is not None
    data = _form(template, key="spike_plate", name="Spike plate", cost=300, weight=40)
    response = client.post(reverse("admin:arenaball_part_add"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    part = Part.objects.get(league=world.league, key="spike_plate")
    assert not part.shipped
    assert part.cost == 300
    assert AuditEntry.objects.filter(action="arenaball.part.create").count() == 1
    # The same key again is refused beside its field.
    again = client.post(reverse("admin:arenaball_part_add"), data)
    assert again.status_code == 200
    assert again.context["adminform"].form.errors
    assert Part.objects.filter(league=world.league, key="spike_plate").count() == 1


def test_a_part_in_use_cannot_be_deleted(client: Client) -> None:
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    fitting = Fitting.objects.select_related("part").filter(part__league=world.league).first()
    assert fitting is not None
    url = reverse("admin:arenaball_part_delete", args=[fitting.part.pk])
    response = client.post(url, {"post": "yes"}, follow=True)
    assert Part.objects.filter(pk=fitting.part.pk).exists()
    assert "fitted to" in response.content.decode()


def test_an_unused_part_of_his_own_is_deleted_through_the_service(client: Client) -> None:
    world = arena_world(start=False)
    staff_commissioner(client, world.commissioner)
    template = Part.objects.filter(league=world.league, shipped=True).first()
    assert template is not None
    client.post(reverse("admin:arenaball_part_add"), _form(template, key="junk", name="Junk"))
    part = Part.objects.get(league=world.league, key="junk")
    url = reverse("admin:arenaball_part_delete", args=[part.pk])
    assert client.get(url).status_code == 200
    response = client.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert not Part.objects.filter(pk=part.pk).exists()
    assert AuditEntry.objects.filter(action="arenaball.part.delete").count() == 1

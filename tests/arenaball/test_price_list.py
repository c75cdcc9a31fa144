"""A-T5 (issue #45, item 3): the commissioner prices his league's catalogue by importing a
price list (CSV), checked first with every problem named by row; and he sees the parts
without figures that hold his league's designs back."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from arenaball.design_input import FittingData, design_data_of
from arenaball.models import Design, Part
from arenaball.parts import part_update
from arenaball.price_list import price_list_import
from arenaball.services import design_save
from arenaball.unpriced import unpriced_in_use
from league.exchange.problems import ImportRefused
from league.models import AuditEntry
from tests.arenaball.admin_helpers import staff_commissioner
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db

GOOD = (
    b"key,name,kind,cost,weight,spaces\n"
    b"machine_gun,,,1000,150,1\n"
    b"light_laser,,,,500,\n"
    b'subcompact_body,Subcompact body,body,"$1,300",1000,7\n'
)


def _upload(client: Client, league, data: bytes, **extra):
    return client.post(
        reverse("admin:arenaball_part_import"),
        {"league": league.pk, "file": SimpleUploadedFile("prices.csv", data), **extra},
    )


def test_a_price_list_fills_the_catalogue_in_one_go_audited():
    world = arena_world(start=False)
    client = staff_commissioner(Client(), world.commissioner)
    checked = _upload(client, world.league, GOOD, check_only="on")
    assert "3 rows checked, nothing written" in checked.content.decode()
    assert Part.objects.get(league=world.league, key="machine_gun").cost is None

    response = _upload(client, world.league, GOOD)
    assert response.status_code == 302
    gun = Part.objects.get(league=world.league, key="machine_gun")
    assert (gun.cost, gun.weight, gun.spaces) == (1_000, 150, 1)
    laser = Part.objects.get(league=world.league, key="light_laser")
    assert (laser.cost, laser.weight) == (3_000, 500)  # the seed's $3,000 kept
    body = Part.objects.get(league=world.league, key="subcompact_body")
    assert (body.kind, body.cost, body.spaces, body.shipped) == ("body", 1_300, 7, False)
    assert AuditEntry.objects.filter(action="arenaball.part.update").count() == 2
    assert AuditEntry.objects.filter(action="arenaball.part.create").count() == 1


def test_every_problem_is_named_by_row_and_nothing_is_written():
    world = arena_world(start=False)
    bad = (
        b"key,name,kind,cost,weight,spaces\n"
        b"machine_gun,,,lots,150,1\n"
        b"death_ray,,,5000,10,1\n"
        b"machine_gun,,,900,,\n"
        b"flamethrower,,equipment,,,\n"
        b"BAD KEY!,,,1,1,1\n"
        b"rail_gun,Rail gun,cannon,1,1,1\n"
        b"light_laser,,,,-5,\n"
    )
    with pytest.raises(ImportRefused) as refused:
        price_list_import(league=world.league, data=bad, actor=world.commissioner)
    named = [(p.where, p.field) for p in refused.value.problems]
    assert named == [
        ("row 2", "cost"),
        ("row 3", "name"),
        ("row 3", "kind"),
        ("row 4", "key"),
        ("row 5", "kind"),
        ("row 6", "key"),
        ("row 7", "kind"),
        ("row 8", "weight"),
    ]
    messages = {(p.where, p.field): p.message for p in refused.value.problems}
    assert messages["row 2", "cost"] == (
        "Give a whole number of dollars, from 0 to 10,000,000: not 'lots'."
    )
    assert messages["row 3", "name"] == (
        "death_ray is not in the league's catalogue: name the new part."
    )
    assert messages["row 4", "key"] == ("The part machine_gun is priced already on row 2: once.")
    assert messages["row 5", "kind"] == "Flamethrower is a weapon: its kind stays."
    assert Part.objects.get(league=world.league, key="light_laser").weight is None
    assert not AuditEntry.objects.filter(action__startswith="arenaball.part").exists()

    client = staff_commissioner(Client(), world.commissioner)
    page = _upload(client, world.league, bad).content.decode()
    assert "Nothing was imported: 8 problems in the file." in page
    assert "The part machine_gun is priced already on row 2: once." in page


def test_the_commissioner_sees_the_unpriced_parts_that_hold_designs_back():
    world = arena_world(start=False)
    team = world.teams[0]
    gun = Part.objects.get(league=world.league, key="machine_gun")
    part_update(part=gun, actor=world.commissioner, changes={"cost": 0, "weight": 150})
    track = Design.objects.get(team=team, name="Track Car")
    data = design_data_of(track)
    with pytest.raises(Exception, match="no spare spaces"):
        design_save(
            team=team,
            actor=team.coach,
            data=dataclasses.replace(
                data, name="Gunship", fittings=(*data.fittings, FittingData("mg", "machine_gun"))
            ),
        )
    sheet = Part.objects.get(league=world.league, key="seed_track_car")
    part_update(part=sheet, actor=world.commissioner, changes={"spaces": 2})
    design_save(
        team=team,
        actor=team.coach,
        data=dataclasses.replace(
            data, name="Gunship", fittings=(*data.fittings, FittingData("mg", "machine_gun"))
        ),
    )
    part_update(part=gun, actor=world.commissioner, changes={"cost": None})

    [unpriced] = unpriced_in_use(league=world.league)
    assert unpriced.message == (
        "Machine gun has no price in this league's catalogue: ask the commissioner."
    )
    assert unpriced.designs == (f"Gunship ({team.short_name})",)
    client = staff_commissioner(Client(), world.commissioner)
    page = client.get(reverse("admin:arenaball_part_changelist")).content.decode()
    assert "Machine gun has no price in this league&#x27;s catalogue" in page
    assert f"Gunship ({team.short_name})" in page
    missing = client.get(reverse("admin:arenaball_part_changelist") + "?figures=missing")
    assert "Machine gun" in missing.content.decode()

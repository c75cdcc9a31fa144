"""Every admin link on the control pages leads somewhere that loads: filtered lists (the
admin answers 400 to a filter it does not know), confirmation pages and related objects."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.services import ResultReport, result_record
from injuries.models import Injury
from league.models import Result
from league.roles import commissioners_group
from rules.magnoball.dice import ScriptedDice
from tests.admin.test_admin_steps import change_url, report_for

pytestmark = pytest.mark.django_db

_LINK = re.compile(r'href="(/admin/[^"#]*)"')
_SKIP = ("/logout/", "/password/", "/delete/", "/jsi18n/")


def _links(html: str) -> set[str]:
    return {
        link.replace("&amp;", "&")
        for link in _LINK.findall(html)
        if not any(part in link for part in _SKIP)
    }


def test_every_link_on_the_control_pages_loads_for_a_commissioner(world, match_day):
    report = report_for(match_day, 2, 1)
    hurt = report.lines[1].player_id
    result_record(
        fixture=match_day,
        report=ResultReport(2, 1, lines=report.lines, incapacitated=(hurt,)),
        actor=world.commissioner,
        dice=ScriptedDice([6, 5]),
    )
    user = User.objects.get(pk=world.commissioner.pk)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    client = Client()
    client.force_login(user)
    result = Result.objects.get()
    pages = [
        reverse("admin:index"),
        change_url(world.league),
        change_url(world.season),
        change_url(match_day.round),
        change_url(match_day),
        change_url(result),
        change_url(world.home),
        change_url(world.home.players.first()),
        change_url(Injury.objects.get()),
    ]

    links: set[str] = set()
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        links |= _links(response.content.decode())

    assert len(links) > 60
    broken = {link: client.get(link).status_code for link in sorted(links)}
    assert {link: code for link, code in broken.items() if code != 200} == {}

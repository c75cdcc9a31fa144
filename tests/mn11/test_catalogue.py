"""E-S2: a league's Star Player catalogue: 12 base cards and 9 expansion ones, placeholders
until the commissioner names them (in the admin, audited), one league's names not another's."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry
from league.roles import commissioners_group
from league.services.leagues import league_create
from mn11.catalogue import league_stars, star_names_set
from rules.mn11 import StarPool

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner() -> User:
    user = User.objects.create_user("mn11-boss", password="correct horse battery", is_staff=True)
    user.groups.add(commissioners_group())
    return user


def test_the_pool_is_twelve_base_cards_and_nine_more_with_placeholders(commissioner):
    league = league_create(
        name="Card League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    assert len(league_stars(league=league, pool=StarPool.BASE)) == 12
    cards = league_stars(league=league)
    assert len(cards) == 21
    assert cards[0].name == "Star Player 1"
    assert cards[-1].name == "Expansion Star Player 9"


def test_the_commissioner_names_cards_and_only_his_league_changes(commissioner):
    league = league_create(
        name="Card League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    other = league_create(name="Other League", actor=None, ruleset="mn11")
    star_names_set(
        league=league,
        actor=commissioner,
        names={"base-01": "  Lionel   Ace ", "expansion-09": "Nine"},
    )
    assert league_stars(league=league)[0].name == "Lionel Ace"
    assert league_stars(league=other)[0].name == "Star Player 1"
    assert AuditEntry.objects.filter(action="mn11.star_names", league=league).count() == 1
    star_names_set(league=league, actor=commissioner, names={"base-01": ""})
    assert league_stars(league=league)[0].name == "Star Player 1"


def test_bad_names_and_strangers_are_refused_and_nothing_changes(commissioner):
    league = league_create(
        name="Card League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    stranger = User.objects.create_user("stranger")
    with pytest.raises(PermissionRefused):
        star_names_set(league=league, actor=stranger, names={"base-01": "Mine"})
    with pytest.raises(DomainError) as refused:
        star_names_set(
            league=league, actor=commissioner, names={"base-99": "Nobody", "base-02": "x" * 61}
        )
    assert set(refused.value.fields) == {"base-99", "base-02"}
    assert league_stars(league=league)[1].name == "Star Player 2"


def test_the_commissioner_names_them_in_the_admin(commissioner):
    league = league_create(
        name="Card League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    client = Client()
    client.force_login(commissioner)
    listing = client.get(reverse("admin:mn11_starname_changelist"))
    assert listing.status_code == 200
    url = reverse("admin:mn11_starname_league", args=[league.pk])
    assert url.encode() in listing.content
    page = client.get(url)
    assert page.status_code == 200
    assert len(page.context["form"].fields) == 21
    response = client.post(url, {"base-03": "Golden Boot"})
    assert response.status_code == 302
    assert league_stars(league=league)[2].name == "Golden Boot"

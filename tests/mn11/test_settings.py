"""A Magic Number Eleven season's settings (E-S2 … E-L1): the model mirrors the rules' settings
field for field, a new season inherits the league's last, bad values are refused by the rules,
and the season's admin page shows them until the season starts."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.errors import DomainError
from league.roles import commissioners_group
from league.services.leagues import league_create
from league.services.seasons import season_create, season_update_rules
from mn11.models import SeasonSettings
from mn11.season_settings import season_rules
from rules.mn11 import Mn11Settings

pytestmark = pytest.mark.django_db


def test_the_model_mirrors_the_rules_settings_field_for_field():
    model = {f.name for f in SeasonSettings._meta.concrete_fields} - {"season"}
    assert model == {f.name for f in dataclasses.fields(Mn11Settings)}
    assert SeasonSettings().to_rules() == Mn11Settings()


def test_a_new_season_inherits_the_last_and_the_rules_refuse_bad_values():
    league = league_create(name="Card League", actor=None, ruleset="mn11")
    first = season_create(league=league, name="2026", actor=None, rules={"stars_per_team": 2})
    second = season_create(league=league, name="2027", actor=None)
    assert season_rules(season=second).stars_per_team == 2
    with pytest.raises(DomainError):
        season_create(
            league=league, name="2028", actor=None, rules={"points_win": 0, "points_draw": 3}
        )
    with pytest.raises(DomainError):
        season_update_rules(season=first, changes={"tie_breakers": ["name", "points"]}, actor=None)
    assert season_rules(season=first).tie_breakers == Mn11Settings().tie_breakers


def test_the_seasons_admin_page_shows_the_settings_with_their_rule_ids():
    boss = User.objects.create_user("boss", password="x", is_staff=True)
    boss.groups.add(commissioners_group())
    league = league_create(name="Card League", actor=None, ruleset="mn11", commissioners=[boss])
    season = season_create(league=league, name="2026", actor=None)
    client = Client()
    client.force_login(boss)
    page = client.get(reverse("admin:league_season_change", args=[season.pk]))
    assert page.status_code == 200
    assert b"E-S2" in page.content
    assert b"E-L1" in page.content
    assert b"Simulate" not in page.content

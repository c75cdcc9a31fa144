"""The season settings inline: every setting once, help texts with rule ids, the tie-breakers
validated by the rules, read-only once the season has started."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib import admin
from django.test import RequestFactory

from arenaball.admin.season_settings import (
    SETTING_NAMES,
    SeasonSettingsForm,
    SeasonSettingsInline,
)
from arenaball.models import SeasonSettings
from league.models import Season
from rules.arenaball import ArenaballSettings
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db


def test_every_setting_once_with_its_rule_id() -> None:
    names = [field.name for field in dataclasses.fields(ArenaballSettings)]
    assert sorted(SETTING_NAMES) == sorted(names)
    form = SeasonSettingsForm()
    assert form.fields["budget"].help_text.startswith("A-T3 · ")


def test_the_tie_breakers_are_validated_by_the_rules() -> None:
    world = arena_world(start=False)
    row = SeasonSettings.objects.get(season=world.season)
    values = {name: getattr(row, name) for name in SETTING_NAMES}
    good = SeasonSettingsForm({**values, "tie_breakers": "points, kills, name"}, instance=row)
    assert good.is_valid(), good.errors
    assert good.cleaned_data["tie_breakers"] == ["points", "kills", "name"]
    bad = SeasonSettingsForm({**values, "tie_breakers": "kills, nonsense"}, instance=row)
    assert not bad.is_valid()
    assert "nonsense" in str(bad.errors["tie_breakers"])


def test_read_only_once_the_season_has_started() -> None:
    world = arena_world(start=True)
    inline = SeasonSettingsInline(Season, admin.site)
    request = RequestFactory().get("/")
    request.user = world.commissioner
    season = Season.objects.get(pk=world.season.pk)
    assert season.rules_frozen
    assert not inline.has_change_permission(request, season)
    assert set(inline.get_readonly_fields(request, season)) == set(SETTING_NAMES)

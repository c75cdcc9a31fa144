"""An Arenaball season's settings are validated as a form, in the admin and the API: every bad
value is an error beside its field and changes nothing; no value is a server error (issue
#45, item 4)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import api_token_create
from arenaball.models import SeasonSettings
from league.models import AuditEntry
from tests.admin.test_admin_behaviour import form_data
from tests.api.client import Api
from tests.arenaball.admin_helpers import staff_commissioner
from tests.arenaball.settings_values import FORM_BAD_VALUES, JSON_BAD_VALUES
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db

PREFIX = "arenaball_settings-0"


def _values(row: SeasonSettings) -> dict[str, Any]:
    return {f.name: getattr(row, f.name) for f in SeasonSettings._meta.concrete_fields}


def test_the_admin_names_every_bad_value_beside_its_field_and_saves_nothing() -> None:
    world = arena_world(start=False)
    client = staff_commissioner(Client(), world.commissioner)
    url = reverse("admin:league_season_change", args=[world.season.pk])
    page = client.get(url)
    assert page.status_code == 200
    before = _values(SeasonSettings.objects.get(season=world.season))
    for name, value, others, words in FORM_BAD_VALUES:
        data = form_data(page)
        data[f"{PREFIX}-{name}"] = value
        data |= {f"{PREFIX}-{other}": text for other, text in others.items()}
        response = client.post(url, data)
        assert response.status_code == 200, (name, value, response.status_code)
        (formset,) = [
            inline.formset
            for inline in response.context["inline_admin_formsets"]
            if inline.formset.prefix == "arenaball_settings"
        ]
        errors = formset.forms[0].errors
        assert name in errors, (name, value, errors)
        assert words in " ".join(errors[name]), (name, value, errors)
        html = response.content.decode()
        assert f'id="id_{PREFIX}-{name}"' in html
    assert _values(SeasonSettings.objects.get(season=world.season)) == before
    assert not AuditEntry.objects.filter(action="season.rules").exists()

    data = form_data(page)
    data[f"{PREFIX}-budget"] = "19000"
    data[f"{PREFIX}-points_draw"] = "0"
    response = client.post(url, data)
    assert response.status_code == 302
    row = SeasonSettings.objects.get(season=world.season)
    assert (row.budget, row.points_draw) == (19_000, 0)


def test_the_api_names_every_bad_value_beside_its_field_and_saves_nothing() -> None:
    world = arena_world(start=False)
    _, key = api_token_create(user=world.commissioner, name="settings", actor=None)
    api = Api(key)
    url = f"/api/v1/arenaball/seasons/{world.season.pk}/settings/"
    before = _values(SeasonSettings.objects.get(season=world.season))
    for name, value, others in JSON_BAD_VALUES:
        body = {name: value, **others}
        response = api.patch(url, body)
        assert response.status_code == 400, (name, value, response.content)
        error = response.json()["error"]
        assert error["code"] == "invalid_rule"
        assert name in error["fields"], (name, value, error)
    response = api.patch(url, {"budget": 19_000, "nonsense": 1})
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["nonsense"] == ["Unknown setting."]
    assert _values(SeasonSettings.objects.get(season=world.season)) == before

    response = api.patch(url, {"budget": 19_000, "substitutes": False})
    assert response.status_code == 200, response.content
    assert (response.json()["budget"], response.json()["substitutes"]) == (19_000, False)
    assert Api().get(url).status_code in (200, 401)
    assert AuditEntry.objects.filter(action="season.rules").count() == 1


def test_the_api_refuses_a_coach_and_a_started_seasons_settings() -> None:
    world = arena_world(start=True)
    _, key = api_token_create(user=world.coaches[0], name="coach", actor=None)
    url = f"/api/v1/arenaball/seasons/{world.season.pk}/settings/"
    assert Api(key).patch(url, {"budget": 19_000}).status_code == 403
    _, key = api_token_create(user=world.commissioner, name="boss", actor=None)
    response = Api(key).patch(url, {"budget": 19_000})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "rules_frozen"
    assert Api(key).get(url).json()["budget"] == 20_000

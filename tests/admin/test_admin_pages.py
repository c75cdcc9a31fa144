"""Every model of the four apps has an admin whose pages load, and whose changelists cost the
same number of queries however many rows they show."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import connection, models
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.admin.conftest import AdminWorld, build_world

APP_LABELS = ("league", "rosters", "injuries", "games")
MODELS = [model for label in APP_LABELS for model in apps.get_app_config(label).get_models()]


def _id(model: type[models.Model]) -> str:
    return f"{model._meta.app_label}.{model.__name__}"


def admin_url(model: type[models.Model], view: str, *args: object) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_model_of_the_four_apps_has_an_admin():
    missing = [_id(model) for model in MODELS if model not in admin.site._registry]
    assert not missing


def test_every_admin_orders_its_changelist_and_selects_related_rows():
    for model in MODELS:
        model_admin = admin.site._registry[model]
        assert model_admin.ordering, _id(model)
        assert model_admin.search_fields, _id(model)
        assert model_admin.list_display != ("__str__",), _id(model)


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_changelist_loads_with_rows(superuser_client: Client, admin_world: AdminWorld, model):
    response = superuser_client.get(admin_url(model, "changelist"))

    assert response.status_code == 200
    assert response.context["cl"].result_count > 0


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_changelist_search_and_filters_load(
    superuser_client: Client, admin_world: AdminWorld, model
):
    response = superuser_client.get(admin_url(model, "changelist"), {"q": "North"})

    assert response.status_code == 200


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_change_page_loads(superuser_client: Client, admin_world: AdminWorld, model):
    obj = model._default_manager.order_by("pk").first()

    response = superuser_client.get(admin_url(model, "change", obj.pk))

    assert response.status_code == 200


#: Added in the admin through their services; every other row comes from a service only.
ADDABLE = {"league.League", "league.Season", "league.Team"}


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_only_leagues_seasons_and_teams_can_be_added(
    superuser_client: Client, admin_world: AdminWorld, model
):
    response = superuser_client.get(admin_url(model, "add"))

    assert response.status_code == (200 if _id(model) in ADDABLE else 403)


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_changelist_queries_do_not_grow_with_the_number_of_rows(
    superuser_client: Client, superuser, admin_world: AdminWorld, model
):
    url = admin_url(model, "changelist")
    superuser_client.get(url)  # Warm the per-process caches (content types, session).
    with CaptureQueriesContext(connection) as few:
        response = superuser_client.get(url)
    rows_before = response.context["cl"].result_count

    build_world(name="South", teams=6, played=5, actor=superuser)
    with CaptureQueriesContext(connection) as many:
        response = superuser_client.get(url)

    assert response.context["cl"].result_count > rows_before
    assert len(many) == len(few), "\n".join(query["sql"] for query in many.captured_queries)

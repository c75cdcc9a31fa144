"""Every model of the four apps has an admin whose pages load, whose changelists cost the
same number of queries however many rows they show, for a superuser and for a commissioner,
and which refuses with a message what the services alone may write."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import connection, models
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.admin.base import LeagueModelAdmin
from league.services.people import user_invite
from tests.world import PlayedLeague, make_commissioner, played_league_build

APP_LABELS = ("league", "rosters", "injuries", "games")
#: The REST API's own rows (api/admin.py): per user, not per league; the API's tests
#: cover their admin.
API_MODELS = {"league.ApiToken", "league.IdempotencyRecord"}
#: Invitations have no admin of their own: the people's admin shows them.
PEOPLE_MODELS = {"league.Invitation"}
#: Divisions have no admin of their own: their season's page sets them up (an inline,
#: tests/admin/test_admin_divisions.py).
SEASON_INLINE_MODELS = {"league.Division"}
#: The pages' cache versions (league/page_versions.py): bumped by triggers, no one edits them.
INTERNAL_MODELS = {"league.PageVersion"}


def _id(model: type[models.Model]) -> str:
    return f"{model._meta.app_label}.{model.__name__}"


MODELS = [
    model
    for label in APP_LABELS
    for model in apps.get_app_config(label).get_models()
    if _id(model) not in API_MODELS | PEOPLE_MODELS | INTERNAL_MODELS | SEASON_INLINE_MODELS
]
#: Every changelist the query-count test measures: the four apps' and the people's.
CHANGELISTS = [*MODELS, User]


@pytest.fixture
def admin_world(north_once: PlayedLeague, db: None) -> PlayedLeague:
    """North, run by `north_commissioner`, built once for this module: each test rolls back
    to it."""
    return north_once.fetched_again()


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
def test_changelist_loads_with_rows(superuser_client: Client, admin_world: PlayedLeague, model):
    response = superuser_client.get(admin_url(model, "changelist"))

    assert response.status_code == 200
    assert response.context["cl"].result_count > 0


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_changelist_search_and_filters_load(
    superuser_client: Client, admin_world: PlayedLeague, model
):
    response = superuser_client.get(admin_url(model, "changelist"), {"q": "North"})

    assert response.status_code == 200


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_change_page_loads(superuser_client: Client, admin_world: PlayedLeague, model):
    obj = model._default_manager.order_by("pk").first()

    response = superuser_client.get(admin_url(model, "change", obj.pk))

    assert response.status_code == 200
    assert b"Audit log" in response.content


#: Added in the admin through their services; every other row comes from a service only.
ADDABLE = {"league.League", "league.Season", "league.Team"}


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_only_leagues_seasons_and_teams_can_be_added_and_the_rest_say_why(
    superuser_client: Client, admin_world: PlayedLeague, model
):
    response = superuser_client.get(admin_url(model, "add"), follow=True)

    if _id(model) in ADDABLE:
        assert response.redirect_chain == []
        assert response.status_code == 200
        return
    assert response.redirect_chain == [(admin_url(model, "changelist"), 302)]
    model_admin = admin.site._registry[model]
    reason = getattr(model_admin, "read_only_reason", None) or model_admin.add_refusal
    assert [str(message) for message in response.context["messages"]] == [reason]
    assert reason != LeagueModelAdmin.add_refusal, "say where these rows come from"


@pytest.mark.parametrize("model", MODELS, ids=_id)
def test_nothing_is_deleted_by_hand_and_the_delete_page_says_why(
    superuser_client: Client, admin_world: PlayedLeague, model
):
    obj = model._default_manager.order_by("pk").first()

    response = superuser_client.post(admin_url(model, "delete", obj.pk), {"post": "yes"})

    assert response.status_code == 302
    assert model._default_manager.filter(pk=obj.pk).exists()
    messages = [str(m) for m in response.wsgi_request._messages]
    assert len(messages) == 1
    assert len(messages[0]) > 40  # A sentence saying why, not a bare refusal.


def _count(client: Client, url: str) -> tuple[int, int, str]:
    client.get(url)  # Warm the per-process caches (content types, session).
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    sql = "\n".join(query["sql"] for query in queries.captured_queries)
    return len(queries), response.context["cl"].result_count, sql


@pytest.mark.parametrize("model", CHANGELISTS, ids=_id)
def test_changelist_queries_do_not_grow_with_the_number_of_rows(
    superuser_client: Client, superuser, admin_world: PlayedLeague, model
):
    url = admin_url(model, "changelist")
    few, rows_before, _ = _count(superuser_client, url)

    south = [make_commissioner(f"south{index}") for index in range(3)]
    played_league_build(name="South", teams=6, actor=superuser, commissioners=tuple(south))
    many, rows_after, sql = _count(superuser_client, url)

    assert rows_after > rows_before
    assert many == few, sql


@pytest.mark.parametrize("model", CHANGELISTS, ids=_id)
def test_a_commissioners_changelist_queries_do_not_grow_with_the_number_of_rows(
    commissioner_client: Client, north_commissioner, superuser, admin_world: PlayedLeague, model
):
    """The scoping (a subquery on his leagues) adds no query per row either."""
    north = admin_world  # His league.
    if model is User:
        # Invited to his league, in no team yet: he may pick him as a coach.
        user_invite(username="newcomer", email="", league=north.league, actor=None)
    url = admin_url(model, "changelist")
    few, rows_before, _ = _count(commissioner_client, url)

    west = played_league_build(
        name="West", teams=6, actor=superuser, commissioners=(north_commissioner,)
    )
    if model is User:
        for index in range(4):
            user_invite(username=f"another{index}", email="", league=west.league, actor=None)
    many, rows_after, sql = _count(commissioner_client, url)

    assert rows_after > rows_before
    assert many == few, sql

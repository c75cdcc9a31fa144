"""A webhook URL's secrets (its query string, its user name and password) are for its owner
only (issue #44: a coach's URL with its query-string key was shown to his commissioner and
copied into the league's export by the audit log). Others, the audit log, the admin and the
export see ``https://hooks.example/in?…``."""

from __future__ import annotations

import json

import pytest
from django.contrib.contenttypes.models import ContentType

from league.exchange.document_export import league_document_export
from league.models import AuditEntry
from league.webhooks.models import Subscription
from league.webhooks.services.sending import subscription_switch_off
from league.webhooks.services.subscriptions import subscription_create, subscription_delete
from tests.webhooks.test_pages_and_api import api_for, web_for

pytestmark = pytest.mark.django_db

KEY = "s3cret-KEY"
URL = f"https://hooks.example/in?key={KEY}"
SHOWN = "https://hooks.example/in?…"


@pytest.fixture
def coach_hook(world) -> Subscription:
    return subscription_create(
        owner=world.home_coach, league=world.league, team=world.home, url=URL,
        events=["result.recorded"],
    )  # fmt: skip


def test_the_owner_sees_it_whole_and_his_commissioner_without_its_key(world, coach_hook):
    mine = api_for(world, "coach").get("/api/v1/webhooks/").json()["results"]
    theirs = api_for(world, "commissioner").get("/api/v1/webhooks/").json()["results"]
    assert [hook["url"] for hook in mine] == [URL]
    assert [hook["url"] for hook in theirs] == [SHOWN]

    page = web_for(world, "commissioner").get(f"/account/webhooks/{coach_hook.pk}/")
    assert page.status_code == 200
    assert KEY not in page.content.decode()
    assert SHOWN in page.content.decode()
    own = web_for(world, "coach").get(f"/account/webhooks/{coach_hook.pk}/")
    assert KEY in own.content.decode()


def test_the_admin_shows_it_without_its_key(world, coach_hook, superuser, client):
    client.force_login(superuser)
    for path in (
        "/admin/webhooks/subscription/",
        f"/admin/webhooks/subscription/{coach_hook.pk}/change/",
    ):
        page = client.get(path)
        assert page.status_code == 200, path
        assert KEY not in page.content.decode(), path


def test_the_audit_log_and_the_export_keep_no_key(world, coach_hook):
    subscription_switch_off(subscription=coach_hook, reason="Switched off after 10 failures")
    # An entry written before the log kept secrets out, as an old installation has it.
    AuditEntry.objects.create(
        league=world.league, action="webhook.create",
        content_type=ContentType.objects.get_for_model(Subscription),
        object_id=str(coach_hook.pk), object_repr=f"{URL} (Home Hammers)",
        message=f"Webhook to {URL} for Home Hammers", after={"url": URL},
    )  # fmt: skip
    subscription_delete(subscription=coach_hook, actor=world.commissioner)

    entries = AuditEntry.objects.filter(action__startswith="webhook.")
    written = [e for e in entries if e.message != f"Webhook to {URL} for Home Hammers"]
    assert len(written) == 3  # created, switched off, deleted: by the services
    assert all(
        KEY not in json.dumps([e.message, e.object_repr, e.before, e.after]) for e in written
    )
    assert KEY not in json.dumps(league_document_export(league_id=world.league.pk))

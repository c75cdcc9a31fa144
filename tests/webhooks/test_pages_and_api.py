"""Who may do what with webhooks, on the Webhooks page, in the API and in the admin: a
commissioner for his league, a coach for his team, nobody else; and what each sees."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import api_token_create
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.subscriptions import subscription_test
from tests.api.client import Api
from tests.webhooks.conftest import subscribe
from tests.world import make_commissioner, sign_in

URL = "https://hooks.example.com/in"
ROLES = ("commissioner", "coach", "other_coach", "outsider", "anonymous")


def user_of(world, role):
    return {
        "commissioner": world.commissioner,
        "coach": world.home_coach,
        "other_coach": world.away_coach,
        "outsider": world.outsider,
        "anonymous": None,
    }[role]


def api_for(world, role) -> Api:
    user = user_of(world, role)
    if user is None:
        return Api()
    _, key = api_token_create(user=user, name="hooks", actor=None)
    return Api(key)


def web_for(world, role) -> Client:
    client = Client()
    user = user_of(world, role)
    if user is not None:
        sign_in(client, user)
    return client


@pytest.fixture
def coach_hook(world) -> Subscription:
    return subscribe(world.league, world.home_coach, URL, team=world.home)


# --- the API ------------------------------------------------------------------------------------

LEAGUE_WIDE = {"commissioner": 201, "coach": 403, "other_coach": 403, "outsider": 403}
FOR_HOME = {"commissioner": 201, "coach": 201, "other_coach": 403, "outsider": 403}


@pytest.mark.parametrize("role", ROLES)
def test_api_who_may_subscribe_the_league_or_a_team(world, role):
    api = api_for(world, role)
    body = {"url": URL, "events": ["result.recorded"]}
    whole = api.post("/api/v1/webhooks/", {**body, "league": world.league.pk})
    team = api.post("/api/v1/webhooks/", {**body, "team": world.home.pk})
    if role == "anonymous":
        assert (whole.status_code, team.status_code) == (401, 401)
        assert whole.json()["error"]["code"] == "not_authenticated"
        assert not Subscription.objects.exists()
        return
    assert whole.status_code == LEAGUE_WIDE[role], whole.json()
    assert team.status_code == FOR_HOME[role], team.json()
    if team.status_code == 201:
        made = team.json()
        assert made["secret"].startswith("whsec_")
        assert made["team"] == world.home.pk
    else:
        assert team.json()["error"]["code"] == "forbidden"
    expected = sum(status == 201 for status in (whole.status_code, team.status_code))
    assert Subscription.objects.count() == expected


@pytest.mark.parametrize("role", ROLES)
def test_api_who_may_see_test_redeliver_and_delete_a_coachs_webhook(
    world, coach_hook, role, broker
):
    api = api_for(world, role)
    base = f"/api/v1/webhooks/{coach_hook.pk}/"
    expected = {
        "commissioner": 200,
        "coach": 200,
        "other_coach": 404,
        "outsider": 404,
        "anonymous": 401,
    }[role]
    assert api.get(base).status_code == expected
    tested = api.post(base + "test/")
    assert tested.status_code == (202 if expected == 200 else expected)
    if expected == 200:
        delivery_id = tested.json()["id"]
        redelivered = api.post(f"{base}deliveries/{delivery_id}/redeliver/")
        assert redelivered.status_code == 202
        assert redelivered.json()["event_id"] == tested.json()["event_id"]
        listed = api.get(base + "deliveries/").json()["results"]
        assert [d["sequence"] for d in listed] == [2, 1]
    assert api.delete(base).status_code == (204 if expected == 200 else expected)
    assert Subscription.objects.filter(pk=coach_hook.pk).exists() == (expected != 200)


def test_api_shows_the_secret_to_its_owner_only(world, coach_hook):
    mine = api_for(world, "coach").get("/api/v1/webhooks/").json()["results"]
    assert mine[0]["secret"] == coach_hook.secret
    commissioners = api_for(world, "commissioner").get("/api/v1/webhooks/").json()["results"]
    assert [row["id"] for row in commissioners] == [coach_hook.pk]
    assert commissioners[0]["secret"] is None
    assert api_for(world, "other_coach").get("/api/v1/webhooks/").json()["results"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "http://127.0.0.1/in", "events": ["result.recorded"]}, "url"),
        ({"url": "ftp://hooks.example.com/", "events": ["result.recorded"]}, "url"),
        ({"url": URL, "events": []}, "events"),
        ({"url": URL, "events": ["result.lost"]}, "events"),
        ({"url": URL, "events": ["export.ready"]}, "events"),  # the commissioners' only
        ({"url": URL, "events": "result.recorded"}, "events"),
        ({"events": ["result.recorded"]}, "url"),
    ],
)
def test_api_bad_input_is_refused_and_changes_nothing(world, body, field):
    answer = api_for(world, "coach").post("/api/v1/webhooks/", {**body, "team": world.home.pk})
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["error"]["fields"]
    assert not Subscription.objects.exists()


def test_api_a_switched_off_webhook_takes_no_test_until_switched_on(world, coach_hook, broker):
    Subscription.objects.filter(pk=coach_hook.pk).update(active=False, disabled_reason="Broken")
    api = api_for(world, "coach")
    refused = api.post(f"/api/v1/webhooks/{coach_hook.pk}/test/")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "switched_off"
    switched = api.post(f"/api/v1/webhooks/{coach_hook.pk}/switch-on/")
    assert switched.status_code == 200
    assert switched.json()["active"] is True
    assert api.post(f"/api/v1/webhooks/{coach_hook.pk}/test/").status_code == 202


def test_api_the_schema_describes_the_webhooks(world):
    schema = Api().get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    text = schema.content.decode()
    assert "/api/v1/webhooks/{webhook_id}/test/" in text
    assert "MagnoBall-Signature" in text


# --- the Webhooks page --------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_page_who_may_add_a_webhook_for_the_home_team(world, role):
    client = web_for(world, role)
    answer = client.post(
        reverse("webhooks"),
        {"place": f"team-{world.home.pk}", "url": URL, "events": ["result.recorded"]},
    )
    if role == "anonymous":
        assert answer.status_code == 302
        assert "/accounts/login/" in answer["Location"]
    elif role in ("commissioner", "coach"):
        made = Subscription.objects.get()
        assert answer.status_code == 302
        assert answer["Location"] == reverse("webhook", args=[made.pk])
        page = client.get(answer["Location"])
        assert made.secret in page.content.decode()  # its owner sees the secret
    else:  # the home team is not among their choices
        assert answer.status_code == 400
    assert Subscription.objects.count() == (1 if role in ("commissioner", "coach") else 0)


@pytest.mark.parametrize("role", ROLES)
def test_page_who_may_test_and_delete_a_coachs_webhook(world, coach_hook, role, broker):
    client = web_for(world, role)
    page = client.get(reverse("webhook", args=[coach_hook.pk]))
    tested = client.post(reverse("webhook-test", args=[coach_hook.pk]))
    pings = Delivery.objects.filter(event_type="ping").count()
    deleted = client.post(reverse("webhook-delete", args=[coach_hook.pk]))
    if role == "anonymous":
        assert {page.status_code, tested.status_code, deleted.status_code} == {302}
    elif role in ("commissioner", "coach"):
        assert page.status_code == 200
        assert (coach_hook.secret in page.content.decode()) == (role == "coach")
        assert tested.status_code == 302
        assert deleted.status_code == 302
        assert deleted["Location"] == reverse("webhooks")
    else:
        assert {page.status_code, tested.status_code, deleted.status_code} == {404}
    gone = role in ("commissioner", "coach")
    assert pings == (1 if gone else 0)
    assert Subscription.objects.filter(pk=coach_hook.pk).exists() != gone


def test_page_lists_deliveries_with_codes_and_a_switched_off_notice(world, coach_hook, broker):
    delivery = subscription_test(subscription=coach_hook, actor=world.home_coach)
    Delivery.objects.filter(pk=delivery.pk).update(
        status="retrying", attempts=3, last_response_code=503, last_error=""
    )
    Subscription.objects.filter(pk=coach_hook.pk).update(
        active=False, disabled_reason="Switched off after 10 failed attempts in a row"
    )
    client = web_for(world, "coach")
    listing = client.get(reverse("webhooks")).content.decode()
    assert "Switched off after 10 failed attempts" in listing
    detail = client.get(reverse("webhook", args=[coach_hook.pk])).content.decode()
    assert "503" in detail
    assert "Switch it on again" in detail
    assert "Send test event" not in detail
    assert client.post(reverse("webhook-switch-on", args=[coach_hook.pk])).status_code == 302
    coach_hook.refresh_from_db()
    assert coach_hook.active
    assert coach_hook.failure_count == 0


def test_my_teams_links_to_the_webhooks_page(world):
    page = web_for(world, "coach").get(reverse("my-teams")).content.decode()
    assert reverse("webhooks") in page


def test_a_visitor_with_nothing_to_subscribe_is_told_why(world):
    page = web_for(world, "outsider").get(reverse("webhooks")).content.decode()
    assert "nothing to subscribe to" in page


# --- the admin ----------------------------------------------------------------------------------


def test_admin_shows_a_commissioners_webhooks_only_and_sends_a_test(world, coach_hook, broker):
    world.commissioner.is_staff = True
    world.commissioner.save()
    from league.roles import commissioners_group

    world.commissioner.groups.add(commissioners_group())
    client = web_for(world, "commissioner")
    listing = client.get(reverse("admin:webhooks_subscription_changelist"))
    assert listing.status_code == 200
    assert URL in listing.content.decode()
    page = client.get(reverse("admin:webhooks_subscription_change", args=[coach_hook.pk]))
    assert coach_hook.secret not in page.content.decode()
    step = reverse("admin:webhooks_subscription_step", args=[coach_hook.pk, "test"])
    assert client.post(step).status_code == 302
    ping = Delivery.objects.get(event_type="ping")
    redeliver = reverse("admin:webhooks_delivery_step", args=[ping.pk, "redeliver"])
    assert client.post(redeliver).status_code == 302
    assert Delivery.objects.filter(event_id=ping.event_id).count() == 2
    log = client.get(reverse("admin:webhooks_delivery_changelist")).content.decode()
    assert "ping" in log

    other = make_commissioner("elsewhere")
    stranger = Client()
    sign_in(stranger, other)
    listing = stranger.get(reverse("admin:webhooks_subscription_changelist"))
    assert URL not in listing.content.decode()
    assert stranger.post(step).status_code == 302  # "doesn't exist" back to the index
    assert Delivery.objects.filter(event_type="ping").count() == 2


@pytest.mark.parametrize("role", ROLES)
def test_page_who_may_redeliver_and_switch_on_a_coachs_webhook(world, coach_hook, role, broker):
    ping = subscription_test(subscription=coach_hook, actor=world.home_coach)
    client = web_for(world, role)
    redeliver = reverse("webhook-redeliver", args=[coach_hook.pk, ping.pk])
    redelivered = client.post(redeliver)
    Subscription.objects.filter(pk=coach_hook.pk).update(active=False, disabled_reason="Broken")
    switched = client.post(reverse("webhook-switch-on", args=[coach_hook.pk]))
    coach_hook.refresh_from_db()
    allowed = role in ("commissioner", "coach")
    if role == "anonymous":
        assert (redelivered.status_code, switched.status_code) == (302, 302)
        assert "/accounts/login/" in switched["Location"]
    elif allowed:
        assert (
            redelivered["Location"]
            == switched["Location"]
            == reverse("webhook", args=[coach_hook.pk])
        )
    else:
        assert (redelivered.status_code, switched.status_code) == (404, 404)
    assert Delivery.objects.filter(event_id=ping.event_id).count() == (2 if allowed else 1)
    assert coach_hook.active == allowed


def test_admin_is_closed_to_coaches(world, coach_hook):
    client = web_for(world, "coach")
    answer = client.get(reverse("admin:webhooks_subscription_changelist"))
    assert answer.status_code == 302
    assert "/admin/login/" in answer["Location"]

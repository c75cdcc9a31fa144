"""Webhook deliveries end to end, to a real local HTTP receiver: signed, retried after a
500, in order per subscription, never for a rolled-back transaction, never to a private
address unless allowed, switched off after repeated failure, safe to run twice."""

from __future__ import annotations

import json
import re
import socket
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from games.services import ResultReport, result_correct, result_record, result_void
from league.models import AuditEntry
from league.webhooks import tasks
from league.webhooks.addresses import AddressRefused, target_resolve, url_problem
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.events import event_publish
from league.webhooks.services.sending import deliveries_sweep, delivery_send
from tests.webhooks.conftest import subscribe

DOCS = Path(__file__).resolve().parents[2] / "docs" / "data.md"


def doc_verify():
    """The verification snippet of docs/data.md's "Webhooks", run verbatim."""
    text = DOCS.read_text()
    section = text[text.index("## Webhooks") :]
    (snippet,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)[:1]
    namespace: dict[str, object] = {}
    exec(compile(snippet, str(DOCS), "exec"), namespace)
    return namespace["verify"]


def test_a_recorded_result_reaches_a_script_signed_within_seconds(
    world, match_day, receiver, broker, allow_private, django_capture_on_commit_callbacks
):
    subscription = subscribe(world.league, world.commissioner, receiver.url)
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        result_record(fixture=match_day, report=ResultReport(0, 0), actor=world.home_coach)
    assert broker.drain() == ["delivered (200)"]
    assert time.monotonic() - started < 5
    (request,) = receiver.received
    verify = doc_verify()
    assert verify(subscription.secret, request.headers["MagnoBall-Signature"], request.body)
    assert request.headers["MagnoBall-Event"] == "result.recorded"
    delivery = Delivery.objects.get()
    assert request.headers["MagnoBall-Delivery"] == str(delivery.pk)
    payload = request.payload
    assert payload["type"] == "result.recorded"
    assert payload["version"] == 1
    assert payload["id"] == str(delivery.event_id)
    assert payload["league"]["slug"] == world.league.slug
    assert payload["data"]["result"]["home_score"] == 0
    fixture = payload["data"]["fixture"]
    assert fixture["url"] == f"https://league.example/fixtures/{match_day.pk}/"
    assert fixture["api_url"] == f"https://league.example/api/v1/fixtures/{match_day.pk}/"
    assert delivery.status == Delivery.Status.DELIVERED
    assert delivery.last_response_code == 200


def test_the_documented_check_refuses_a_forged_body_a_wrong_secret_and_an_old_timestamp(
    world, match_day, receiver, broker, allow_private, django_capture_on_commit_callbacks
):
    subscription = subscribe(world.league, world.commissioner, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    broker.drain()
    (request,) = receiver.received
    verify = doc_verify()
    header = request.headers["MagnoBall-Signature"]
    assert verify(subscription.secret, header, request.body)
    assert not verify(subscription.secret, header, request.body.replace(b"0", b"9", 1))
    assert not verify("whsec_not-the-secret", header, request.body)
    assert not verify(subscription.secret, "garbage", request.body)
    assert not verify(subscription.secret, header, request.body, tolerance=-1)


def test_a_500_is_retried_on_the_schedule_and_then_delivered(
    world, match_day, receiver, broker, allow_private, django_capture_on_commit_callbacks
):
    subscription = subscribe(world.league, world.commissioner, receiver.url)
    receiver.script.extend([500])
    with django_capture_on_commit_callbacks(execute=True):
        result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    assert broker.drain() == ["retrying: 500"]
    delivery = Delivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.last_response_code) == ("retrying", 1, 500)
    assert delivery.last_response_excerpt == "receiver says no"
    wait = (delivery.next_attempt_at - timezone.now()).total_seconds()
    assert 25 < wait <= 30  # WEBHOOKS_RETRY_SCHEDULE's first step
    assert broker.sent == [(delivery.pk, 30)]
    assert delivery_send(delivery_id=delivery.pk) == "nothing to do"  # not due yet
    later = delivery.next_attempt_at + timedelta(seconds=1)
    assert delivery_send(delivery_id=delivery.pk, now=later) == "delivered (200)"
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 2)
    assert len(receiver.received) == 2
    assert receiver.received[0].body == receiver.received[1].body
    subscription.refresh_from_db()
    assert subscription.failure_count == 0


def test_a_subscriptions_deliveries_go_out_in_order(
    world, match_day, receiver, broker, allow_private, django_capture_on_commit_callbacks
):
    subscription = subscribe(
        world.league,
        world.commissioner,
        receiver.url,
        events=("result.recorded", "result.corrected", "result.voided"),
    )
    receiver.script.extend([500])
    with django_capture_on_commit_callbacks(execute=True):
        result = result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
        result_correct(result=result, report=ResultReport(0, 0), actor=world.commissioner)
        result_void(result=result, actor=world.commissioner)
    broker.drain()
    first, second, third = Delivery.objects.order_by("sequence")
    assert [d.sequence for d in (first, second, third)] == [1, 2, 3]
    assert len(receiver.received) == 1  # the first failed; the others wait their turn
    assert (second.status, third.status) == ("pending", "pending")
    assert delivery_send(delivery_id=third.pk) == "nothing to do"
    delivery_send(delivery_id=first.pk, now=first.next_attempt_at + timedelta(seconds=1))
    broker.drain()  # the first's success queues the next, and so on
    types = [r.headers["MagnoBall-Event"] for r in receiver.received]
    assert types == ["result.recorded", "result.recorded", "result.corrected", "result.voided"]
    assert set(subscription.deliveries.values_list("status", flat=True)) == {"delivered"}


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_transaction_delivers_nothing(receiver, broker, allow_private):
    from tests.world import match_day_open, world_build

    world = world_build()
    fixture = match_day_open(world)
    subscribe(world.league, world.commissioner, receiver.url)
    seen = []

    def request_that_fails() -> None:
        with transaction.atomic():
            result_record(fixture=fixture, report=ResultReport(0, 0), actor=None)
            seen.append(Delivery.objects.count())
            raise RuntimeError("the request failed after the result")

    with pytest.raises(RuntimeError):
        request_that_fails()
    assert seen == [1]  # the delivery was stored in the transaction, and rolled back with it
    assert not Delivery.objects.exists()
    assert broker.sent == []
    result_record(fixture=fixture, report=ResultReport(0, 0), actor=None)  # commits
    assert broker.drain() == ["delivered (200)"]
    assert len(receiver.received) == 1


def test_a_private_address_is_refused_unless_allowed(
    world, receiver, broker, settings, monkeypatch
):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    for url in (
        receiver.url,
        "http://10.1.2.3/hook",
        "http://[::1]/hook",
        "http://169.254.169.254/latest",
        "http://localhost:8000/",
        "ftp://example.com/",
        "http://user:pw@example.com/",
    ):
        assert url_problem(url), url
    assert url_problem("https://hooks.example.com/in") == ""

    # A public name that resolves to a private address is refused when it is sent.
    def resolve(host, port, *args, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    with pytest.raises(AddressRefused, match=r"127\.0\.0\.1"):
        target_resolve(f"http://hooks.example.com:{receiver.port}/in")
    subscribe(world.league, world.commissioner, f"http://hooks.example.com:{receiver.port}/in")
    ids = broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    broker.drain()
    delivery = Delivery.objects.get(pk=ids[0])
    assert delivery.status == "retrying"
    assert "private or reserved" in delivery.last_error
    assert receiver.received == []


def test_the_checked_address_is_the_one_connected_to(
    world, receiver, broker, settings, monkeypatch
):
    """DNS rebinding: the name is resolved once per attempt and the connection goes to that
    address, with the URL's host name in the Host header."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    looked_up = []

    def resolve(host, port, *args, **kwargs):
        if not host[0].isdigit():  # the connection's own look-up of the checked address
            looked_up.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    subscribe(world.league, world.commissioner, f"http://hooks.example.test:{receiver.port}/in")
    broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    assert broker.drain() == ["delivered (200)"]
    assert looked_up == ["hooks.example.test"]
    assert receiver.received[0].headers["Host"] == f"hooks.example.test:{receiver.port}"


def test_a_redirect_is_not_followed(world, receiver, broker, allow_private):
    subscribe(world.league, world.commissioner, receiver.url)
    receiver.script.extend([302])
    broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    assert broker.drain() == ["retrying: Redirects are not followed."]
    assert len(receiver.received) == 1


def test_a_slow_receiver_times_out(world, receiver, broker, allow_private, settings):
    settings.WEBHOOKS_READ_TIMEOUT = 1
    receiver.delay = 1.5
    subscribe(world.league, world.commissioner, receiver.url)
    broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    (outcome,) = broker.drain()
    assert outcome.startswith("retrying:")
    assert "timed out" in outcome.lower()


def test_repeated_failure_switches_the_subscription_off_and_tells_its_owner(
    world, receiver, broker, allow_private, settings, django_capture_on_commit_callbacks
):
    settings.WEBHOOKS_DISABLE_AFTER = 3
    settings.WEBHOOKS_RETRY_SCHEDULE = [1, 1, 1, 1, 1]
    world.commissioner.email = "commissioner@example.com"
    world.commissioner.save()
    subscription = subscribe(world.league, world.commissioner, receiver.url)
    receiver.script.extend([500] * 10)
    with django_capture_on_commit_callbacks(execute=True):
        event_publish(league_id=world.league.pk, event="result.recorded", data={})
        event_publish(league_id=world.league.pk, event="result.recorded", data={})
    first, second = Delivery.objects.order_by("sequence")
    with django_capture_on_commit_callbacks(execute=True):
        for attempt in range(3):
            delivery_send(delivery_id=first.pk, now=timezone.now() + timedelta(seconds=5 * attempt))
    subscription.refresh_from_db()
    assert not subscription.active
    assert subscription.disabled_at is not None
    assert "3 failed attempts in a row" in subscription.disabled_reason
    assert AuditEntry.objects.filter(action="webhook.switch_off", league=world.league).exists()
    assert set(Delivery.objects.values_list("status", flat=True)) == {"failed"}
    (notice,) = mail.outbox
    assert notice.to == ["commissioner@example.com"]
    assert receiver.url in notice.body
    # Switched off: nothing more is sent, nor published to it.
    assert event_publish(league_id=world.league.pk, event="result.recorded", data={}) == []
    assert delivery_send(delivery_id=second.pk, now=timezone.now() + timedelta(hours=1)) == (
        "nothing to do"
    )


def test_a_delivery_given_up_lets_the_next_one_go(world, receiver, broker, allow_private, settings):
    settings.WEBHOOKS_RETRY_SCHEDULE = [1]
    subscribe(world.league, world.commissioner, receiver.url)
    receiver.script.extend([500, 500])
    broker.publish(league_id=world.league.pk, event="result.recorded", data={"n": 1})
    broker.publish(league_id=world.league.pk, event="result.recorded", data={"n": 2})
    first, second = Delivery.objects.order_by("sequence")
    broker.drain()
    delivery_send(delivery_id=first.pk, now=timezone.now() + timedelta(seconds=2))
    broker.drain()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == ("failed", "delivered")
    assert [r.payload["data"]["n"] for r in receiver.received] == [1, 1, 2]


def test_the_send_task_run_twice_sends_once(world, receiver, broker, allow_private):
    subscribe(world.league, world.commissioner, receiver.url)
    (delivery_id,) = event_publish(league_id=world.league.pk, event="result.recorded", data={})
    assert tasks.send_delivery(delivery_id) == "delivered (200)"
    assert tasks.send_delivery(delivery_id) == "nothing to do"
    assert len(receiver.received) == 1


def test_the_sweep_sends_what_the_broker_lost_and_takes_back_a_dead_workers(
    world, receiver, broker, allow_private, monkeypatch
):
    subscribe(world.league, world.commissioner, receiver.url)

    def broker_down(*args, **kwargs):
        raise ConnectionError("Redis is away")

    monkeypatch.setattr("league.webhooks.services.events.app.send_task", broker_down)
    (lost,) = broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    monkeypatch.undo()
    monkeypatch.setattr(
        "league.webhooks.services.events.app.send_task",
        lambda name, args, countdown=None: broker.sent.append((args[0], countdown)),
    )
    assert str(deliveries_sweep()) == "0 taken back, 0 queued"  # in its grace still
    later = timezone.now() + timedelta(minutes=1)
    assert str(deliveries_sweep(now=later)) == "0 taken back, 1 queued"
    broker.drain()
    assert Delivery.objects.get(pk=lost).status == "delivered"
    # A worker that died mid-send: its attempt is counted failed and retried.
    (stuck,) = broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    Delivery.objects.filter(pk=stuck).update(
        status="sending", attempts=1, claimed_at=timezone.now() - timedelta(hours=1)
    )
    report = deliveries_sweep()
    assert report.taken_back == 1
    stuck_row = Delivery.objects.get(pk=stuck)
    assert stuck_row.status == "retrying"
    assert "stopped mid-send" in stuck_row.last_error
    assert str(tasks.sweep_deliveries()) == "0 taken back, 0 queued"  # twice: nothing new


def test_a_coachs_subscription_hears_only_his_teams_events(world, broker, allow_private):
    mine = subscribe(
        world.league,
        world.home_coach,
        "https://hooks.example.com/mine",
        events=("result.recorded", "round.opened", "export.ready"),
        team=world.home,
    )
    league_wide = subscribe(
        world.league, world.commissioner, "https://hooks.example.com/all", events=("export.ready",)
    )
    event_publish(
        league_id=world.league.pk, event="result.recorded", data={}, team_ids=(world.away.pk,)
    )
    assert not mine.deliveries.exists()
    event_publish(
        league_id=world.league.pk, event="result.recorded", data={}, team_ids=(world.home.pk,)
    )
    event_publish(league_id=world.league.pk, event="round.opened", data={})
    event_publish(league_id=world.league.pk, event="export.ready", data={})
    assert list(mine.deliveries.values_list("event_type", flat=True).order_by("sequence")) == [
        "result.recorded",
        "round.opened",
    ]
    assert league_wide.deliveries.get().event_type == "export.ready"
    # A coach who gives his team up hears nothing more of it.
    world.home.coach = world.outsider
    world.home.save()
    event_publish(
        league_id=world.league.pk, event="result.recorded", data={}, team_ids=(world.home.pk,)
    )
    assert mine.deliveries.count() == 2


def test_each_service_publishes_its_event(world, broker, allow_private):
    from league.models import Round

    subscription = subscribe(
        world.league,
        world.commissioner,
        "https://hooks.example.com/all",
        events=("round.opened", "season.finished", "result.recorded"),
    )
    from tests.world import match_day_open

    match_day_open(world)  # opens round 1
    (opened,) = subscription.deliveries.all()
    assert opened.event_type == "round.opened"
    assert opened.payload["data"]["round"]["number"] == 1
    assert opened.payload["data"]["round"]["fixtures"][0]["status"] == "ready"
    assert Round.objects.filter(season=world.season).count() >= 1
    assert json.dumps(opened.payload)  # plain JSON


def test_an_unknown_event_is_a_programming_error(world):
    with pytest.raises(ValueError, match="Unknown webhook event"):
        event_publish(league_id=world.league.pk, event="result.lost", data={})


def test_nothing_is_published_with_no_subscription(world, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert event_publish(league_id=world.league.pk, event="round.opened", data=dict) == []
    assert not Subscription.objects.exists()


def test_an_attempt_taken_back_by_the_sweep_is_not_noted_twice(
    world, receiver, broker, allow_private
):
    subscribe(world.league, world.commissioner, receiver.url)
    (delivery_id,) = broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    broker.sent.clear()
    from league.webhooks.services.sending import Attempt, _claim, delivery_finish

    claimed = _claim(delivery_id, timezone.now())
    assert claimed is not None
    assert _claim(delivery_id, timezone.now()) is None  # one claim at a time
    # The worker stalls; the sweep takes the attempt back; then the worker comes back.
    Delivery.objects.filter(pk=delivery_id).update(claimed_at=timezone.now() - timedelta(hours=1))
    assert deliveries_sweep().taken_back == 1
    assert delivery_finish(delivery=claimed, attempt=Attempt(code=200)) == "finished already"
    row = Delivery.objects.get(pk=delivery_id)
    assert (row.status, row.attempts) == ("retrying", 1)


def test_a_delivery_of_a_deleted_subscription_is_nothing_to_do(
    world, receiver, broker, allow_private
):
    hook = subscribe(world.league, world.commissioner, receiver.url)
    (delivery_id,) = broker.publish(league_id=world.league.pk, event="result.recorded", data={})
    hook.delete()
    assert delivery_send(delivery_id=delivery_id) == "nothing to do"
    assert receiver.received == []

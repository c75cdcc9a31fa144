"""Sending deliveries (docs/operations.md, "Webhooks"): a worker claims a delivery by a
conditional update, so a message sent twice or a task run twice sends it once; a
subscription's deliveries go out one at a time, in order; a failed attempt is tried again
on the schedule of ``WEBHOOKS_RETRY_SCHEDULE`` and given up after it; a subscription whose
attempts failed ``WEBHOOKS_DISABLE_AFTER`` times in a row is switched off and its owner told.
The sweep sends what is due, so a dead worker or a stopped broker costs a wait, not a
delivery."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from league.audit import audit_record
from league.broker.waiting import ids_not_waiting
from league.webhooks import transport
from league.webhooks.addresses import AddressRefused, target_resolve
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.events import SEND_TASK, absolute_url, deliveries_queue
from league.webhooks.signing import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    signature_header,
)

logger = logging.getLogger(__name__)


#: A delivery claimed this long ago and not finished lost its worker: the sweep takes it
#: back (an attempt lasts at most its deadline, WEBHOOKS_DEADLINE_SECONDS).
def _stale_after() -> timedelta:
    return timedelta(seconds=2 * settings.WEBHOOKS_DEADLINE_SECONDS + 30)


#: A delivery due this long ago and still not picked up has lost its message (or had none:
#: a retry far off is left to the sweep): the sweep sends it.
RESEND_GRACE = timedelta(seconds=10)
#: A retry sooner than this is queued with a countdown; a later one is the sweep's (a worker
#: need not hold a message for hours).
COUNTDOWN_LIMIT = 600


def body_bytes(payload: dict[str, object]) -> bytes:
    """The exact bytes sent and signed: compact JSON, keys in a fixed order."""
    return json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()


def retry_delay(attempts: int) -> int | None:
    """Seconds to wait after the `attempts`-th failed attempt, or None: give up."""
    schedule = settings.WEBHOOKS_RETRY_SCHEDULE
    return schedule[attempts - 1] if attempts <= len(schedule) else None


def _claim(delivery_id: int, now: datetime) -> Delivery | None:
    """Take the delivery for this worker if it is due and the first unfinished one of its
    subscription; None otherwise (sent already, not due, or waiting its turn)."""
    with transaction.atomic():
        delivery = Delivery.objects.filter(pk=delivery_id).first()
        if delivery is None or delivery.status not in (
            Delivery.Status.PENDING,
            Delivery.Status.RETRYING,
        ):
            return None
        # Locks the subscription: one of its deliveries is in flight at a time, the first
        # unfinished in sequence order.
        subscription = (
            Subscription.objects.select_for_update().filter(pk=delivery.subscription_id).first()
        )
        if subscription is None or not subscription.active:
            return None
        first = (
            Delivery.objects.filter(subscription=subscription, status__in=Delivery.OPEN_STATUSES)
            .order_by("sequence")
            .values_list("pk", flat=True)
            .first()
        )
        if first != delivery.pk:
            return None
        claimed = Delivery.objects.filter(
            pk=delivery.pk,
            status__in=(Delivery.Status.PENDING, Delivery.Status.RETRYING),
            next_attempt_at__lte=now,
        ).update(status=Delivery.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)
        if not claimed:
            return None
    return Delivery.objects.select_related("subscription").get(pk=delivery.pk)


@dataclass(frozen=True)
class Attempt:
    code: int | None = None
    excerpt: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.code is not None and 200 <= self.code < 300


def _attempt(delivery: Delivery) -> Attempt:
    """One POST of the delivery, signed now; never raises."""
    subscription = delivery.subscription
    body = body_bytes(delivery.payload)
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "MagnoBall-League-Webhooks/1",
        SIGNATURE_HEADER: signature_header(
            secret=subscription.secret, timestamp=timestamp, body=body
        ),
        EVENT_HEADER: delivery.event_type,
        DELIVERY_HEADER: str(delivery.pk),
    }
    try:
        target = target_resolve(subscription.url)
        response = transport.post(target=target, body=body, headers=headers)
    except AddressRefused as refused:
        return Attempt(error=str(refused))
    except Exception as error:  # a timeout, a refused connection, a TLS failure
        return Attempt(error=f"{type(error).__name__}: {error}"[:300])
    if 300 <= response.status < 400:
        return Attempt(response.status, response.excerpt, "Redirects are not followed.")
    return Attempt(response.status, response.excerpt)


def delivery_send(*, delivery_id: int, now: datetime | None = None) -> str:
    """Send the delivery if it is due and its turn; safe to run twice or at once. Returns
    what happened, in words (for the worker's log)."""
    now = now or timezone.now()
    delivery = _claim(delivery_id, now)
    if delivery is None:
        return "nothing to do"
    return delivery_finish(delivery=delivery, attempt=_attempt(delivery))


def delivery_finish(*, delivery: Delivery, attempt: Attempt) -> str:
    """Note the attempt's outcome; schedule the retry or give up; count the subscription's
    failures (switching it off after too many); queue its next delivery once this one is
    done."""
    now = timezone.now()
    with transaction.atomic():
        # Locks the subscription: its failure count and switching off are decided once.
        subscription = (
            Subscription.objects.select_for_update().filter(pk=delivery.subscription_id).first()
        )
        # The claim is the fencing token: an attempt the sweep took back (or a worker that
        # finished meanwhile) is noted once, by whoever comes first.
        still_ours = Delivery.objects.filter(
            pk=delivery.pk, status=Delivery.Status.SENDING, claimed_at=delivery.claimed_at
        ).exists()
        if subscription is None or not still_ours:
            return "finished already"
        delivery.last_response_code = attempt.code
        delivery.last_response_excerpt = attempt.excerpt[:500]
        delivery.last_error = attempt.error[:300]
        fields = ["status", "last_response_code", "last_response_excerpt", "last_error"]
        if attempt.ok:
            delivery.status = Delivery.Status.DELIVERED
            delivery.delivered_at = now
            fields.append("delivered_at")
            subscription.failure_count = 0
            subscription.save(update_fields=["failure_count"])
        else:
            delay = retry_delay(delivery.attempts)
            if delay is None:
                delivery.status = Delivery.Status.FAILED
            else:
                delivery.status = Delivery.Status.RETRYING
                delivery.next_attempt_at = now + timedelta(seconds=delay)
                fields.append("next_attempt_at")
            subscription.failure_count += 1
            subscription.save(update_fields=["failure_count"])
            if subscription.failure_count >= settings.WEBHOOKS_DISABLE_AFTER:
                subscription_switch_off(
                    subscription=subscription,
                    reason=f"Switched off after {subscription.failure_count} failed attempts "
                    f"in a row; the last: {attempt.error or f'HTTP {attempt.code}'}"[:300],
                )
                delivery.status = Delivery.Status.FAILED  # given up with the rest
        delivery.save(update_fields=[*fields, "updated_at"])
        after = _next_due(subscription) if subscription.active else None
        retry = delivery.status == Delivery.Status.RETRYING and subscription.active
    if after is not None:
        deliveries_queue([after])
    delay = retry_delay(delivery.attempts) if retry else None
    if delay is not None and delay <= COUNTDOWN_LIMIT:
        deliveries_queue([delivery.pk], countdown=delay)
    if attempt.ok:
        return f"delivered ({attempt.code})"
    return f"{delivery.status}: {attempt.error or attempt.code}"


def _next_due(subscription: Subscription) -> int | None:
    """The subscription's first unfinished delivery, if it is due now."""
    first = (
        Delivery.objects.filter(subscription=subscription, status__in=Delivery.OPEN_STATUSES)
        .order_by("sequence")
        .first()
    )
    if first is None or first.next_attempt_at > timezone.now():
        return None
    return first.pk


def subscription_switch_off(*, subscription: Subscription, reason: str) -> None:
    """Switch the (locked) subscription off: its unfinished deliveries are given up and its
    owner is told by mail; the pages and the admin show the reason. The caller holds the
    transaction."""
    subscription.active = False
    subscription.disabled_at = timezone.now()
    subscription.disabled_reason = reason
    subscription.save(update_fields=["active", "disabled_at", "disabled_reason"])
    audit_record(
        actor=None,
        action="webhook.switch_off",
        obj=subscription,
        league=subscription.league,
        message=f"Webhook to {subscription.url_redacted} switched off",
        after={"disabled_reason": reason},
    )
    Delivery.objects.filter(
        subscription=subscription, status__in=(Delivery.Status.PENDING, Delivery.Status.RETRYING)
    ).update(
        status=Delivery.Status.FAILED,
        last_error="The subscription was switched off.",
        updated_at=timezone.now(),
    )
    owner = subscription.owner
    if owner.email:
        page = absolute_url(reverse("webhooks"))
        message = (
            f"Your webhook to {subscription.url} ({subscription.team or subscription.league}) "
            f"has been switched off.\n\n{reason}\n\nFix the receiver, then switch it back on "
            f"and redeliver what it missed: {page}\n"
        )
        transaction.on_commit(
            lambda: send_mail(
                f"Your {settings.PRODUCT_NAME} webhook was switched off",
                message,
                None,
                [owner.email],
                fail_silently=True,
            )
        )


# --- the sweep ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepReport:
    taken_back: int
    queued: int

    def __str__(self) -> str:
        return f"{self.taken_back} taken back, {self.queued} queued"


def deliveries_sweep(*, now: datetime | None = None) -> SweepReport:
    """Take back deliveries whose worker died mid-send (the attempt counts as failed) and
    queue each active subscription's first unfinished delivery that is due: retries whose
    time came, and messages lost with the broker. A duplicate is harmless (the claim)."""
    now = now or timezone.now()
    stale = Delivery.objects.filter(
        status=Delivery.Status.SENDING, claimed_at__lt=now - _stale_after()
    )
    taken_back = 0
    for delivery in stale.select_related("subscription"):
        taken_back += 1
        delivery_finish(delivery=delivery, attempt=Attempt(error="The worker stopped mid-send."))
    due = (
        Delivery.objects.filter(
            subscription__active=True,
            status__in=(Delivery.Status.PENDING, Delivery.Status.RETRYING),
            next_attempt_at__lte=now - RESEND_GRACE,
        )
        .order_by("subscription_id", "sequence")
        .values_list("subscription_id", "pk", "sequence")
    )
    first: dict[int, int] = {}
    for subscription_id, delivery_id, _ in due:
        first.setdefault(subscription_id, delivery_id)
    due_ids = ids_not_waiting(SEND_TASK, first.values())  # a message waiting is not lost
    deliveries_queue(due_ids)
    return SweepReport(taken_back, len(due_ids))

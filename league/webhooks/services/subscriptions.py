"""The writes of webhooks: subscribing, unsubscribing, the test event, redelivering and
switching a subscription back on; each checked, audited, all or nothing."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from league.access import Actor, is_coach, is_commissioner
from league.audit import audit_record
from league.errors import PermissionRefused
from league.models import League, Team
from league.webhooks.addresses import url_problem
from league.webhooks.errors import WebhookError
from league.webhooks.event_types import PING, event_choices
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.events import deliveries_create, payload_build, queue_on_commit

#: How many subscriptions one user may keep per league.
MAX_PER_OWNER = 10


def subscription_may_manage(*, user: Actor, subscription: Subscription) -> bool:
    """Its owner, or a commissioner of its league."""
    if user is None or not user.is_authenticated:
        return False
    return subscription.owner_id == user.pk or is_commissioner(
        user=user, league=subscription.league
    )


def _require_subscriber(*, user: User, league: League, team: Team | None) -> None:
    if team is not None and team.league_id != league.pk:
        raise WebhookError(f"{team} does not play in {league}.", code="invalid", field="team")
    if is_commissioner(user=user, league=league):
        return
    if team is None:
        raise PermissionRefused(
            f"Only a commissioner of {league} may subscribe to the whole league; "
            "a coach subscribes for his team."
        )
    if not is_coach(user=user, team=team):
        raise PermissionRefused(f"Only the coach of {team} or a commissioner may do this.")


def _events_problem(events: Sequence[str], *, league_wide: bool) -> str:
    allowed = {key for key, _ in event_choices(league_wide=league_wide)}
    if not events:
        return "Choose at least one event."
    unknown = [event for event in events if event not in allowed]
    if unknown:
        return f"Not an event this subscription may choose: {', '.join(unknown)}."
    return ""


def subscription_create(
    *,
    owner: User,
    league: League,
    team: Team | None,
    url: str,
    events: Sequence[str],
    description: str = "",
) -> Subscription:
    """`owner` subscribes `url` to `events` of `league` (of his `team` only, for a coach).
    Its secret is made here and shown to its owner."""
    _require_subscriber(user=owner, league=league, team=team)
    errors = {}
    if problem := url_problem(url):
        errors["url"] = problem
    elif len(url) > 500:
        errors["url"] = "The URL is longer than 500 characters."
    if problem := _events_problem(events, league_wide=team is None):
        errors["events"] = problem
    if errors:
        raise WebhookError(" ".join(errors.values()), code="invalid", fields=errors)
    with transaction.atomic():
        # Locks the owner's row: the limit on his subscriptions holds under concurrent adds.
        User.objects.select_for_update().filter(pk=owner.pk).first()
        if Subscription.objects.filter(owner=owner, league=league).count() >= MAX_PER_OWNER:
            raise WebhookError(
                f"You have {MAX_PER_OWNER} webhooks in {league} already; delete one first.",
                code="too_many_webhooks",
            )
        subscription = Subscription.objects.create(
            league=league,
            team=team,
            owner=owner,
            url=url,
            events=list(dict.fromkeys(events)),
            description=description[:100],
        )
        audit_record(
            actor=owner,
            action="webhook.create",
            obj=subscription,
            league=league,
            message=f"Webhook to {subscription.url_redacted} for {team or league}",
            after={
                "url": subscription.url_redacted,
                "events": subscription.events,
                "team": team.pk if team else None,
            },
        )
    return subscription


def subscription_delete(*, subscription: Subscription, actor: Actor) -> None:
    """Delete the subscription and its delivery log (its owner or a commissioner)."""
    if not subscription_may_manage(user=actor, subscription=subscription):
        raise PermissionRefused("Only the webhook's owner or a commissioner may delete it.")
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="webhook.delete",
            obj=subscription,
            league=subscription.league,
            message=f"Webhook to {subscription.url_redacted} deleted",
            before={"url": subscription.url_redacted, "events": subscription.events},
        )
        subscription.delete()


def subscription_test(*, subscription: Subscription, actor: Actor) -> Delivery:
    """Send the subscription a ``ping`` event (its place in the order like any other)."""
    if not subscription_may_manage(user=actor, subscription=subscription):
        raise PermissionRefused("Only the webhook's owner or a commissioner may test it.")
    if not subscription.active:
        raise WebhookError(
            "This webhook is switched off; switch it on to send a test event.", code="switched_off"
        )
    payload = payload_build(
        league=subscription.league,
        event=PING,
        data={
            "message": f"A test event from {settings.PRODUCT_NAME}.",
            "subscription": subscription.pk,
        },
        event_id=uuid.uuid4(),
    )
    with transaction.atomic():
        (delivery_id,) = deliveries_create(
            subscriptions=[subscription], event=PING, payload=payload
        )
    return Delivery.objects.get(pk=delivery_id)


def delivery_redeliver(*, delivery: Delivery, actor: Actor) -> Delivery:
    """Send a delivery's event again, as a new delivery (last in the subscription's order,
    the event's id unchanged so a receiver can tell it saw it already)."""
    subscription = delivery.subscription
    if not subscription_may_manage(user=actor, subscription=subscription):
        raise PermissionRefused("Only the webhook's owner or a commissioner may redeliver.")
    if not subscription.active:
        raise WebhookError(
            "This webhook is switched off; switch it on before redelivering.", code="switched_off"
        )
    with transaction.atomic():
        (delivery_id,) = deliveries_create(
            subscriptions=[subscription], event=delivery.event_type, payload=delivery.payload
        )
        audit_record(
            actor=actor,
            action="webhook.redeliver",
            obj=subscription,
            league=subscription.league,
            message=f"{delivery.event_type} #{delivery.sequence} redelivered",
        )
    return Delivery.objects.get(pk=delivery_id)


def subscription_switch_on(*, subscription: Subscription, actor: Actor) -> Subscription:
    """Switch a switched-off subscription back on, its failures forgotten; what it missed is
    sent again by redelivering it."""
    if not subscription_may_manage(user=actor, subscription=subscription):
        raise PermissionRefused("Only the webhook's owner or a commissioner may switch it on.")
    with transaction.atomic():
        # Locks the subscription: switched on once, not while a worker switches it off.
        locked = Subscription.objects.select_for_update().get(pk=subscription.pk)
        if locked.active:
            return locked
        before = {"disabled_reason": locked.disabled_reason}
        locked.active = True
        locked.failure_count = 0
        locked.disabled_at = None
        locked.disabled_reason = ""
        locked.save(update_fields=["active", "failure_count", "disabled_at", "disabled_reason"])
        audit_record(
            actor=actor,
            action="webhook.switch_on",
            obj=locked,
            league=locked.league,
            message=f"Webhook to {locked.url_redacted} switched back on",
            before=before,
        )
        first = (
            Delivery.objects.filter(subscription=locked, status__in=Delivery.OPEN_STATUSES)
            .order_by("sequence")
            .values_list("pk", flat=True)
            .first()
        )
        if first is not None:
            Delivery.objects.filter(pk=first).update(next_attempt_at=timezone.now())
            queue_on_commit([first])
    return locked

"""Webhooks (league/webhooks) in the admin, scoped to the commissioner's leagues like the rest: the
subscriptions with their delivery log, "Send test event", "Switch on again" and
"Redeliver". Subscriptions are added and deleted on the Webhooks page or the API, by their
owners; their secrets are shown to their owners only."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.scoping import LeagueListFilter
from league.admin.steps import Step, StepDone, as_action
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.subscriptions import (
    delivery_redeliver,
    subscription_switch_on,
    subscription_test,
)


def _test(request: HttpRequest, subscription: Subscription, form: object) -> StepDone:
    delivery = subscription_test(subscription=subscription, actor=request.user)
    return StepDone(f"Test event queued as delivery #{delivery.sequence}.")


def _switch_on(request: HttpRequest, subscription: Subscription, form: object) -> StepDone:
    subscription_switch_on(subscription=subscription, actor=request.user)
    return StepDone(f"Webhook to {subscription.url_redacted} switched on again.")


def _redeliver(request: HttpRequest, delivery: Delivery, form: object) -> StepDone:
    new = delivery_redeliver(delivery=delivery, actor=request.user)
    return StepDone(f"{delivery.event_type} sent again as delivery #{new.sequence}.")


TEST_STEP = Step(
    name="test",
    label="Send test event",
    explain=lambda s: [
        f"A ping event is sent to {s.url_redacted}, signed with its secret, after its earlier "
        "deliveries."
    ],
    run=_test,
    shown=lambda s: s.active,
)
SWITCH_ON_STEP = Step(
    name="switch-on",
    label="Switch on again",
    explain=lambda s: [
        f"It was switched off: {s.disabled_reason}",
        "Its failures are forgotten and it receives events again; redeliver what it missed "
        "from its deliveries.",
    ],
    run=_switch_on,
    shown=lambda s: not s.active,
)
REDELIVER_STEP = Step(
    name="redeliver",
    label="Redeliver",
    explain=lambda d: [
        f"{d.event_type} (delivery #{d.sequence}) is sent again to {d.subscription.url_redacted}, "
        "as a "
        "new delivery with the same event id, after the subscription's earlier ones."
    ],
    run=_redeliver,
    shown=lambda d: d.subscription.active,
)


class DeliveryInline(ReadOnlyTabularInline[Delivery, Subscription]):
    model = Delivery
    fields = (
        "sequence",
        "event_type",
        "status",
        "attempts",
        "last_response_code",
        "last_error",
        "created_at",
    )
    readonly_fields = ("created_at",)
    ordering = ("-sequence",)
    show_change_link = True
    max_num = 0

    def get_queryset(self, request: HttpRequest) -> QuerySet[Delivery]:
        recent = super().get_queryset(request).order_by("-sequence")
        ids = list(recent.values_list("pk", flat=True)[:20])
        return recent.filter(pk__in=ids)


@admin.register(Subscription)
class SubscriptionAdmin(ReadOnlyAdmin[Subscription]):
    read_only_reason = (
        "A webhook is added, changed and deleted by its owner on the Webhooks page or the API; "
        "here it is tested, switched on again and its deliveries redelivered."
    )
    # The URL without its secrets (user, password, query string): the admin is for others.
    list_display = (
        "shown_url",
        "league",
        "team",
        "owner",
        "active",
        "failure_count",
        "disabled_at",
    )
    list_filter = ("active", ("league", LeagueListFilter))
    list_select_related = ("league", "team", "owner")
    search_fields = ("description", "owner__username")
    fields = (
        "league",
        "team",
        "owner",
        "shown_url",
        "events",
        "description",
        "active",
        "failure_count",
        "disabled_at",
        "disabled_reason",
        "created_at",
    )
    inlines = (DeliveryInline,)
    steps = (TEST_STEP, SWITCH_ON_STEP)

    @admin.display(description="URL")
    def shown_url(self, subscription: Subscription) -> str:
        return subscription.url_redacted

    actions = (as_action(TEST_STEP, "Send a test event to the selected webhooks"),)


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdmin[Delivery]):
    """The delivery log: each event sent, its attempts and the receiver's last answer."""

    league_path = "subscription__league"
    list_display = (
        "__str__",
        "event_type",
        "status",
        "attempts",
        "last_response_code",
        "next_attempt_at",
        "created_at",
    )
    list_filter = ("status", "event_type", ("subscription__league", LeagueListFilter))
    list_select_related = ("subscription",)
    search_fields = ("event_type", "event_id")
    fields = (
        "subscription",
        "event_id",
        "event_type",
        "sequence",
        "status",
        "attempts",
        "next_attempt_at",
        "last_response_code",
        "last_response_excerpt",
        "last_error",
        "payload",
        "created_at",
        "delivered_at",
    )
    steps = (REDELIVER_STEP,)
    actions = (as_action(REDELIVER_STEP, "Redeliver the selected deliveries"),)

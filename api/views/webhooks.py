"""Webhooks for scripts (docs/data.md, "Webhooks"): a user's subscriptions (and his leagues'),
adding and deleting one, its delivery log, a test event, redelivering and switching on."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiListView, ApiView
from api.fields import StrictInputSerializer, StrictIntegerField
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, list_errors, read_errors, write_errors
from league.errors import DomainError
from league.models import League, Team
from league.webhooks.access import access_delivery, access_subscription
from league.webhooks.event_types import EVENT_TYPES, PING
from league.webhooks.models import Delivery, Subscription
from league.webhooks.selectors import subscriptions_visible
from league.webhooks.services.subscriptions import (
    delivery_redeliver,
    subscription_create,
    subscription_delete,
    subscription_switch_on,
    subscription_test,
)

EVENT_HELP = "; ".join(f"`{event.key}`: {event.label}" for event in EVENT_TYPES)


class SubscriptionSerializer(serializers.ModelSerializer[Subscription]):
    owner = serializers.CharField(source="owner.username", help_text="Its owner's username.")
    events = serializers.ListField(
        child=serializers.CharField(), help_text=f"The event types it receives: {EVENT_HELP}."
    )
    secret = serializers.SerializerMethodField(
        help_text="The key that signs its deliveries (MagnoBall-Signature); shown to its "
        "owner only, null for anyone else."
    )

    class Meta:
        model = Subscription
        fields = [
            "id",
            "league",
            "team",
            "owner",
            "url",
            "events",
            "description",
            "active",
            "failure_count",
            "disabled_at",
            "disabled_reason",
            "created_at",
            "secret",
        ]
        extra_kwargs = {
            "league": {"help_text": "The league whose events it receives."},
            "team": {
                "help_text": "Only this team's events (and the league's rounds and "
                "seasons); null for the whole league."
            },
            "url": {
                "help_text": "Where the events are POSTed; for anyone but its owner without "
                "its user name, password and query string (each shown as …)."
            },
            "active": {"help_text": "False once switched off after repeated failure."},
            "failure_count": {"help_text": "Delivery attempts failed in a row."},
            "disabled_reason": {"help_text": "Why it was switched off."},
        }
        ref_name = "Webhook"

    def to_representation(self, instance: Subscription) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        request = self.context.get("request")
        data["url"] = instance.url_for(getattr(request, "user", None))
        return data

    def get_secret(self, subscription: Subscription) -> str | None:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        return (
            subscription.secret if user is not None and subscription.owner_id == user.pk else None
        )


class DeliverySerializer(serializers.ModelSerializer[Delivery]):
    class Meta:
        model = Delivery
        fields = [
            "id",
            "sequence",
            "event_id",
            "event_type",
            "status",
            "attempts",
            "next_attempt_at",
            "last_response_code",
            "last_response_excerpt",
            "last_error",
            "created_at",
            "delivered_at",
            "payload",
        ]
        extra_kwargs = {
            "sequence": {"help_text": "Its place in the subscription's order (1, 2, …)."},
            "event_id": {"help_text": "The event's id, the payload's `id`: a redelivery keeps it."},
            "status": {
                "help_text": "pending, sending, retrying (see next_attempt_at), "
                "delivered or failed (given up)."
            },
            "last_response_code": {"help_text": "The receiver's last HTTP status, if it answered."},
            "last_response_excerpt": {"help_text": "The start of the receiver's last answer."},
            "last_error": {"help_text": "Why the last attempt failed, when it did."},
            "payload": {"help_text": "The JSON sent (docs/data.md, Webhooks)."},
        }
        ref_name = "WebhookDelivery"


AUTHENTICATED = [permissions.IsAuthenticated]


@extend_schema_view(
    get=extend_schema(
        summary="Your webhooks (and your leagues')",
        responses={200: SubscriptionSerializer, **list_errors()},
    )
)
class WebhookListView(ApiListView[Subscription]):
    """The user's webhooks, and every webhook of the leagues he commissions; a commissioner
    subscribes for his league, a coach for his team."""

    permission_classes = AUTHENTICATED
    serializer_class = SubscriptionSerializer
    queryset = Subscription.objects.none()
    ordering_fields = ["id", "created_at"]

    def get_queryset(self) -> QuerySet[Subscription]:
        return subscriptions_visible(user=self.request.user)

    class InputSerializer(StrictInputSerializer):
        league = StrictIntegerField(
            required=False, help_text="The league (a commissioner's, for the whole league)."
        )
        team = StrictIntegerField(
            required=False, help_text="The team (its coach or a commissioner): only its events."
        )
        url = serializers.URLField(
            max_length=500, help_text="Where the events are POSTed: http(s), a public address."
        )
        events = serializers.ListField(
            child=serializers.CharField(), help_text=f"The event types to receive: {EVENT_HELP}."
        )
        description = serializers.CharField(
            max_length=100, required=False, allow_blank=True, help_text="What it is for."
        )

        class Meta:
            ref_name = "WebhookInput"

    OutputSerializer = SubscriptionSerializer

    @extend_schema(
        summary="Subscribe a URL to the league's events",
        description="Name `team` for a team's events (its coach or a commissioner), or "
        "`league` for the whole league (a commissioner). The answer carries the `secret` that "
        "signs every delivery (docs/data.md shows how to verify it).",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={201: SubscriptionSerializer, **write_errors(conflict=["too_many_webhooks"])},
    )
    def post(self, request: Request) -> Response:
        return idempotent(request, lambda: self.create(request))

    def create(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data: dict[str, Any] = serializer.validated_data
        league, team = _place(data.get("league"), data.get("team"))
        made = subscription_create(
            owner=request.user,  # type: ignore[arg-type]  # IsAuthenticated
            league=league,
            team=team,
            url=data["url"],
            events=data["events"],
            description=data.get("description", ""),
        )
        return Response(
            self.OutputSerializer(made, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


def _place(league_id: int | None, team_id: int | None) -> tuple[League, Team | None]:
    if team_id is not None:
        team = Team.objects.select_related("league").filter(pk=team_id).first()
        if team is None:
            raise DomainError("No such team.", code="invalid", field="team")
        if league_id is not None and league_id != team.league_id:
            raise DomainError(f"{team} plays in another league.", code="invalid", field="team")
        return team.league, team
    if league_id is None:
        raise DomainError("Name the league or the team.", code="invalid", field="league")
    league = League.objects.filter(pk=league_id).first()
    if league is None:
        raise DomainError("No such league.", code="invalid", field="league")
    return league, None


class WebhookDetailView(ApiView):
    permission_classes = AUTHENTICATED

    @extend_schema(
        summary="One webhook",
        responses={200: SubscriptionSerializer, **read_errors()},
    )
    def get(self, request: Request, webhook_id: int) -> Response:
        subscription = access_subscription(user=request.user, subscription_id=webhook_id)
        return Response(SubscriptionSerializer(subscription, context={"request": request}).data)

    @extend_schema(
        summary="Delete a webhook (its owner or a commissioner) and its delivery log",
        responses={204: None, **write_errors()},
    )
    def delete(self, request: Request, webhook_id: int) -> Response:
        subscription = access_subscription(user=request.user, subscription_id=webhook_id)
        subscription_delete(subscription=subscription, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    summary="A webhook's deliveries, the latest first, with the receiver's answers",
    responses={200: DeliverySerializer, **list_errors()},
)
class WebhookDeliveryListView(ApiListView[Delivery]):
    permission_classes = AUTHENTICATED
    serializer_class = DeliverySerializer
    queryset = Delivery.objects.none()
    ordering_fields = ["sequence"]

    def get_queryset(self) -> QuerySet[Delivery]:
        subscription = access_subscription(
            user=self.request.user, subscription_id=self.kwargs["webhook_id"]
        )
        return subscription.deliveries.order_by("-sequence")


class WebhookTestView(ApiView):
    permission_classes = AUTHENTICATED

    @extend_schema(
        summary=f"Send a webhook a test event (`{PING}`)",
        description="Queued after its earlier deliveries; see its deliveries for the answer.",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={202: DeliverySerializer, **write_errors(conflict=["switched_off"])},
    )
    def post(self, request: Request, webhook_id: int) -> Response:
        subscription = access_subscription(user=request.user, subscription_id=webhook_id)
        return idempotent(request, lambda: self.send(request, subscription))

    def send(self, request: Request, subscription: Subscription) -> Response:
        delivery = subscription_test(subscription=subscription, actor=request.user)
        return Response(DeliverySerializer(delivery).data, status=status.HTTP_202_ACCEPTED)


class WebhookSwitchOnView(ApiView):
    permission_classes = AUTHENTICATED

    @extend_schema(
        summary="Switch a switched-off webhook on again, its failures forgotten",
        description="A webhook that is on already is answered as it is.",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={200: SubscriptionSerializer, **write_errors(conflict=["refused"])},
    )
    def post(self, request: Request, webhook_id: int) -> Response:
        subscription = access_subscription(user=request.user, subscription_id=webhook_id)
        return idempotent(request, lambda: self.switch_on(request, subscription))

    def switch_on(self, request: Request, subscription: Subscription) -> Response:
        switched = subscription_switch_on(subscription=subscription, actor=request.user)
        return Response(SubscriptionSerializer(switched, context={"request": request}).data)


class WebhookRedeliverView(ApiView):
    permission_classes = AUTHENTICATED

    @extend_schema(
        summary="Send a delivery's event again, as a new delivery with the same event id",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={202: DeliverySerializer, **write_errors(conflict=["switched_off"])},
    )
    def post(self, request: Request, webhook_id: int, delivery_id: int) -> Response:
        delivery = access_delivery(
            user=request.user, subscription_id=webhook_id, delivery_id=delivery_id
        )
        return idempotent(request, lambda: self.redeliver(request, delivery))

    def redeliver(self, request: Request, delivery: Delivery) -> Response:
        new = delivery_redeliver(delivery=delivery, actor=request.user)
        return Response(DeliverySerializer(new).data, status=status.HTTP_202_ACCEPTED)

"""The reads of webhooks: whose subscriptions a user sees, and their delivery logs."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from league.access import Actor
from league.models import League, Team
from league.webhooks.models import Delivery, Subscription


def subscriptions_visible(*, user: Actor) -> QuerySet[Subscription]:
    """The user's own subscriptions, and every subscription of the leagues he commissions."""
    if user is None or not user.is_authenticated:
        return Subscription.objects.none()
    queryset = Subscription.objects.select_related("league", "team", "owner")
    if user.is_superuser:
        return queryset.order_by("league__name", "pk")
    return (
        queryset.filter(Q(owner=user) | Q(league__commissioners=user))
        .distinct()
        .order_by("league__name", "pk")
    )


def deliveries_recent(*, subscription: Subscription, limit: int = 20) -> list[Delivery]:
    return list(subscription.deliveries.order_by("-sequence")[:limit])


def subscription_places(*, user: Actor) -> tuple[list[League], list[Team]]:
    """Where the user may subscribe: the leagues he commissions (whole) and the teams he
    coaches."""
    if user is None or not user.is_authenticated:
        return [], []
    leagues = list(League.objects.filter(commissioners=user).order_by("name"))
    teams = list(
        Team.objects.filter(Q(coach=user) | Q(league__in=leagues))
        .select_related("league")
        .distinct()
        .order_by("league__name", "name")
    )
    return leagues, teams

"""Reaching a subscription: its owner's, or any of a league its user commissions."""

from __future__ import annotations

from django.http import Http404

from league.access import Actor
from league.webhooks.models import Delivery, Subscription
from league.webhooks.selectors import subscriptions_visible


def access_subscription(*, user: Actor, subscription_id: int) -> Subscription:
    """The subscription if `user` may manage it; 404 otherwise (another's is not shown)."""
    found = subscriptions_visible(user=user).filter(pk=subscription_id).first()
    if found is None:
        raise Http404("No such webhook.")
    return found


def access_delivery(*, user: Actor, subscription_id: int, delivery_id: int) -> Delivery:
    subscription = access_subscription(user=user, subscription_id=subscription_id)
    found = subscription.deliveries.filter(pk=delivery_id).first()
    if found is None:
        raise Http404("No such delivery.")
    found.subscription = subscription
    return found

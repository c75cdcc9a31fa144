"""The Webhooks pages (linked from My teams): a user's subscriptions and his leagues', each
with its recent deliveries; add, send a test event, redeliver, switch on, delete."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.errors import DomainError, PermissionRefused
from league.web import confirm_page, refused, run_action
from league.webhooks.access import access_delivery, access_subscription
from league.webhooks.forms import SubscriptionForm
from league.webhooks.selectors import deliveries_recent, subscription_places, subscriptions_visible
from league.webhooks.services.subscriptions import (
    delivery_redeliver,
    subscription_create,
    subscription_delete,
    subscription_switch_on,
    subscription_test,
)


@login_required
@require_http_methods(["GET", "POST"])
def webhooks(request: HttpRequest) -> HttpResponse:
    """The user's webhooks (and his leagues'); POST adds one, then shows it with its secret."""
    user = request.user
    assert user.is_authenticated  # login_required
    leagues, teams = subscription_places(user=user)
    form = SubscriptionForm(
        request.POST if request.method == "POST" else None, leagues=leagues, teams=teams
    )
    if request.method == "POST" and form.is_valid():
        league, team = form.place_chosen()
        try:
            made = subscription_create(
                owner=user,
                league=league,
                team=team,
                url=form.cleaned_data["url"],
                events=form.cleaned_data["events"],
                description=form.cleaned_data["description"],
            )
        except PermissionRefused as error:
            return refused(request, error.message, back=reverse("webhooks"))
        except DomainError as error:
            for name, message in error.fields.items():
                form.add_error(name if name in form.fields else None, message)
            if not error.fields:
                form.add_error(None, error.message)
        else:
            messages.success(
                request, "Webhook added. Copy its secret to verify the signatures; send a test."
            )
            return HttpResponseRedirect(reverse("webhook", args=[made.pk]))
    context = {
        "form": form,
        "can_subscribe": bool(leagues or teams),
        "subscriptions": list(subscriptions_visible(user=user)),
    }
    return render(request, "webhooks/list.html", context, status=400 if form.errors else 200)


@login_required
def webhook(request: HttpRequest, pk: int) -> HttpResponse:
    """One webhook: its events, its secret (its owner only), its recent deliveries."""
    subscription = access_subscription(user=request.user, subscription_id=pk)
    context = {
        "subscription": subscription,
        "is_owner": subscription.owner_id == request.user.pk,
        "deliveries": deliveries_recent(subscription=subscription),
    }
    return render(request, "webhooks/detail.html", context)


@login_required
@require_POST
def webhook_test(request: HttpRequest, pk: int) -> HttpResponse:
    subscription = access_subscription(user=request.user, subscription_id=pk)
    return run_action(
        request,
        lambda: subscription_test(subscription=subscription, actor=request.user),
        success="Test event queued: it arrives in a few seconds (see the deliveries below).",
        back=reverse("webhook", args=[pk]),
    )


@login_required
@require_POST
def webhook_switch_on(request: HttpRequest, pk: int) -> HttpResponse:
    subscription = access_subscription(user=request.user, subscription_id=pk)
    return run_action(
        request,
        lambda: subscription_switch_on(subscription=subscription, actor=request.user),
        success="Webhook switched on. Redeliver what it missed from the deliveries below.",
        back=reverse("webhook", args=[pk]),
    )


@login_required
@require_POST
def delivery_redeliver_view(request: HttpRequest, pk: int, delivery_id: int) -> HttpResponse:
    delivery = access_delivery(user=request.user, subscription_id=pk, delivery_id=delivery_id)
    return run_action(
        request,
        lambda: delivery_redeliver(delivery=delivery, actor=request.user),
        success=lambda new: f"Event sent again as delivery #{new.sequence}.",
        back=reverse("webhook", args=[pk]),
    )


@login_required
@require_http_methods(["GET", "POST"])
def webhook_delete(request: HttpRequest, pk: int) -> HttpResponse:
    subscription = access_subscription(user=request.user, subscription_id=pk)
    return confirm_page(
        request,
        lambda: subscription_delete(subscription=subscription, actor=request.user),
        title="Delete this webhook?",
        intro=f"{subscription.url_for(request.user)} will receive no more events, and its "
        "delivery log goes with it.",
        submit="Delete webhook",
        success="Webhook deleted.",
        back=reverse("webhooks"),
        back_label="Webhooks",
    )

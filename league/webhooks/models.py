"""A subscription (a URL and the events it wants) and its deliveries (one per event, in
order, with every attempt's outcome)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from league.models import League, Team
from league.redaction import url_redacted


def secret_generate() -> str:
    """The key a subscription's payloads are signed with: 32 random bytes, URL-safe."""
    return "whsec_" + secrets.token_urlsafe(32)


class Subscription(models.Model):
    """A URL that receives the league's chosen events, signed with its ``secret``. A
    commissioner's covers the whole league (``team`` empty); a coach's covers his team. The
    secret is kept (it signs every payload) and shown to the subscription's owner only."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="webhooks")
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="webhooks",
        help_text="Only this team's events (and the league's rounds and seasons); "
        "empty for the whole league.",
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(max_length=500, help_text="Where the events are POSTed (http or https).")
    events: models.JSONField[list[str]] = models.JSONField(
        default=list, help_text="The event types it receives (docs/data.md, Webhooks)."
    )
    description = models.CharField(max_length=100, blank=True)
    secret = models.CharField(max_length=80, default=secret_generate, editable=False)
    active = models.BooleanField(default=True)
    #: Delivery attempts that failed in a row; a success sets it back to 0.
    failure_count = models.PositiveIntegerField(default=0)
    disabled_at = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=300, blank=True)
    #: The last sequence number given to one of its deliveries.
    last_sequence = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "id"]
        indexes = [models.Index(fields=["league", "active"], name="webhook_league_active")]

    def __str__(self) -> str:
        # Its name in the audit log and the admin: the secrets a URL may carry left out.
        return f"{self.url_redacted} ({self.team or self.league})"

    @property
    def url_redacted(self) -> str:
        """The URL as others see it and the logs keep it: without its user name, password
        and query string (a receiver's key often rides there)."""
        return url_redacted(self.url)

    def url_for(self, user: Any) -> str:
        """The URL whole for its owner, redacted for anyone else."""
        return self.url if user is not None and self.owner_id == user.pk else self.url_redacted

    def wants(self, event: str) -> bool:
        return event in self.events


class Delivery(models.Model):
    """One event sent to one subscription: its payload, its place in the subscription's
    order, and the last attempt's outcome. A worker claims it by a conditional update."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENDING = "sending", "Being sent"
        RETRYING = "retrying", "Failed; will try again"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Given up"

    #: Not finished: a later delivery of the subscription waits for these (ordering).
    OPEN_STATUSES = (Status.PENDING, Status.SENDING, Status.RETRYING)

    subscription = models.ForeignKey(
        Subscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    event_id = models.UUIDField(help_text="The event's id; a redelivery keeps it.")
    event_type = models.CharField(max_length=40)
    payload: models.JSONField[dict[str, Any]] = models.JSONField()
    sequence = models.PositiveBigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    #: When the current attempt was claimed (a worker that died mid-send is found by it).
    claimed_at = models.DateTimeField(null=True, blank=True)
    last_response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_response_excerpt = models.CharField(max_length=500, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "deliveries"
        constraints = [
            models.UniqueConstraint(
                fields=["subscription", "sequence"], name="webhook_delivery_sequence_unique"
            )
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="webhook_delivery_due"),
        ]

    def __str__(self) -> str:
        return f"{self.event_type} #{self.sequence} to {self.subscription.url}"

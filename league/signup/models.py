"""A visitor's own account, a league's openness to sign-ups, and the requests to join."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower

from league.models import League, Season, Team, _hex_colour


class SignupAccount(models.Model):
    """An account a visitor made himself. He may sign in once he has opened the link sent to
    his email (``verified_at``); accounts the commissioners make have no such row."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="signup"
    )
    email = models.EmailField()
    created_at = models.DateTimeField(auto_now_add=True)
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # Two visitors signing up at once with one address: only one account gets it.
            models.UniqueConstraint(Lower("email"), name="signup_email_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} <{self.email}>"

    @property
    def verified(self) -> bool:
        return self.verified_at is not None


class LeagueSignupSettings(models.Model):
    """Whether a league takes requests to join from coaches who signed up (off unless its
    commissioners open it), and how many teams one of its seasons takes at most."""

    league = models.OneToOneField(League, on_delete=models.CASCADE, related_name="signup_settings")
    open = models.BooleanField(
        "open to sign-ups",
        default=False,
        help_text="Coaches who signed up may ask to join this league with a team of their own; "
        "a commissioner approves or refuses each request.",
    )
    team_limit = models.PositiveSmallIntegerField(
        "teams per season",
        null=True,
        blank=True,
        validators=[MinValueValidator(2)],
        help_text="The most teams a season takes, counting those already entered; empty for "
        "no limit. A request is not approved once the season is full.",
    )

    class Meta:
        verbose_name = "sign-up settings"
        verbose_name_plural = "sign-up settings"

    def __str__(self) -> str:
        return f"Sign-ups of {self.league}"


class JoinRequest(models.Model):
    """A coach's request to enter a team of his making into a season: what he chose, kept as
    he chose it. Nothing becomes a team until a commissioner approves it."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a commissioner"
        APPROVED = "approved", "Approved"
        REFUSED = "refused", "Refused"
        WITHDRAWN = "withdrawn", "Withdrawn"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="join_requests")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests"
    )
    name = models.CharField("team name", max_length=60)
    short_name = models.CharField(max_length=4)
    colour = models.CharField(max_length=7, validators=[_hex_colour])
    #: The game's own creation choices (e.g. player names, table dice), as its join form
    #: cleaned them; its ruleset's ``join_request_build`` reads them.
    choices = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.TextField(blank=True, help_text="Why the request was refused.")
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "user"],
                condition=Q(status="pending"),
                name="join_request_one_pending_per_coach",
            ),
            # Two coaches asking for one name at once: the second is told it is taken.
            models.UniqueConstraint(
                F("league"),
                Lower("name"),
                condition=Q(status="pending"),
                name="join_request_name_pending_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.user}) for {self.season}"

    @property
    def pending(self) -> bool:
        return self.status == self.Status.PENDING

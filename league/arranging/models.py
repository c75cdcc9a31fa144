"""What arranging a match keeps: each side's proposals of kick-off times and which one the
other side accepted. The agreed time itself is the fixture's ``kickoff``; how many times it
was agreed (the calendar feed's SEQUENCE) is the fixture's count of accepted proposals."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models import Fixture, Team

#: At most this many times a proposal.
MAX_TIMES = 3


class Proposal(models.Model):
    """One side's offer of one to three kick-off times for a fixture. Open until the other
    side accepts one of them, its side withdraws it, a newer proposal of its side replaces
    it or another proposal is accepted."""

    class State(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        WITHDRAWN = "withdrawn", "Withdrawn"
        SUPERSEDED = "superseded", "Superseded"

    # No index of its own: the open-proposal constraint and the index below lead with it.
    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="proposals", db_index=False
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", help_text="The side proposing."
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who accepted or withdrew it.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # One open proposal a side: a new one supersedes the last.
            models.UniqueConstraint(
                fields=["fixture", "team"],
                condition=Q(state="open"),
                name="arranging_one_open_proposal_a_side",
            ),
        ]
        indexes = [models.Index(fields=["fixture", "state"], name="arranging_fixture_state")]

    def __str__(self) -> str:
        return f"{self.team}'s proposal for {self.fixture_id}"


class ProposedTime(models.Model):
    """One kick-off time of a proposal; ``accepted`` on the one the other side took."""

    # No index of its own: arranging_times_distinct leads with it.
    proposal = models.ForeignKey(
        Proposal, on_delete=models.CASCADE, related_name="times", db_index=False
    )
    kickoff = models.DateTimeField()
    accepted = models.BooleanField(default=False)

    class Meta:
        ordering = ["kickoff", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["proposal", "kickoff"], name="arranging_times_distinct"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kickoff:%Y-%m-%d %H:%M}"

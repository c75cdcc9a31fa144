"""What a league's honours keep: each season's awards, the season's MVP vote and its ballots.

A winner is named by the game (a player, a character, a card of a
team): the core keeps the game's handle for him (``holder``, such as
``player:12``), his name and page as they were when the award was made, and his team."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.models import Season, Team


class SeasonAward(models.Model):
    """One winner of one award of a season; a shared award (a tie) is a row per winner."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="awards")
    award = models.CharField(max_length=40, help_text="The award's key, e.g. top_scorer.")
    title = models.CharField(max_length=80, help_text="The award as people say it.")
    holder = models.CharField(
        max_length=80, help_text="The game's handle for the winner, e.g. player:12."
    )
    name = models.CharField(max_length=120)
    url = models.CharField(max_length=200, blank=True)
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="season_awards"
    )
    figure = models.IntegerField(help_text="What won it: goals, saves, points, votes…")
    text = models.CharField(max_length=200, help_text="The figure in words.")
    shared = models.BooleanField(default=False, help_text="Level with another winner.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "award", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "award", "holder"], name="honours_one_award_per_holder"
            )
        ]

    def __str__(self) -> str:
        return f"{self.title}, {self.season}: {self.name}"


class MvpVote(models.Model):
    """The coaches' MVP vote of a season (off unless a commissioner opens it): open from
    ``opened_at`` until ``closes_at``; the commissioner's close names the winner."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="mvp_vote")
    opened_at = models.DateTimeField(auto_now_add=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    closes_at = models.DateTimeField(help_text="No ballot is taken after this.")
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "MVP vote"

    def __str__(self) -> str:
        return f"MVP vote of {self.season}"


class MvpBallot(models.Model):
    """A coach's one vote in a season's MVP vote, for a player of another team; he may
    change it until the vote closes."""

    vote = models.ForeignKey(MvpVote, on_delete=models.CASCADE, related_name="ballots")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    holder = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    url = models.CharField(max_length=200, blank=True)
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    cast_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "MVP ballot"
        constraints = [
            models.UniqueConstraint(fields=["vote", "coach"], name="honours_one_ballot_per_coach"),
            models.CheckConstraint(condition=~Q(holder=""), name="honours_ballot_names_a_player"),
        ]

    def __str__(self) -> str:
        return f"{self.coach} votes {self.name}"

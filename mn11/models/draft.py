"""E-S2: a season's Star Player draft and its picks.

Teams are the rules' keys as ``str(team.pk)``; cards are the rules' keys (``base-01``). The
draft keeps what the rules need to replay it (first-round order, pool, cards per team, snake)
and the draws that ordered teams the seeding left tied; each pick keeps its own draw when the
service made it (a missed deadline, automatic picks on)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.models import Season, Team
from rules import mn11 as rules

__all__ = ["Draft", "DraftPick"]


class Draft(models.Model):
    """A season's draft, started by its commissioner while the season is a draft."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="mn11_draft")
    order = models.JSONField(help_text="The first round's order: team ids, as strings.")
    cards = models.JSONField(help_text="The pool's card keys, in catalogue order.")
    per_team = models.PositiveSmallIntegerField()
    snake = models.BooleanField()
    auto_pick = models.BooleanField(help_text="E-S2: a missed deadline draws the pick.")
    pick_hours = models.PositiveSmallIntegerField(default=24)
    seed = models.BigIntegerField(help_text="Seeds the draws, so each can be reproduced.")
    draws = models.JSONField(default=list, help_text="The draws that ordered tied teams.")
    clock_started_at = models.DateTimeField(help_text="When the pick on the clock began.")
    started_at = models.DateTimeField(auto_now_add=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "Star Player draft"

    def __str__(self) -> str:
        return f"Star Player draft of {self.season}"

    def to_rules(self) -> rules.Draft:
        return rules.Draft(
            order=tuple(self.order),
            cards=tuple(self.cards),
            per_team=self.per_team,
            snake=self.snake,
        )


class DraftPick(models.Model):
    """One signing: the n-th pick of the draft, the team, the card, who made it (none: the
    service, at a missed deadline) and the draw when it was drawn."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="picks")
    number = models.PositiveSmallIntegerField(help_text="1-based over the whole draft.")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="mn11_picks")
    card = models.CharField(max_length=20)
    automatic = models.BooleanField(default=False)
    draw = models.JSONField(null=True, blank=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    made_at = models.DateTimeField()

    class Meta:
        ordering = ["draft", "number"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "card"], name="mn11_draft_card_once"),
            models.UniqueConstraint(fields=["draft", "number"], name="mn11_draft_pick_once"),
        ]

    def __str__(self) -> str:
        return f"Pick {self.number}: {self.card} to {self.team}"

    def to_rules(self) -> rules.DraftPick:
        return rules.DraftPick(team=str(self.team_id), card=self.card, automatic=self.automatic)

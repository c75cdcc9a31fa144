"""Injuries that last games (M-I1), career-ending ones (M-I2) and force-healing (M-I3)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from league.models import Fixture, Season
from rosters.models import Player


class Injury(models.Model):
    class State(models.TextChoices):
        OUT = "out", "Out"
        SERVED = "served", "Served"
        HEALED = "healed", "Force-healed"
        CAREER_OVER = "career_over", "Career over"

    # Indexed by the (player, fixture) constraint, which it leads.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="injuries", db_index=False
    )
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="injuries")
    fixture = models.ForeignKey(
        Fixture,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="injuries",
        help_text="The match in which the player was Incapacitated.",
    )
    duration_die = models.CharField(max_length=8)
    duration_roll = models.PositiveSmallIntegerField()
    games_out = models.PositiveSmallIntegerField(help_text="Games to miss (M-I1).")
    games_missed = models.PositiveSmallIntegerField(default=0)
    permanent_roll = models.PositiveSmallIntegerField(null=True, blank=True)
    permanent = models.BooleanField(default=False, help_text="Career-ending (M-I2).")
    state = models.CharField(max_length=12, choices=State.choices, default=State.OUT)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "injuries"
        constraints = [
            models.CheckConstraint(
                condition=Q(games_missed__lte=F("games_out")), name="games_missed_within_games_out"
            ),
            models.UniqueConstraint(
                fields=["player"], condition=Q(state="out"), name="one_open_injury_per_player"
            ),
            models.UniqueConstraint(
                fields=["player", "fixture"], name="one_injury_per_player_per_match"
            ),
        ]
        indexes = [models.Index(fields=["state"])]

    def __str__(self) -> str:
        return f"{self.player}: out {self.games_out} game(s)"

    @property
    def games_left(self) -> int:
        return max(self.games_out - self.games_missed, 0)


#: An open injury's state as an SQL literal, for the hand-written reads of open injuries. A
#: literal, not a parameter: a prepared statement's generic plan (psycopg prepares what is
#: sent twice) can then use the partial index of one_open_injury_per_player; with a
#: parameter, which could be any state, it scanned every injury of that state a player.
INJURY_OUT = f"'{Injury.State.OUT.value}'"


class ForceHealingAttempt(models.Model):
    """The one force-healing attempt an injury allows (M-I3): the player's die against a d10."""

    injury = models.OneToOneField(Injury, on_delete=models.CASCADE, related_name="force_healing")
    attempted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    player_result = models.PositiveSmallIntegerField()
    healer_result = models.PositiveSmallIntegerField(help_text="The d10, after re-rolled ties.")
    succeeded = models.BooleanField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(succeeded=True, player_result__gt=F("healer_result"))
                | Q(succeeded=False, player_result__lt=F("healer_result")),
                name="force_healing_higher_wins",
            )
        ]

    def __str__(self) -> str:
        outcome = "healed" if self.succeeded else "failed"
        return f"Force-healing of {self.injury.player}: {outcome}"

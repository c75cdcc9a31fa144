"""Players, their statistics and enhancements, and the dice ledger.

The dice ledger lives here, in the lowest app that knows players, so that every roll can
name its player with a real foreign key while imports still point one way (docs/architecture.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from league.choices import enum_choices
from league.models import AppendOnlyModel, Fixture, League, Season, Team
from rules.magnoball.vocabulary import EnhancementKind, Position, StatCategory, Status


class Player(models.Model):
    class String(models.TextChoices):
        FIRST = "first", "First string"
        SECOND = "second", "Second string"

    class RosterState(models.TextChoices):
        ACTIVE = "active", "Active"
        INJURED_LIST = "injured_list", "Injured list"
        RETIRED = "retired", "Career over"
        RELEASED = "released", "Released"

    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=60)
    shirt_number = models.PositiveSmallIntegerField(null=True, blank=True)
    position = models.CharField(max_length=12, choices=enum_choices(Position))
    string = models.CharField(max_length=6, choices=String.choices, default=String.FIRST)
    status = models.CharField(max_length=8, choices=enum_choices(Status), default=Status.PRO)
    # The status the player joined with; his status now follows from it and his career games
    # (M-P5), so a corrected result can recompute it rather than patch it.
    start_status = models.CharField(max_length=8, choices=enum_choices(Status), default=Status.PRO)
    # Two actions each, picked by the coach and fixed once chosen (M-P6, M-P8); an empty
    # list on a Veteran or Superstar means the picks are still due.
    veteran_actions = models.JSONField(default=list, blank=True)
    superstar = models.BooleanField(default=False)
    superstar_actions = models.JSONField(default=list, blank=True)
    roster_state = models.CharField(
        max_length=12, choices=RosterState.choices, default=RosterState.ACTIVE
    )
    called_up = models.BooleanField(
        default=False, help_text="Joined as a Rookie call-up rather than at team creation (M-P9)."
    )
    # Career games, kept by the result service; status progression counts them (M-P5).
    games_played = models.PositiveIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["team", "string", "id"]
        constraints = [
            models.UniqueConstraint(fields=["team", "name"], name="player_name_unique_in_team"),
            models.CheckConstraint(
                condition=Q(shirt_number__isnull=True) | Q(shirt_number__lte=99),
                name="shirt_number_at_most_99",
            ),
        ]
        indexes = [models.Index(fields=["team", "roster_state"])]

    def __str__(self) -> str:
        return self.name

    @property
    def position_enum(self) -> Position:
        return Position(self.position)

    @property
    def on_roster(self) -> bool:
        """Counts towards the 18 of the active roster (M-P9)."""
        return self.roster_state == self.RosterState.ACTIVE


class PlayerSeason(models.Model):
    """A player's season: games played and points scored for one team."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seasons")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="player_seasons")
    games_played = models.PositiveSmallIntegerField(default=0)
    points = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "season"], name="one_player_season")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.season}"


class PlayerSeasonStat(models.Model):
    """Attempts and successes in one action category over a season (M-P7)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_stats")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="player_stats")
    category = models.CharField(max_length=16, choices=enum_choices(StatCategory))
    attempts = models.PositiveIntegerField(default=0)
    successes = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "season", "category"], name="one_season_stat_per_category"
            ),
            models.CheckConstraint(
                condition=Q(successes__lte=F("attempts")), name="season_successes_within_attempts"
            ),
        ]
        indexes = [models.Index(fields=["season", "category", "-successes"])]

    def __str__(self) -> str:
        return f"{self.player} {self.category}: {self.successes}/{self.attempts}"


class Enhancement(models.Model):
    """An illegal enhancement fitted to a player (M-E1), inspected before each match (M-E2)."""

    class Removal(models.TextChoices):
        REMOVED = "removed", "Removed by the coach"
        BANNED = "banned", "Banned after inspection"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="enhancements")
    kind = models.CharField(max_length=20, choices=enum_choices(EnhancementKind))
    fitted_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    removal = models.CharField(max_length=8, choices=Removal.choices, blank=True)

    class Meta:
        ordering = ["player", "kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "kind"],
                condition=Q(removed_at__isnull=True),
                name="one_enhancement_of_each_kind",
            ),
            models.CheckConstraint(
                condition=Q(removed_at__isnull=True, removal="")
                | (Q(removed_at__isnull=False) & ~Q(removal="")),
                name="enhancement_removal_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} on {self.player}"

    @property
    def is_fitted(self) -> bool:
        return self.removed_at is None


class DiceRoll(AppendOnlyModel):
    """One roll of the dice ledger (M-D8): append-only, by the database too on PostgreSQL
    and SQLite (a trigger refuses updates)."""

    class Source(models.TextChoices):
        SERVER = "server", "Rolled by the server"
        TABLE = "table", "Rolled at the table"
        SIMULATION = "simulation", "Simulated match"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="dice_rolls")
    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, null=True, blank=True, related_name="dice_rolls"
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="dice_rolls"
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="dice_rolls"
    )
    fixture = models.ForeignKey(
        Fixture, on_delete=models.PROTECT, null=True, blank=True, related_name="dice_rolls"
    )
    rolled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="dice_rolls",
        help_text="Who asked for the roll; empty for the server.",
    )
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.SERVER)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entered_dice_rolls",
        help_text="Who entered the faces of a table roll: the rolling coach, or a "
        "commissioner for him; empty for dice the server rolled.",
    )
    sequence = models.PositiveIntegerField(
        default=0, help_text="Order of the roll within the batch it was made in."
    )
    purpose = models.CharField(max_length=40, db_index=True)
    die = models.CharField(max_length=8)
    faces = models.JSONField()
    modifier = models.SmallIntegerField(default=0)
    result = models.SmallIntegerField()
    detail = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at", "sequence", "id"]
        verbose_name = "dice roll"
        verbose_name_plural = "dice rolls"
        indexes = [models.Index(fields=["fixture", "sequence"])]

    def __str__(self) -> str:
        return f"{self.purpose}: {self.die} → {self.result}"

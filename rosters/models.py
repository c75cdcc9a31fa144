"""Players, their statistics and enhancements, and the dice ledger.

The dice ledger lives here, in the lowest app that knows players, so that every roll can
name its player with a real foreign key while imports still point one way (docs/architecture.md).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q

from league.choices import enum_choices
from league.models import AppendOnlyModel, Fixture, League, Season, Team
from rules.magnoball.settings import LoweringDieType, ProgressionMode, RuleSettings, TieBreaker
from rules.magnoball.vocabulary import EnhancementKind, Position, StatCategory, Status


def _default_tie_breakers() -> list[str]:
    return [str(tie_breaker) for tie_breaker in RuleSettings().tie_breakers]


class SeasonRules(models.Model):
    """A MagnoBall season's rule settings. Field names mirror the engine's RuleSettings one to
    one. They live in rosters, the lowest of MagnoBall's apps, because rosters, injuries and
    games all read them; the core reaches them only through the ruleset (games/ruleset.py)."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="rules"
    )
    lowering_die_type = models.CharField(
        max_length=10, choices=enum_choices(LoweringDieType), default=LoweringDieType.FORBID
    )
    status_roll = models.BooleanField(default=True)
    superstars = models.BooleanField(default=True)
    progression_mode = models.CharField(
        max_length=10,
        choices=enum_choices(ProgressionMode),
        default=ProgressionMode.GAMES,
    )
    rookie_to_pro_games = models.PositiveSmallIntegerField(default=3)
    pro_to_veteran_games = models.PositiveSmallIntegerField(default=25)
    stat_level_1 = models.PositiveSmallIntegerField(default=10)
    stat_level_2 = models.PositiveSmallIntegerField(default=20)
    mid_game_replacements = models.BooleanField(default=False)
    board_columns = models.PositiveSmallIntegerField(default=10)
    board_rows = models.PositiveSmallIntegerField(default=20)
    activation_limit = models.PositiveSmallIntegerField(default=400)
    activations_per_turn = models.PositiveSmallIntegerField(default=1)
    evading_rushing = models.BooleanField(default=True)
    assault = models.BooleanField(default=True)
    striking = models.BooleanField(default=True)
    pass_blocking = models.BooleanField(default=True)
    goal_zones = models.BooleanField(default=False)
    ricochet = models.BooleanField(default=False)
    substitute_goalie_at_once = models.BooleanField(default=True)
    permanent_injuries = models.BooleanField(default=True)
    force_healing = models.BooleanField(default=True)
    enhancements = models.BooleanField(default=True)
    points_win = models.PositiveSmallIntegerField(default=3)
    points_overtime_win = models.PositiveSmallIntegerField(default=2)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_overtime_loss = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    tie_breakers = models.JSONField(default=_default_tie_breakers)
    # Not game rules but league procedures: who rolls, the server (default) or the coaches at
    # the table, who enter their faces (docs/rules-decisions.md, "Table dice").
    coaches_roll_injuries = models.BooleanField(
        default=False,
        help_text="Coaches enter their table rolls for injuries (M-I1, M-I2); "
        "otherwise the server rolls them.",
    )
    coaches_roll_inspections = models.BooleanField(
        default=False,
        help_text="Each coach enters his d10 for every inspection (M-E2); "
        "otherwise the server rolls both.",
    )
    coaches_roll_force_healing = models.BooleanField(
        default=False,
        help_text="The coach enters his force-healing dice (M-I3); "
        "otherwise the server rolls them.",
    )
    coaches_roll_creation = models.BooleanField(
        default=False,
        help_text="A new team's status and Superstar d12s are entered from the table "
        "(M-P4, M-P8); otherwise the server rolls them.",
    )

    #: The kinds of roll a season may leave to the coaches' own dice, and the setting of each.
    TABLE_DICE: ClassVar[dict[str, str]] = {
        "inspections": "coaches_roll_inspections",
        "force_healing": "coaches_roll_force_healing",
        "creation": "coaches_roll_creation",
        "injuries": "coaches_roll_injuries",
    }

    class Meta:
        verbose_name = "season rules"
        verbose_name_plural = "season rules"

    def __str__(self) -> str:
        return f"Rules of {self.season}"

    def table_dice(self, kind: str) -> bool:
        """Whether the coaches roll this kind (a key of TABLE_DICE) and enter the faces."""
        return bool(getattr(self, self.TABLE_DICE[kind]))

    def to_engine(self) -> RuleSettings:
        values: dict[str, Any] = {
            field.name: getattr(self, field.name) for field in dataclasses.fields(RuleSettings)
        }
        values["lowering_die_type"] = LoweringDieType(values["lowering_die_type"])
        values["progression_mode"] = ProgressionMode(values["progression_mode"])
        try:
            values["tie_breakers"] = tuple(TieBreaker(key) for key in values["tie_breakers"])
        except (TypeError, ValueError):
            values["tie_breakers"] = ()
        return RuleSettings(**values)

    def clean(self) -> None:
        # The engine owns the bounds of every setting; the form shows its messages.
        errors = self.to_engine().errors()
        if errors:
            raise ValidationError(errors)


class Player(models.Model):
    class String(models.TextChoices):
        FIRST = "first", "First string"
        SECOND = "second", "Second string"

    class RosterState(models.TextChoices):
        ACTIVE = "active", "Active"
        INJURED_LIST = "injured_list", "Injured list"
        RETIRED = "retired", "Career over"
        RELEASED = "released", "Released"

    # Indexed by (team, roster_state) and by the (team, name) constraint, which it leads: a
    # third index of its own cost every write of a player (a result writes a dozen).
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="players", db_index=False)
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

    # Indexed by the unique (player, season) constraint, which it leads.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="seasons", db_index=False
    )
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

    # Each indexed by an index it leads: the unique (player, season, category) constraint and
    # the (season, category, -successes) index.
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="season_stats", db_index=False
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="player_stats", db_index=False
    )
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
    # What a roll names is written only by the services that roll (rosters.services.
    # ledger_record), under the locks of the fixture or player they roll for, or by the
    # league import (which refuses a file's unknown references), and never changed after:
    # the league, season and team are copies of its fixture's or player's, and the fixture
    # and player are held by rows that keep their constraints (a simulation's line-up and
    # appearances, an injury, an inspection). So no key carries a constraint of its own:
    # their checks at a simulation's several hundred rolls were most of its commit
    # (docs/architecture.md, docs/performance.md). PROTECT still refuses deleting what a
    # roll names.
    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="dice_rolls", db_constraint=False
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dice_rolls",
        db_constraint=False,
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dice_rolls",
        db_constraint=False,
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dice_rolls",
        db_constraint=False,
    )
    # Indexed by the ledger's (fixture, sequence) index below, which it leads.
    fixture = models.ForeignKey(
        Fixture,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dice_rolls",
        db_index=False,
        db_constraint=False,
    )
    # Empty for every roll the server makes (a simulation's several hundred): indexed only
    # where set, below, so those rolls write no entry for it (nor for entered_by).
    rolled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="dice_rolls",
        db_index=False,
        help_text="Who asked for the roll; empty for the server.",
    )
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.SERVER)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entered_dice_rolls",
        db_index=False,
        help_text="Who entered the faces of a table roll: the rolling coach, or a "
        "commissioner for him; empty for dice the server rolled.",
    )
    sequence = models.PositiveIntegerField(
        default=0, help_text="Order of the roll within the batch it was made in."
    )
    # Indexed below (Meta), not by db_index: on PostgreSQL that adds a second index for
    # LIKE 'x%', which no query of the ledger makes.
    purpose = models.CharField(max_length=40)
    die = models.CharField(max_length=8)
    faces = models.JSONField()
    modifier = models.SmallIntegerField(default=0)
    result = models.SmallIntegerField()
    detail = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at", "sequence", "id"]
        verbose_name = "dice roll"
        verbose_name_plural = "dice rolls"
        indexes = [
            models.Index(fields=["fixture", "sequence"]),
            models.Index(fields=["purpose"], name="diceroll_purpose"),
            models.Index(
                fields=["rolled_by"],
                name="diceroll_rolled_by",
                condition=models.Q(rolled_by__isnull=False),
            ),
            models.Index(
                fields=["entered_by"],
                name="diceroll_entered_by",
                condition=models.Q(entered_by__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.purpose}: {self.die} → {self.result}"

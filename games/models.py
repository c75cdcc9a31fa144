"""What happens in a fixture: lineups, inspections, the result with its stat lines and
events, and the simulation jobs that play fixtures on Celery workers."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from league.choices import enum_choices
from league.models import Fixture, Result, Team
from rosters.models import Enhancement, Player
from rules.magnoball.lineup import Fill
from rules.magnoball.vocabulary import Position, StatCategory


class LineupEntry(models.Model):
    """Who may take the field for a team in a fixture, fixed at kick-off (when the result is
    recorded or the simulation starts, games/services/lineups.py): the starters in the first-string
    places, each out first-stringer replaced as M-P3 says, and the fit reserves on the
    bench."""

    # Indexed by the unique (fixture, player) constraint, which it leads.
    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="lineup", db_index=False
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="lineup_entries")
    position = models.CharField(max_length=12, choices=enum_choices(Position))
    starter = models.BooleanField(help_text="On the field at kick-off; otherwise on the bench.")
    place = models.CharField(
        max_length=20, blank=True, help_text="The first-string place he starts in, e.g. wingback-2."
    )
    fill = models.CharField(
        max_length=12,
        choices=enum_choices(Fill),
        blank=True,
        help_text="How his place was filled (M-P3); blank on the bench.",
    )
    replaces = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The first-stringer out of the match whose place he takes.",
    )

    class Meta:
        ordering = ["fixture", "team", "-starter", "id"]
        verbose_name_plural = "lineup entries"
        constraints = [
            models.UniqueConstraint(fields=["fixture", "player"], name="player_once_in_lineup")
        ]

    def __str__(self) -> str:
        return f"{self.player} ({'starter' if self.starter else 'bench'})"


class LineupChoice(models.Model):
    """A reserve the coach named for a vacant first-string place of a fixture (M-P3: "a
    coach may name another fit reserve instead before the match"); it counts when the
    line-up is fixed at kick-off if the place is still vacant and the reserve still fit."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="lineup_choices")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    place = models.CharField(max_length=20, help_text="The first-string place, e.g. wingback-2.")
    reserve = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    chosen_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["fixture", "team", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "team", "place"], name="one_choice_per_place"
            ),
            models.UniqueConstraint(fields=["fixture", "reserve"], name="reserve_named_once"),
        ]

    def __str__(self) -> str:
        return f"{self.reserve} for {self.place}"


class Inspection(models.Model):
    """One enhancement in a player's pre-game inspection (M-E2): the player is inspected once,
    so all his enhancements share the two rolls, and each detected one awaits its own
    decision."""

    class Decision(models.TextChoices):
        UNDETECTED = "undetected", "Not detected"
        PENDING = "pending", "Detected: decision pending"
        ALLOWED = "allowed", "Allowed for this match"
        BANNED = "banned", "Banned"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="inspections")
    enhancement = models.ForeignKey(
        Enhancement, on_delete=models.PROTECT, related_name="inspections"
    )
    owner_roll = models.PositiveSmallIntegerField(help_text="The owning coach's d10.")
    inspector_roll = models.PositiveSmallIntegerField(help_text="The opposing coach's d10.")
    decision = models.CharField(max_length=10, choices=Decision.choices)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fixture", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture", "enhancement"], name="one_inspection_per_enhancement"
            ),
            # Only a higher opposing roll detects (M-E2).
            models.CheckConstraint(
                condition=Q(decision="undetected", inspector_roll__lte=F("owner_roll"))
                | (~Q(decision="undetected") & Q(inspector_roll__gt=F("owner_roll"))),
                name="inspection_detects_on_higher_roll",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.enhancement}: {self.get_decision_display()}"

    @property
    def detected(self) -> bool:
        return self.decision != self.Decision.UNDETECTED


class TableInspection(models.Model):
    """A player's inspection (M-E2) in a season whose coaches roll at the table: it awaits
    the owner's coach's d10 and the opposing coach's d10, each entered by that coach (or a
    commissioner for him). With both in, the engine resolves it (games/services/inspections.py)
    and writes the usual Inspection rows; until then the fixture stays in inspections."""

    class Side(models.TextChoices):
        OWNER = "owner", "The owner's coach"
        INSPECTOR = "inspector", "The opposing coach"

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="table_inspections")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The enhancements he carried when the round opened: the ones this inspection covers.
    enhancement_ids = models.JSONField(default=list)
    owner_roll = models.PositiveSmallIntegerField(null=True, blank=True)
    owner_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    inspector_roll = models.PositiveSmallIntegerField(null=True, blank=True)
    inspector_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["fixture", "id"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "player"], name="one_table_inspection"),
            models.CheckConstraint(
                condition=Q(resolved_at__isnull=True)
                | Q(owner_roll__isnull=False, inspector_roll__isnull=False),
                name="table_inspection_resolved_with_both_rolls",
            ),
        ]

    def __str__(self) -> str:
        return f"Inspection of {self.player} in {self.fixture}"

    def missing(self) -> list[str]:
        """The sides whose roll is still to enter."""
        return [s for s in self.Side if getattr(self, f"{s}_roll") is None]


class Appearance(models.Model):
    """A player who took the field in a match, with the points he scored."""

    # Indexed by the unique (result, player) constraint, which it leads. Written only with
    # its result, in the transaction that records it (or corrects it), and deleted with it by
    # Django's CASCADE: no constraint, whose check ran for each line at commit, as the match
    # events' (docs/performance.md).
    result = models.ForeignKey(
        Result,
        on_delete=models.CASCADE,
        related_name="appearances",
        db_index=False,
        db_constraint=False,
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="appearances")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    points = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["result", "player"], name="one_appearance_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.result}"


class StatLine(models.Model):
    """A player's attempts and successes in one action category in one match (M-P7)."""

    # Indexed by the unique (appearance, category) constraint, which it leads. Written only
    # with its appearance and deleted with it (CASCADE, by Django): no constraint, as the
    # appearance's result.
    appearance = models.ForeignKey(
        Appearance,
        on_delete=models.CASCADE,
        related_name="stat_lines",
        db_index=False,
        db_constraint=False,
    )
    category = models.CharField(max_length=16, choices=enum_choices(StatCategory))
    attempts = models.PositiveSmallIntegerField(default=0)
    successes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["appearance", "category"], name="one_stat_line_per_category"
            ),
            models.CheckConstraint(
                condition=Q(successes__lte=F("attempts")), name="successes_within_attempts"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.category}: {self.successes}/{self.attempts}"


class MatchEvent(models.Model):
    """One step of a simulated match, in order, with board positions for the replay."""

    # Indexed by the unique (result, sequence) constraint, which it leads. Written only with
    # its result, in the transaction that records it, and deleted with it (CASCADE, by
    # Django): no constraint, whose check ran for each of a simulation's ~200 events at
    # commit (docs/performance.md).
    result = models.ForeignKey(
        Result,
        on_delete=models.CASCADE,
        related_name="events",
        db_index=False,
        db_constraint=False,
    )
    sequence = models.PositiveIntegerField()
    half = models.PositiveSmallIntegerField(help_text="1 and 2, then 3 for overtime.")
    kind = models.CharField(max_length=30)
    # One of its result's two teams, copied from the fixture, and one of the players of its
    # line-up (whose entries and appearances keep their constraints): no constraint of their
    # own, as the dice ledger's keys (rosters.models.DiceRoll), PROTECT still holds.
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        db_constraint=False,
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="match_events",
        db_constraint=False,
    )
    text = models.CharField(max_length=300)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["result", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["result", "sequence"], name="event_sequence_unique")
        ]

    def __str__(self) -> str:
        return f"{self.sequence}. {self.text}"


class SimulationJob(models.Model):
    """A simulation of one fixture. It *waits* in the database while its fixture cannot be
    played yet (an earlier fixture of its teams, or a decision), is *queued* once it can and
    its id is handed to the broker, and is *running* while exactly one worker holds it
    (games/services/job_queue.py, games/services/job_runner.py)."""

    class State(models.TextChoices):
        WAITING = "waiting", "Waiting"
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    #: States of a job that will still play its fixture: one such job a fixture at most.
    LIVE_STATES = (State.WAITING, State.QUEUED, State.RUNNING)

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="simulation_jobs")
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    waiting_reason = models.CharField(
        max_length=300, blank=True, help_text="What a waiting job waits for, in words."
    )
    progress = models.PositiveSmallIntegerField(default=0, help_text="Per cent done.")
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=20, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    worker = models.CharField(max_length=200, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="When it last became ready to run."
    )
    sent_at = models.DateTimeField(
        null=True, blank=True, help_text="When its id was last handed to the broker."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life of the worker running it."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    dismissed_at = models.DateTimeField(
        null=True, blank=True, help_text="A failed job the commissioner has dealt with."
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["fixture"],
                condition=Q(state__in=["waiting", "queued", "running"]),
                name="one_live_simulation_per_fixture",
            ),
            models.CheckConstraint(condition=Q(progress__lte=100), name="progress_is_a_percentage"),
        ]
        indexes = [models.Index(fields=["state"])]

    def __str__(self) -> str:
        return f"Simulation of {self.fixture} ({self.get_state_display()})"

    @property
    def live(self) -> bool:
        return self.state in self.LIVE_STATES

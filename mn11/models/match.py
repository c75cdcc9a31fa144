"""E-S1, E-S3, E-D1 … E-D5, E-R1: match day (the Away set, GK picks, line-ups) and reports.

Sides are stored as "home"/"away" (rules.mn11.Side) and cards by their keys (a Player Card's,
or a GK card's ``gk-…``), as the rules name them; the teams are the fixture's."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.choices import enum_choices
from league.models import Fixture, Result, Team
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

__all__ = ["Lineup", "MatchDay", "Report", "ReportEvent", "ReportKick"]


class MatchDay(models.Model):
    """E-S1, E-S3: a fixture's Away card set (the Away coach's) and GK picks (Home, then
    Away), as chosen before the match; blank until chosen."""

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, primary_key=True, related_name="mn11_match_day"
    )
    away_set = models.CharField(max_length=10, choices=enum_choices(AwaySet), blank=True)
    gk_home = models.CharField(max_length=20, choices=enum_choices(GkCard), blank=True)
    gk_away = models.CharField(max_length=20, choices=enum_choices(GkCard), blank=True)

    def __str__(self) -> str:
        return f"Match day of {self.fixture}"


class Lineup(models.Model):
    """E-S3: one team's starting line-up for a fixture: 11 Player Card keys (the GK card's
    among them with GK cards on), sealed from the other coach until both are in."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="mn11_lineups")
    side = models.CharField(max_length=4, choices=enum_choices(Side))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    cards = models.JSONField(default=list)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["fixture", "side"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "side"], name="mn11_lineup_unique")
        ]

    def __str__(self) -> str:
        return f"{self.team} line-up for {self.fixture}"


class Report(models.Model):
    """E-R1: a match's report beside the core's result: the Away set and GK picks it was
    played with and the shootout's winner (None: no shootout)."""

    result = models.OneToOneField(
        Result, on_delete=models.CASCADE, primary_key=True, related_name="mn11_report"
    )
    away_set = models.CharField(max_length=10, choices=enum_choices(AwaySet))
    gk_home = models.CharField(max_length=20, choices=enum_choices(GkCard), blank=True)
    gk_away = models.CharField(max_length=20, choices=enum_choices(GkCard), blank=True)
    shootout_winner = models.CharField(max_length=4, choices=enum_choices(Side), blank=True)

    def __str__(self) -> str:
        return f"Report of {self.result}"


class ReportEvent(models.Model):
    """E-R1: one event of the match, in order: a goal (E-R1), a VAR decision (E-D1, E-D2), a
    corner kick (E-D4), a card sent off (E-D3) or a GK skill used (E-S3). `side` scored,
    attacked, took the corner, lost the card or used its GK card's skill; `card` is the
    scorer, the card sent off or the card a VAR decision's Warning went to; the fields a
    kind does not use stay blank."""

    class Kind(models.TextChoices):
        GOAL = "goal", "Goal"
        VAR = "var", "VAR decision"
        CORNER = "corner", "Corner kick"
        SEND_OFF = "send_off", "Sent off"
        GK_SKILL = "gk_skill", "GK skill used"

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="events")
    order = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    side = models.CharField(max_length=4, choices=enum_choices(Side))
    half = models.PositiveSmallIntegerField()
    card = models.CharField(max_length=40, blank=True)
    goal_kind = models.CharField(max_length=20, choices=enum_choices(GoalKind), blank=True)
    strength = models.SmallIntegerField(null=True, blank=True)
    var_card = models.CharField(max_length=20, choices=enum_choices(VarCard), blank=True)
    magic_number = models.BooleanField(default=False)
    warning = models.BooleanField(default=False)
    attempts = models.JSONField(default=list, blank=True)
    attack_power = models.SmallIntegerField(null=True, blank=True)
    defence_power = models.SmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["report", "order"]
        constraints = [
            models.UniqueConstraint(fields=["report", "order"], name="mn11_event_order_unique")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.order + 1} ({self.side}, half {self.half})"


class ReportKick(models.Model):
    """E-D5: one shootout kick, in order: the kicking side, scored or missed, the kicker."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="kicks")
    order = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=4, choices=enum_choices(Side))
    scored = models.BooleanField()
    card = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["report", "order"]
        constraints = [
            models.UniqueConstraint(fields=["report", "order"], name="mn11_kick_order_unique")
        ]

    def __str__(self) -> str:
        return f"Kick {self.order + 1} ({self.side}): {'scored' if self.scored else 'missed'}"

"""A Magic Number Eleven season's settings (E-S2 … E-L1) and the names a league gives its Star
Player cards (E-S2)."""

from __future__ import annotations

from django.db import models

from league.choices import enum_choices
from league.models import League, Season
from rules import mn11 as rules
from rules.mn11 import DraftSeeding, StarPool

_DEFAULTS = rules.Mn11Settings()


def _default_tie_breakers() -> list[str]:
    return [str(breaker) for breaker in _DEFAULTS.tie_breakers]


class SeasonSettings(models.Model):
    """A season's settings; field names mirror `rules.mn11.Mn11Settings` one to one (a test
    checks it). Frozen once the season leaves draft."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="mn11_settings"
    )
    star_pool = models.CharField(
        max_length=20, choices=enum_choices(StarPool), default=_DEFAULTS.star_pool.value
    )
    stars_per_team = models.PositiveSmallIntegerField(default=_DEFAULTS.stars_per_team)
    draft_snake = models.BooleanField(default=_DEFAULTS.draft_snake)
    draft_seeding = models.CharField(
        max_length=20, choices=enum_choices(DraftSeeding), default=_DEFAULTS.draft_seeding.value
    )
    draft_auto_pick = models.BooleanField(default=_DEFAULTS.draft_auto_pick)
    gk_expansion = models.BooleanField(default=_DEFAULTS.gk_expansion)
    sent_off_suspension = models.BooleanField(default=_DEFAULTS.sent_off_suspension)
    shootout_league = models.BooleanField(default=_DEFAULTS.shootout_league)
    shootout_knockout = models.BooleanField(default=_DEFAULTS.shootout_knockout)
    points_win = models.PositiveSmallIntegerField(default=_DEFAULTS.points_win)
    points_draw = models.PositiveSmallIntegerField(default=_DEFAULTS.points_draw)
    points_loss = models.PositiveSmallIntegerField(default=_DEFAULTS.points_loss)
    points_shootout_win = models.PositiveSmallIntegerField(default=_DEFAULTS.points_shootout_win)
    points_shootout_loss = models.PositiveSmallIntegerField(default=_DEFAULTS.points_shootout_loss)
    tie_breakers = models.JSONField(default=_default_tie_breakers)

    class Meta:
        verbose_name = "Magic Number Eleven settings"
        verbose_name_plural = "Magic Number Eleven settings"

    def __str__(self) -> str:
        return f"Magic Number Eleven settings of {self.season}"

    def to_rules(self) -> rules.Mn11Settings:
        names = rules.Mn11Settings.__dataclass_fields__
        return rules.Mn11Settings.from_mapping({name: getattr(self, name) for name in names})


class StarName(models.Model):
    """E-S2: the name a league's commissioner gave one Star Player card (by its key,
    ``base-01`` … ``expansion-09``); a card without one keeps its placeholder."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="mn11_star_names")
    key = models.CharField(max_length=20)
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["league", "key"]
        constraints = [
            models.UniqueConstraint(fields=["league", "key"], name="mn11_star_name_unique")
        ]

    def __str__(self) -> str:
        return f"{self.key}: {self.name}"

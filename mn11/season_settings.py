"""A Magic Number Eleven season's settings: created from the league's latest season or the
defaults, changed while the season is a draft, validated by rules.mn11.Mn11Settings. The core
reaches them through the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.game_settings import SeasonSettingsRows
from league.models import Season
from mn11.errors import Mn11Error
from mn11.models import SeasonSettings
from rules import mn11 as rules

ROWS = SeasonSettingsRows(SeasonSettings, error=Mn11Error, label="Magic Number Eleven")
SETTING_FIELDS = ROWS.fields


def season_settings_create(
    *, season: Season, previous: Season | None, changes: Mapping[str, Any]
) -> SeasonSettings:
    """`season`'s settings: `previous`'s (or the defaults) with `changes` on top, validated."""
    return ROWS.create(season=season, previous=previous, changes=changes)


def season_settings_update(
    *, season: Season, changes: Mapping[str, Any]
) -> tuple[SeasonSettings, dict[str, Any], dict[str, Any]]:
    """Apply `changes` to a draft season's settings; the row and its values before and
    after, for the audit log."""
    return ROWS.update(season=season, changes=changes)


def season_rules(*, season: Season | None) -> rules.Mn11Settings:
    """The season's settings as the rules read them (the defaults where it has none)."""
    row = SeasonSettings.objects.filter(season=season).first() if season else None
    return row.to_rules() if row else rules.Mn11Settings()

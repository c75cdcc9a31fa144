"""An Arenaball season's settings (the reference's *(setting)* marks): created from the league's
latest season or the defaults, changed while the season is a draft, validated by
rules.arenaball.ArenaballSettings. The core reaches them through the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arenaball.errors import ArenaballError
from arenaball.models import SeasonSettings
from league.game_settings import SeasonSettingsRows
from league.models import Season

ROWS = SeasonSettingsRows(SeasonSettings, error=ArenaballError, label="Arenaball")
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


def season_settings(season: Season) -> SeasonSettings:
    """The season's settings row (created with the defaults for a season that predates it)."""
    settings, _ = SeasonSettings.objects.get_or_create(season=season)
    return settings

"""Arenaball's season settings in the API, a season's ``rules`` when its league plays
Arenaball: its ruleset's ``api_season_rules`` (api/season_rules.py). A season without its row
answers the defaults (arenaball.season_settings)."""

from __future__ import annotations

from api.season_rules import rules_serializer
from arenaball.models import SeasonSettings

ArenaballSeasonRulesSerializer = rules_serializer(
    "arenaball", SeasonSettings, "ArenaballSeasonRules"
)

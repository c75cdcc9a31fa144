"""Magic Number Eleven's season settings in the API, a season's ``rules`` when its league
plays it: its ruleset's ``api_season_rules`` (api/season_rules.py). A season without its row
answers the defaults (mn11.season_settings)."""

from __future__ import annotations

from api.season_rules import rules_serializer
from mn11.models import SeasonSettings

Mn11SeasonRulesSerializer = rules_serializer("mn11", SeasonSettings, "Mn11SeasonRules")

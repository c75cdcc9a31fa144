"""MagnoBall's season rules in the API, a season's ``rules`` when its league plays MagnoBall:
its ruleset's ``api_season_rules`` (api/season_rules.py)."""

from __future__ import annotations

from api.season_rules import rules_serializer
from rosters.models import SeasonRules

MagnoBallSeasonRulesSerializer = rules_serializer("magnoball", SeasonRules, "MagnoBallSeasonRules")

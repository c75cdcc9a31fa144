"""MagnoBall as the core sees it: the first ruleset (league/rulesets.py), registered by
games/apps.py. Each method hands over to the MagnoBall app that owns the subject."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models

from games.demo import demo_league_build
from league.demo import DemoSummary
from league.models import Season
from league.rulesets import Ruleset
from rosters.admin.season_rules import SeasonRulesInline
from rosters.models import SeasonRules
from rosters.season_rules import season_rules_create, season_rules_update
from rules.standings import TableSettings


class MagnoBallRuleset(Ruleset):
    key = "magnoball"
    label = "MagnoBall"
    reference = "docs/rules-magnoball.md"
    simulates = True
    urls = ("games.urls", "rosters.urls", "injuries.urls")
    api_urls = ("api.magnoball_urls",)

    def season_settings_create(
        self, *, season: Season, previous: Season | None, changes: Mapping[str, Any]
    ) -> None:
        season_rules_create(season=season, previous=previous, changes=changes)

    def season_settings_update(
        self, *, season: Season, changes: Mapping[str, Any]
    ) -> tuple[models.Model, dict[str, Any], dict[str, Any]]:
        return season_rules_update(season=season, changes=changes)

    def demo_build(self, *, seed: int) -> DemoSummary:
        return demo_league_build(seed=seed)

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (SeasonRulesInline,)

    def table_settings(self, *, season: Season) -> TableSettings:
        rules: SeasonRules = season.rules  # one query, none when select_related
        return rules.to_engine().table()


MAGNOBALL = MagnoBallRuleset()

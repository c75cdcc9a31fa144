"""Magic Number Eleven as the core sees it (league/rulesets.py), registered by mn11/apps.py.
No simulator: results are reported from the table (E-R1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models

from league.admin.steps import Step
from league.models import Season
from league.rulesets import Ruleset
from mn11 import season_settings
from mn11.admin.season_settings import SeasonSettingsInline
from mn11.season_settings import season_rules
from rules.standings import TableSettings


class Mn11Ruleset(Ruleset):
    key = "mn11"
    label = "Magic Number Eleven"
    reference = "docs/rules-mn11.md"
    simulates = False
    table_rules = "E-L1"
    #: E-L1: a shootout win or loss counts as the shared table's overtime result.
    overtime = True
    urls = ("mn11.urls",)
    api_urls = ("api.mn11_urls",)

    def season_settings_create(
        self, *, season: Season, previous: Season | None, changes: Mapping[str, Any]
    ) -> None:
        season_settings.season_settings_create(season=season, previous=previous, changes=changes)

    def season_settings_update(
        self, *, season: Season, changes: Mapping[str, Any]
    ) -> tuple[models.Model, dict[str, Any], dict[str, Any]]:
        return season_settings.season_settings_update(season=season, changes=changes)

    def table_settings(self, *, season: Season) -> TableSettings:
        return season_rules(season=season).table()

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (SeasonSettingsInline,)

    def season_admin_steps(self) -> Sequence[Step]:
        from mn11.admin.draft import DRAFT_START_STEP  # the admin module imports the services

        return (DRAFT_START_STEP,)


MN11 = Mn11Ruleset()

"""Magic Number Eleven as the core sees it (league/rulesets.py), registered by mn11/apps.py.
No simulator: results are reported from the table (E-R1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models

from league.admin.steps import Step
from league.capabilities import Panel
from league.capabilities.admin_fixtures import FixtureAdminParts
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.admin_teams import TeamAdminParts
from league.capabilities.api import ApiParts
from league.capabilities.csv import Csv
from league.capabilities.demo import Demo
from league.capabilities.exchange import Exchange
from league.capabilities.honours import Honours
from league.capabilities.pages import SeasonPages
from league.capabilities.rosters import Rosters
from league.capabilities.settings import SeasonSettings
from league.capabilities.table import TableExtras
from league.demo import DemoSummary
from league.honours.awards import HolderKind
from league.models import Fixture, Season
from league.rulesets import GameCounts, Ruleset
from mn11 import csv_tables, honours, season_settings, selectors
from mn11.admin.reports import REPORT_STEPS, report_panels, season_room_context
from mn11.admin.season_settings import SeasonSettingsInline
from mn11.demo import demo_league_build
from mn11.exchange import MN11_TABLES
from mn11.models import Report, ReportEvent
from mn11.season_settings import season_rules
from mn11.services import MN11_RESULTS
from rules.mn11 import MAGIC_NUMBER_GOALS, RED_CARDS, GoalKind
from rules.standings import TableSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.exchange.tables import Table
    from league.selectors.coaching import CoachTeam


class Mn11Ruleset(
    Ruleset,
    SeasonSettings,
    TableExtras,
    Rosters,
    SeasonPages,
    Exchange,
    Csv,
    Honours,
    ApiParts,
    Demo,
    SeasonAdminParts,
    TeamAdminParts,
    FixtureAdminParts,
):
    key = "mn11"
    label = "Magic Number Eleven"
    reference = "docs/rules-mn11.md"
    simulates = False
    table_rules = "E-L1"
    #: E-L1: a shootout win or loss counts as the shared table's overtime result.
    overtime = True
    urls = ("mn11.urls",)
    app_labels = ("mn11",)
    api_urls = ("mn11.api.urls",)
    team_view = "mn11.views.team_page"
    fixture_view = "mn11.views.fixture_page"
    season_nav_template = "mn11/includes/season_nav.html"
    result_seam = MN11_RESULTS
    api_season_rules = "mn11.api.season_rules.Mn11SeasonRulesSerializer"
    api_error_codes = "mn11.api.errors.ERROR_CODES"

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

    def table_counts(self, *, season: Season) -> Mapping[int, GameCounts]:
        """E-L1: each side's Magic Number goals and red cards (Player Cards sent off)."""
        counts: dict[int, dict[tuple[str, str], int]] = {}
        events = ReportEvent.objects.filter(
            report__result__fixture__round__season=season
        ).values_list("report__result__fixture_id", "kind", "goal_kind", "side")
        for fixture_id, kind, goal_kind, side in events:
            key = _COUNTED.get((kind, goal_kind))
            if key is not None:
                tally = counts.setdefault(fixture_id, {})
                tally[(side, key)] = tally.get((side, key), 0) + 1
        return {
            fixture_id: tuple(  # type: ignore[misc]
                tuple((key, tally.get((side, key), 0)) for key in _COUNT_KEYS)
                for side in ("home", "away")
            )
            for fixture_id, tally in counts.items()
        }

    def table_level_winners(self, *, season: Season) -> Mapping[int, int]:
        """E-D5, E-L1: a level match's shootout winner, an overtime win in the table."""
        winners = Report.objects.filter(result__fixture__round__season=season).exclude(
            shootout_winner=""
        )
        return {
            fixture_id: home if side == "home" else away
            for fixture_id, side, home, away in winners.values_list(
                "result__fixture_id",
                "shootout_winner",
                "result__fixture__home_team_id",
                "result__fixture__away_team_id",
            )
        }

    def team_creation_lines(self) -> Sequence[str]:
        # A signed-up coach's team too: it is made by the core, its squad signed later.
        return (
            "No Star Players yet: the team signs its own in the season's draft, before the "
            "season (E-S2)",
        )

    def coach_teams(self, *, user: User) -> Sequence[CoachTeam]:
        return selectors.coach_teams(user=user, ruleset=self.key)

    def demo_build(self, *, seed: int) -> DemoSummary | None:
        return demo_league_build(seed=seed)

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (SeasonSettingsInline,)

    def season_admin_steps(self) -> Sequence[Step]:
        from mn11.admin.draft import DRAFT_START_STEP  # the admin module imports the services

        return (DRAFT_START_STEP,)

    # --- the season's control room: matches to report, links to the fixtures' admin ----------

    season_room_template = "admin/mn11/season_control_room.html"

    def season_room_context(self, *, season: Season) -> dict[str, Any]:
        return season_room_context(season=season)

    def fixture_admin_steps(self) -> Sequence[Step]:
        return REPORT_STEPS

    def fixture_admin_panels(self, *, fixture: Fixture) -> Sequence[Panel]:
        return report_panels(fixture)

    # --- the league's JSON document (mn11/exchange.py, docs/data.md) -------------------------

    def exchange_tables(self) -> Sequence[Table]:
        return MN11_TABLES

    # --- CSV export and import (mn11/csv_tables.py) --------------------------------------

    csv_players = staticmethod(csv_tables.csv_players)

    csv_result_columns = csv_tables.RESULT_COLUMNS

    csv_result_record = staticmethod(csv_tables.csv_result_record)

    # --- honours (league/honours): mn11/honours.py ------------------------------------------

    season_awards = staticmethod(honours.season_awards)
    mvp_candidates = staticmethod(honours.mvp_candidates)
    league_records = staticmethod(honours.league_records)

    def honours_holder_kinds(self) -> Mapping[str, HolderKind]:
        return honours.HOLDER_KINDS


_COUNT_KEYS = (MAGIC_NUMBER_GOALS.key, RED_CARDS.key)
#: Which stored events count for E-L1's tie-breakers: (kind, goal kind) → count key.
_COUNTED = {
    (ReportEvent.Kind.GOAL.value, GoalKind.MAGIC_NUMBER.value): MAGIC_NUMBER_GOALS.key,
    (ReportEvent.Kind.SEND_OFF.value, ""): RED_CARDS.key,
}

MN11 = Mn11Ruleset()

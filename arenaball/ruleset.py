"""Arenaball as the core sees it (league/rulesets.py), registered by arenaball/apps.py. No
simulator: results are reported from the table (A-G5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models
from django.urls import reverse

from arenaball import csv_tables, honours, season_settings, services
from arenaball.admin.fixtures import REPORT_STEPS, report_panels, season_room_context
from arenaball.admin.season_settings import SeasonSettingsInline
from arenaball.demo import demo_league_build
from arenaball.exchange import ARENABALL_TABLES
from arenaball.models import ReportKill
from arenaball.selectors import (
    coach_teams,
    league_graveyard,
    season_designs_broken,
    season_leaders,
    season_rules,
    team_entry_seasons,
)
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
from league.capabilities.signup import SignUp
from league.capabilities.table import TableExtras
from league.honours.awards import HolderKind
from league.models import Season
from league.rulesets import CareerEnd, CsvColumns, GameCounts, Ruleset
from league.selectors.coaching import TodoItem
from rules.arenaball import KILLS
from rules.standings import TableSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.demo import DemoSummary
    from league.exchange.tables import Table
    from league.models import Fixture, League, Result, Team
    from league.selectors.coaching import CoachTeam
    from league.signup.models import JoinRequest


class ArenaballRuleset(
    Ruleset,
    SeasonSettings,
    TableExtras,
    Rosters,
    SeasonPages,
    SignUp,
    Exchange,
    Csv,
    Honours,
    ApiParts,
    Demo,
    SeasonAdminParts,
    TeamAdminParts,
    FixtureAdminParts,
):
    key = "arenaball"
    label = "Arenaball"
    reference = "docs/rules-arenaball.md"
    simulates = False
    table_rules = "A-L1"
    urls = ("arenaball.urls",)
    app_labels = ("arenaball",)
    api_urls = ("arenaball.api.urls",)
    team_view = "arenaball.views.team_page"
    fixture_view = "arenaball.views.fixture_page"
    result_seam = services.ARENABALL_RESULTS
    api_season_rules = "arenaball.api.season_rules.ArenaballSeasonRulesSerializer"
    api_error_codes = "arenaball.api.errors.ERROR_CODES"

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
        """A-L1: each side's kills of the other side's cars, from the games' reports."""
        counts: dict[int, dict[str, int]] = {}
        kills = ReportKill.objects.filter(
            report__result__fixture__round__season=season, killer_team__isnull=False
        ).values_list(
            "report__result__fixture_id",
            "report__result__fixture__home_team_id",
            "killer_team_id",
            "victim_team_id",
        )
        for fixture_id, home_id, killer_id, victim_id in kills:
            if killer_id == victim_id:
                continue  # decided (rules.arenaball.game_kills): an own car counts for nobody
            side = counts.setdefault(fixture_id, {"home": 0, "away": 0})
            side["home" if killer_id == home_id else "away"] += 1
        return {
            fixture_id: (((KILLS.key, side["home"]),), ((KILLS.key, side["away"]),))
            for fixture_id, side in counts.items()
        }

    def coach_teams(self, *, user: User) -> Sequence[CoachTeam]:
        return coach_teams(user=user, ruleset=self.key)

    def coach_openings(self, *, user: User) -> Sequence[TodoItem]:
        return [
            TodoItem(
                "enter",
                f"Enter your team in {season.league}: {season}",
                "arenaball-team-enter",
                (season.pk,),
                "Enter a team",
            )
            for season in team_entry_seasons(user=user)
        ]

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        services.team_setup(team=team, actor=actor)

    def team_creation_lines(self) -> Sequence[str]:
        return (services.CREATION_LINE,)

    def join_request_build(self, *, season: Season, request: JoinRequest, actor: Actor) -> Team:
        return services.join_request_build(season=season, request=request, actor=actor)

    def result_aftermath(self, *, fixture: Fixture, result: Result | None = None) -> None:
        services.game_aftermath(fixture=fixture)  # recomputed from the reports either way

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (SeasonSettingsInline,)

    graveyard_note = (
        "A character killed in a game leaves the roster for good (A-P3); a released one is "
        "not here: he left alive (docs/rules-decisions.md)."
    )

    def graveyard(self, *, league: League) -> Sequence[CareerEnd]:
        return [
            CareerEnd(
                name=dead.name,
                url=reverse("arenaball-character", args=[dead.pk]),
                team=dead.team,
                why="Died (A-P3)",
                fixture=dead.died_in,
                record=f"{dead.games} game{'s' if dead.games != 1 else ''}: "
                f"{dead.driver_points} Driver, {dead.gunner_points} Gunner, "
                f"{dead.prestige} Prestige, {dead.kills} kill{'s' if dead.kills != 1 else ''}",
                badges=(("retired", "Dead"),),
            )
            for dead in league_graveyard(league=league)
        ]

    def season_overview(self, *, season: Season) -> tuple[str, dict[str, Any]] | None:
        """The season's game (its target, budget and the seed's variants it plays, by name)
        and its leaders."""
        settings = season_rules(season=season)
        return "arenaball/includes/season_leaders.html", {
            "leaders": season_leaders(season=season),
            "rules": settings,
            "variants": settings.variants(),
        }

    def season_start_lines(self, *, season: Season) -> Sequence[str]:
        """A-T3 to A-T5: every design of the season's teams its settings refuse."""
        broken = season_designs_broken(season=season, settings=season_rules(season=season))
        if not broken:
            return ("Every design of its teams holds under its limits.",)
        return (
            f"{len(broken)} design{'s' if len(broken) != 1 else ''} of its teams break"
            f"{'s' if len(broken) == 1 else ''} its limits; a car of such a design cannot "
            "take the track until its coach fixes it or gives the car another:",
            *broken,
        )

    season_room_template = "admin/arenaball/season_control_room.html"

    def season_room_context(self, *, season: Season) -> dict[str, Any]:
        return season_room_context(season=season)

    def fixture_admin_steps(self) -> Sequence[Step]:
        return REPORT_STEPS

    def fixture_admin_panels(self, *, fixture: Fixture) -> Sequence[Panel]:
        return report_panels(fixture)

    def demo_build(self, *, seed: int) -> DemoSummary | None:
        return demo_league_build(seed=seed)

    # --- the league's JSON document (arenaball/exchange.py, docs/data.md) --------------------

    def exchange_tables(self) -> Sequence[Table]:
        return ARENABALL_TABLES

    # --- CSV export and import (arenaball/csv_tables.py) ---------------------------------

    def csv_standings_columns(self, *, season: Season) -> CsvColumns:
        return csv_tables.csv_standings_columns(season=season)

    csv_players = staticmethod(csv_tables.csv_players)

    csv_result_columns = csv_tables.RESULT_COLUMNS

    csv_result_record = staticmethod(csv_tables.csv_result_record)

    # Honours (league/honours): arenaball/honours.py.

    season_awards = staticmethod(honours.season_awards)
    mvp_candidates = staticmethod(honours.mvp_candidates)
    league_records = staticmethod(honours.league_records)

    def honours_holder_kinds(self) -> Mapping[str, HolderKind]:
        return honours.HOLDER_KINDS


ARENABALL = ArenaballRuleset()

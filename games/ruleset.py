"""MagnoBall as the core sees it: the first ruleset (league/rulesets.py), registered by
games/apps.py. Each method hands over to the MagnoBall app that owns the subject."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models
from django.db.models import Q, QuerySet
from django.forms import BaseForm
from django.urls import reverse

from games import csv_tables, honours
from games.admin import fixtures as admin_fixtures
from games.admin import lineups as admin_lineups
from games.admin import results as admin_results
from games.admin import season_steps as admin_season_steps
from games.demo import demo_league_build
from games.exchange import MAGNOBALL_TABLES, document_check
from games.game import KEY
from games.selectors import (
    coach_teams,
    engine_outcome_model,
    odds_pairing_simulate,
    odds_pairings,
    season_points_leaders,
)
from games.services import MAGNOBALL_RESULTS, dispatch_after_commit, game_aftermath
from games.services import round_open as matchday_round_open
from injuries.selectors import careers_over
from league.admin.steps import Step
from league.capabilities import Fragment, Panel
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
from league.capabilities.simulation import Simulation
from league.capabilities.table import TableExtras
from league.demo import DemoSummary
from league.errors import DomainError
from league.honours.awards import HolderKind
from league.models import Round, Season
from league.rulesets import CareerEnd, Ruleset
from rosters import join as roster_join
from rosters.admin import teams as admin_teams
from rosters.admin.season_rules import SeasonRulesInline, rule_changes
from rosters.models import Player, SeasonRules
from rosters.season_rules import season_rules_create, season_rules_update
from rosters.services import players_progress, team_create
from rules.standings import TableSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.exchange.problems import Problem
    from league.exchange.tables import Table
    from league.models import Fixture, League, Result, Team
    from league.odds.model import MatchOutcomeModel
    from league.selectors.coaching import CoachTeam
    from league.signup.forms import JoinRequestForm
    from league.signup.models import JoinRequest
    from rules.odds import Outcome


class MagnoBallRuleset(
    Ruleset,
    SeasonSettings,
    TableExtras,
    Simulation,
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
    key = KEY
    label = "MagnoBall"
    reference = "docs/rules-magnoball.md"
    simulates = True
    table_rules = "M-L1, M-L2"
    overtime = True
    fixture_statuses = ("scheduled", "inspections", "ready", "simulating", "played")
    urls = ("games.urls", "rosters.urls", "injuries.urls")
    app_labels = ("rosters", "injuries", "games")
    api_urls = ("games.api.urls",)
    api_season_rules = "games.api.season_rules.MagnoBallSeasonRulesSerializer"
    api_error_codes = "games.api.errors.ERROR_CODES"
    api_fixture_detail = "games.api.serializers.FixtureDetailParts"
    season_nav_template = "games/includes/season_nav_leaders.html"
    team_view = "games.views.team_page"
    fixture_view = "games.views.fixture_page"
    result_seam = MAGNOBALL_RESULTS

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

    def result_aftermath(self, *, fixture: Fixture, result: Result | None = None) -> None:
        game_aftermath(fixture=fixture, result=result)

    # --- The admin's pages: rounds, the control room ----------------------------------------

    def round_open(self, *, round_: Round, actor: Actor) -> Round:
        # Match day: every fitted enhancement inspected (M-E2), rolls in the dice ledger.
        return matchday_round_open(round_=round_, actor=actor)

    def round_open_lines(self, *, round_: Round) -> Sequence[str]:
        return admin_season_steps.round_open_lines(round_)

    def round_opened_note(self, *, round_: Round) -> str:
        return admin_season_steps.round_opened_note(round_)

    def season_admin_steps(self) -> Sequence[Step]:
        return admin_season_steps.SEASON_SIMULATION_STEPS

    def round_admin_steps(self) -> Sequence[Step]:
        return (admin_season_steps.ROUND_SIMULATION_STEP,)

    season_room_template = "admin/games/season_control_room.html"
    admin_index_template = "admin/games/index_answers.html"

    def season_room_context(self, *, season: Season) -> dict[str, Any]:
        return admin_season_steps.season_room_context(season)

    def season_settings_changes(self, *, form: BaseForm) -> dict[str, Any]:
        return rule_changes(form)

    def season_rollover_lines(self) -> Sequence[str]:
        return (
            "Injuries go on counting down by games; player statuses follow the new season's "
            "progression settings (M-P5). Nothing of a match carries over.",
        )

    def team_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (admin_teams.PlayerInline,)

    def team_admin_add_form(self) -> type[BaseForm]:
        return admin_teams.MagnoBallTeamAddForm

    def team_admin_create(self, *, season: Season, data: Mapping[str, Any], actor: Actor) -> Team:
        return admin_teams.team_create(season=season, data=data, actor=actor)

    def team_admin_steps(self) -> Sequence[Step]:
        return admin_teams.TEAM_STEPS

    def team_admin_record(self, *, team: Team) -> Fragment:
        return admin_teams.team_record(team)

    def team_admin_summary(self, *, team: Team) -> Fragment:
        return admin_teams.team_summary(team)

    def team_admin_panels(self, *, team: Team) -> Sequence[Panel]:
        return admin_lineups.team_panels(team)

    def team_admin_queryset(self, queryset: QuerySet[Team]) -> QuerySet[Team]:
        return admin_teams.team_list_annotate(queryset)

    def team_creation_lines(self) -> Sequence[str]:
        return (admin_teams.CREATION_LINE,)

    fixture_played_records = "its result, stat lines, injuries and rolls"

    def fixture_admin_steps(self) -> Sequence[Step]:
        return admin_fixtures.FIXTURE_STEPS

    def fixture_admin_actions(self) -> Sequence[tuple[Step, str]]:
        return admin_fixtures.FIXTURE_ACTIONS

    def fixture_admin_links(self, *, fixture: Fixture) -> Sequence[tuple[str, str]]:
        return admin_fixtures.fixture_links(fixture)

    def fixture_admin_panels(self, *, fixture: Fixture) -> Sequence[Panel]:
        return admin_fixtures.fixture_panels(fixture)

    def fixture_admin_queryset(self, queryset: QuerySet[Fixture]) -> QuerySet[Fixture]:
        return admin_fixtures.fixture_list_annotate(queryset)

    def fixture_admin_pending(self, *, fixture: Fixture) -> tuple[int, str]:
        return admin_fixtures.fixture_pending(fixture)

    def result_admin_steps(self) -> Sequence[Step]:
        return admin_results.RESULT_STEPS

    def result_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        return (admin_results.AppearanceInline,)

    def team_created_note(self, *, team: Team) -> str:
        return f" with {team.players.count()} players"

    # --- added for the core's play ---------------------------------------------------------

    def guest_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        actor: Actor,
        colour: str,
        **options: Any,
    ) -> Team:
        # 18 players rolled by the season's rules (M-P2, M-P4, M-P8); `dice`, or `faces`
        # when its coaches roll creation at the table.
        unknown = sorted(set(options) - {"dice", "faces"})
        if unknown:
            raise DomainError(f"MagnoBall teams take no {', '.join(unknown)}.")
        return team_create(
            season=season,
            name=name,
            short_name=short_name,
            actor=actor,
            colour=colour,
            dice=options.get("dice"),
            faces=options.get("faces"),
        )

    def season_closed(self, *, season: Season) -> None:
        dispatch_after_commit(season_id=season.pk)  # a job still waiting is cancelled

    def season_rolled_over(
        self, *, previous: Season, season: Season, teams: Sequence[Team], actor: Actor
    ) -> None:
        # Injuries go on counting down by games; nothing of a match (Hurt, Stunned) carries
        # over; statuses follow the new season's progression settings (M-P5).
        rules: SeasonRules = season.rules
        players = Player.objects.filter(team__in=teams).filter(
            ~Q(roster_state__in=[Player.RosterState.RELEASED, Player.RosterState.RETIRED])
        )
        players_progress(
            player_ids=list(players.values_list("pk", flat=True)), settings=rules.to_engine()
        )

    def coach_teams(self, *, user: User) -> Sequence[CoachTeam]:
        return coach_teams(user=user, ruleset=self.key)

    def join_request_form(self, *, season: Season) -> type[JoinRequestForm]:
        return roster_join.MagnoBallJoinForm  # player names, table dice (M-P2, M-P4, M-P8)

    def join_request_build(self, *, season: Season, request: JoinRequest, actor: Actor) -> Team:
        return roster_join.join_request_build(season=season, request=request, actor=actor)

    def season_overview(self, *, season: Season) -> tuple[str, dict[str, Any]] | None:
        leaders = season_points_leaders(season=season, limit=5)
        return "games/includes/season_top_scorers.html", {"leaders": leaders}

    graveyard_note = (
        "A permanent injury ends a player's career (M-I2): he retires and his roster spot "
        "opens. A released player is not here: his career did not end, his coach let him go "
        "(docs/rules-decisions.md)."
    )

    def graveyard(self, *, league: League) -> Sequence[CareerEnd]:
        return [
            CareerEnd(
                name=over.player.name,
                url=reverse("player", args=[over.player.pk]),
                team=over.player.team,
                why="Permanent injury (M-I2)" if over.injury else "Career over",
                fixture=over.injury.fixture if over.injury else None,
                record=f"{over.player.get_position_display()}, {over.player.games_played} "
                f"game{'s' if over.player.games_played != 1 else ''}, "
                f"{over.career_points} point{'s' if over.career_points != 1 else ''}",
                badges=tuple(over.badges),
            )
            for over in careers_over(league=league)
        ]

    # --- the league's JSON document (games/exchange.py, docs/data.md) ------------------------

    def exchange_tables(self) -> Sequence[Table]:
        return MAGNOBALL_TABLES

    def exchange_check(self, *, document: Mapping[str, Any], problems: list[Problem]) -> None:
        document_check(document=document, problems=problems)

    # --- CSV export and import (games/csv_tables.py) -------------------------------------

    csv_players = staticmethod(csv_tables.csv_players)

    def csv_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        coach: User | None,
        colour: str,
        players: Sequence[tuple[str, str]],
        actor: Actor,
    ) -> Team:
        return csv_tables.csv_team_create(
            season=season, name=name, short_name=short_name, coach=coach, colour=colour,
            players=players, actor=actor,
        )  # fmt: skip

    csv_result_columns = csv_tables.RESULT_COLUMNS

    csv_result_record = staticmethod(csv_tables.csv_result_record)

    # Honours (league/honours): games/honours.py.

    season_awards = staticmethod(honours.season_awards)
    mvp_candidates = staticmethod(honours.mvp_candidates)
    league_records = staticmethod(honours.league_records)
    # --- playoff odds: the engine's own match odds (games/selectors/odds.py, docs/odds.md) ---

    def match_outcome_model(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> MatchOutcomeModel:
        return engine_outcome_model(season=season, fixtures=fixtures)

    def odds_pairings(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> Mapping[tuple[int, int], str]:
        return odds_pairings(season=season, fixtures=fixtures)

    def odds_pairing_simulate(
        self, *, season: Season, home: int, away: int, matches: int, seed: int
    ) -> tuple[str, Sequence[Outcome]]:
        return odds_pairing_simulate(
            season=season, home=home, away=away, matches=matches, seed=seed
        )

    def honours_holder_kinds(self) -> Mapping[str, HolderKind]:
        return honours.HOLDER_KINDS


MAGNOBALL = MagnoBallRuleset()

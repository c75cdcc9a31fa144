"""MagnoBall as the core sees it: the first ruleset (league/rulesets.py), registered by
games/apps.py. Each method hands over to the MagnoBall app that owns the subject."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.contrib.admin.options import InlineModelAdmin
from django.db import models
from django.db.models import Q

from games.aftermath import game_aftermath
from games.demo import demo_league_build
from games.job_queue import dispatch_after_commit
from games.selectors import coach_teams, season_points_leaders
from league.demo import DemoSummary
from league.errors import DomainError
from league.models import Season
from league.rulesets import Ruleset
from rosters.admin.season_rules import SeasonRulesInline
from rosters.models import Player, SeasonRules
from rosters.season_rules import season_rules_create, season_rules_update
from rosters.services import players_progress, team_create
from rules.standings import TableSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.coaching import CoachTeam
    from league.models import Fixture, Team


class MagnoBallRuleset(Ruleset):
    key = "magnoball"
    label = "MagnoBall"
    reference = "docs/rules-magnoball.md"
    simulates = True
    urls = ("games.urls", "rosters.urls", "injuries.urls")
    api_urls = ("api.magnoball_urls",)
    season_nav_template = "games/includes/season_nav_leaders.html"
    team_view = "games.views.team"
    fixture_view = "games.views.fixture"

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

    def result_aftermath(self, *, fixture: Fixture) -> None:
        game_aftermath(fixture=fixture)

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

    def season_overview(self, *, season: Season) -> tuple[str, dict[str, Any]] | None:
        leaders = season_points_leaders(season=season, limit=5)
        return "games/includes/season_top_scorers.html", {"leaders": leaders}


MAGNOBALL = MagnoBallRuleset()

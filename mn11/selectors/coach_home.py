"""The coach home ("My teams"): each team a user coaches, with what waits for him on
its next fixture's match day (E-S1, E-S3) and its report (E-R1)."""

from __future__ import annotations

from django.contrib.auth.models import User

from league.models import Fixture, Round, Team
from league.selectors.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from mn11.models import Lineup, MatchDay
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import Side

from .squads import gk_picks, side_of


def coach_teams(*, user: User, ruleset: str) -> list[CoachTeam]:
    """Each team `user` coaches with its season, next fixture and what waits for him."""
    teams = list(Team.objects.filter(coach=user, league__ruleset=ruleset).select_related("league"))
    ids = [team.pk for team in teams]
    seasons = team_seasons(ids)
    upcoming = next_fixtures(ids)
    return [
        CoachTeam(
            team, seasons.get(team.pk), upcoming.get(team.pk), _todos(team, upcoming.get(team.pk))
        )
        for team in teams
    ]


def _todos(team: Team, fixture: Fixture | None) -> list[TodoItem]:
    """E-S1, E-S3, E-R1: the Away set, the GK pick when it is his turn, the line-up, then the
    report, for the next fixture once its round is open."""
    if fixture is None or fixture.round.status != Round.Status.OPEN:
        return []
    side = side_of(fixture, team)
    day = MatchDay.objects.filter(fixture=fixture).first()
    settings = season_rules(season=fixture.round.season)
    waiting = []
    if side is Side.AWAY and not (day and day.away_set):
        waiting.append(("away_set", f"Choose the Away set for {fixture}", "Choose"))
    if settings.gk_expansion and rules.gk_turn(gk_picks(day)) is side:
        waiting.append(("gk_pick", f"Pick your GK card for {fixture}", "Pick"))
    if not Lineup.objects.filter(fixture=fixture, side=side.value).exists():
        waiting.append(("lineup", f"Submit your line-up for {fixture}", "Submit"))
    todos = [
        TodoItem(kind, text, "fixture", (fixture.pk,), action) for kind, text, action in waiting
    ]
    todos.append(
        TodoItem(
            "report",
            f"{fixture.round.label}: report {fixture}",
            "mn11-fixture-report",
            (fixture.pk,),
            "Report",
        )
    )
    return todos

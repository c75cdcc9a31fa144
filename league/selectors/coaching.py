"""A coach's home ("My teams"), for every game: each team he coaches with its season, its next
fixture and what waits for him, gathered from each team's game (`Rosters.coach_teams`)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q

from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.models import Fixture, Round, Season, Team
from league.rulesets import rulesets
from league.selectors.fixtures import with_round_labels
from league.selectors.team_seasons import teams_seasons


@dataclass(frozen=True)
class TodoItem:
    """One thing that waits for the coach: what, and the page (URL name and ids) to do it."""

    kind: str
    text: str
    url_name: str
    url_args: tuple[int, ...]
    action: str


@dataclass
class CoachTeam:
    team: Team
    season: Season | None  # the season it follows: its league season
    next_fixture: Fixture | None
    todos: list[TodoItem]
    tournaments: tuple[Season, ...] = ()  # the cups it plays besides, listed apart


def coach_teams(*, user: User) -> list[CoachTeam]:
    """Every team `user` coaches, whatever its game, by name, each with the tournaments it
    plays besides its league season."""
    teams: list[CoachTeam] = []
    for ruleset in rulesets():
        own = capability(ruleset, Rosters).coach_teams(user=user)
        teams += own if own is not None else coach_teams_plain(user=user, ruleset=ruleset.key)
    seasons = teams_seasons([entry.team.pk for entry in teams])
    for entry in teams:
        if entry.team.pk in seasons:
            entry.tournaments = seasons[entry.team.pk].tournaments
    return sorted(teams, key=lambda entry: (entry.team.name, entry.team.pk))


def coach_openings(*, user: User) -> list[TodoItem]:
    """What `user` may start, whatever the game (an invited coach entering his own team)."""
    return [
        item
        for ruleset in rulesets()
        for item in capability(ruleset, Rosters).coach_openings(user=user)
    ]


def coach_teams_plain(*, user: User, ruleset: str) -> list[CoachTeam]:
    """`user`'s teams of the game `ruleset` with the season they follow and next
    fixture, and that fixture's result to report once its round is open."""
    teams = list(Team.objects.filter(coach=user, league__ruleset=ruleset).select_related("league"))
    ids = [team.pk for team in teams]
    seasons = team_seasons(ids)
    upcoming = next_fixtures(ids)
    entries = []
    for team in teams:
        fixture = upcoming.get(team.pk)
        todos = []
        if fixture is not None and fixture.round.status == Round.Status.OPEN:
            todos.append(
                TodoItem(
                    "report",
                    f"{fixture.round.label}: report {fixture}",
                    "fixture",
                    (fixture.pk,),
                    "Report",
                )
            )
        entries.append(CoachTeam(team, seasons.get(team.pk), fixture, todos))
    return entries


def team_seasons(ids: list[int], *, related: Collection[str] = ()) -> dict[int, Season]:
    """Each team's season as its pages follow it (league/selectors/team_seasons.py): its league
    season not archived, else its newest tournament; with the game's `related` rows (e.g. its
    settings) loaded in the same query."""
    found = teams_seasons(ids, related=related)
    return {team: seasons.followed for team, seasons in found.items() if seasons.followed}


def next_fixtures(ids: list[int]) -> dict[int, Fixture]:
    """Each team's next fixture not played, in a running season."""
    upcoming = (
        Fixture.objects.filter(Q(home_team_id__in=ids) | Q(away_team_id__in=ids))
        .exclude(status=Fixture.Status.PLAYED)
        .exclude(round__season__status__in=[Season.Status.FINISHED, Season.Status.ARCHIVED])
        .select_related("round__season", "home_team", "away_team")
        .order_by("round__season__created_at", "round__number", "id")
    )
    found: dict[int, Fixture] = {}
    for fixture in with_round_labels(list(upcoming)):
        for team_id in (fixture.home_team_id, fixture.away_team_id):
            if team_id in ids and team_id not in found:
                found[team_id] = fixture
    return found

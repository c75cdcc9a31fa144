"""Options shared by the simulation commands: which teams, under which season's rules."""

from __future__ import annotations

from django.core.management.base import CommandError, CommandParser
from django.db.models import Q

from league.models import Fixture, Season, Team


def add_team_options(parser: CommandParser) -> None:
    parser.add_argument("--home", help="Home team: id, name or short name.")
    parser.add_argument("--away", help="Away team: id, name or short name.")
    parser.add_argument(
        "--season", type=int, help="Season id whose rules apply (default: the teams' latest)."
    )


def find_team(reference: str) -> Team:
    match = Q(name__iexact=reference) | Q(short_name__iexact=reference)
    if reference.isdigit():
        match |= Q(pk=int(reference))
    teams = list(Team.objects.filter(match).select_related("league")[:2])
    if not teams:
        raise CommandError(f"No team matches {reference!r}.")
    if len(teams) > 1:
        raise CommandError(f"{reference!r} matches several teams; use the team id.")
    return teams[0]


def teams_and_season(options: dict[str, object]) -> tuple[Team, Team, Season]:
    if not options.get("home") or not options.get("away"):
        raise CommandError("Name both teams with --home and --away (or give --fixture).")
    home, away = find_team(str(options["home"])), find_team(str(options["away"]))
    if home == away:
        raise CommandError("A team cannot play itself.")
    if options.get("season"):
        season = (
            Season.objects.filter(pk=int(str(options["season"]))).select_related("rules").first()
        )
        if season is None:
            raise CommandError(f"No season with id {options['season']}.")
    else:
        season = (
            Season.objects.filter(league=home.league)
            .select_related("rules")
            .order_by("-created_at")
            .first()
        )
        if season is None:
            raise CommandError(f"{home.league} has no season whose rules could apply.")
    return home, away, season


def fixture_teams(fixture_id: int) -> tuple[Team, Team, Season]:
    fixture = (
        Fixture.objects.filter(pk=fixture_id)
        .select_related("home_team", "away_team", "round__season__rules")
        .first()
    )
    if fixture is None:
        raise CommandError(f"No fixture with id {fixture_id}.")
    return fixture.home_team, fixture.away_team, fixture.round.season

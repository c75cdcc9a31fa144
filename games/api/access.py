"""Fetch a MagnoBall object for the API user by the core's rules (api/access.py): 404 unless
its league is visible to them, then 403 unless they may act on it. A fixture or team of
another game is refused with a message naming where it belongs."""

from __future__ import annotations

from django.http import Http404
from rest_framework.exceptions import NotFound

from api.access import ApiUser, get_visible, other_game_message
from games.models import Inspection, TableInspection
from injuries.models import Injury
from league.access import (
    ACTOR_COMMISSIONER,
    is_coach,
    is_commissioner,
    require_result_reporter,
)
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, League, Team
from league.selectors.fixtures import fixture_for_user

#: Where another game's fixtures and teams are, by ruleset (URL names under "api:").
OTHER_GAMES = {
    "arenaball": {"fixture": "api:arenaball-fixture-result", "team": "api:arenaball-team"},
    "mn11": {"fixture": "api:mn11-fixture-result"},
}
MAGNOBALL = "magnoball"


def _other_game_message(league: League, what: str, name: object, pk: int) -> str:
    return other_game_message(
        name=name,
        league=league,
        game="MagnoBall",
        noun={"fixture": "its result goes", "team": "its roster is"}[what],
        route=OTHER_GAMES.get(league.ruleset, {}).get(what, ""),
        pk=pk,
    )


def require_magnoball_fixture(fixture: Fixture) -> None:
    """MagnoBall's result, simulation and line-up endpoints take MagnoBall fixtures only: any
    other game's is a 409 naming where it belongs."""
    league = fixture.round.season.league
    if league.ruleset != MAGNOBALL:
        raise DomainError(
            _other_game_message(league, "fixture", fixture, fixture.pk), code="other_game"
        )


def require_magnoball_team(team: Team) -> None:
    """MagnoBall's players are MagnoBall teams' only: another game's team is not found
    there, with a message naming where its roster is."""
    if team.league.ruleset != MAGNOBALL:
        raise NotFound(_other_game_message(team.league, "team", team, team.pk))


def fixture_for_report(*, user: ApiUser, fixture_id: int) -> Fixture:
    """A coach of either team or the league's commissioner reports a result."""
    fixture = fixture_for_user(fixture_id=fixture_id, user=user)  # one statement, as SQL
    if fixture is None:
        raise Http404
    known = getattr(fixture, ACTOR_COMMISSIONER)
    require_result_reporter(user=user, fixture=fixture, commissioner=known)
    require_magnoball_fixture(fixture)
    return fixture


def fixture_for_simulation(*, user: ApiUser, fixture_id: int) -> Fixture:
    fixture = get_visible(
        Fixture.objects.select_related("round__season__league"),
        league_path="round__season__league",
        user=user,
        pk=fixture_id,
    )
    require_magnoball_fixture(fixture)
    league = fixture.round.season.league
    if not is_commissioner(user=user, league=league):
        raise PermissionRefused(f"Only a commissioner of {league} may simulate a fixture.")
    return fixture


def inspection_for_decision(*, user: ApiUser, inspection_id: int) -> Inspection:
    """The inspecting coach (the owner's opponent) or the league's commissioner decides."""
    inspection = get_visible(
        Inspection.objects.select_related(
            "fixture__round__season__league",
            "fixture__home_team",
            "fixture__away_team",
            "enhancement__player",
        ),
        league_path="fixture__round__season__league",
        user=user,
        pk=inspection_id,
    )
    fixture = inspection.fixture
    owner_id = inspection.enhancement.player.team_id
    inspector = fixture.away_team if owner_id == fixture.home_team_id else fixture.home_team
    league = fixture.round.season.league
    if not (is_coach(user=user, team=inspector) or is_commissioner(user=user, league=league)):
        raise PermissionRefused(
            f"Only the coach of {inspector} or a commissioner of {league} decides this detection."
        )
    return inspection


def injury_for_healing(*, user: ApiUser, injury_id: int) -> Injury:
    """The injured player's coach or the league's commissioner tries force-healing."""
    injury = get_visible(
        Injury.objects.select_related("player__team__league"),
        league_path="player__team__league",
        user=user,
        pk=injury_id,
    )
    team = injury.player.team
    if not (is_coach(user=user, team=team) or is_commissioner(user=user, league=team.league)):
        raise PermissionRefused(
            f"Only the coach of {team} or a commissioner of {team.league} may force-heal "
            f"{injury.player}."
        )
    return injury


def table_inspection_for_roll(*, user: ApiUser, table_inspection_id: int) -> TableInspection:
    """Either coach of the fixture (each enters his own side; the service checks which) or
    the league's commissioner."""
    table_inspection = get_visible(
        TableInspection.objects.select_related(
            "fixture__round__season__league", "fixture__home_team", "fixture__away_team", "player"
        ),
        league_path="fixture__round__season__league",
        user=user,
        pk=table_inspection_id,
    )
    fixture = table_inspection.fixture
    league = fixture.round.season.league
    coach = is_coach(user=user, team=fixture.home_team) or is_coach(
        user=user, team=fixture.away_team
    )
    if not (coach or is_commissioner(user=user, league=league)):
        raise PermissionRefused(
            f"Only the coaches of {fixture} or a commissioner of {league} enter its "
            "inspection rolls."
        )
    return table_inspection


def team_for_lineup(*, user: ApiUser, fixture: Fixture, team_id: int) -> Team:
    """The coach of a team of the fixture, or the league's commissioner, names its reserves
    (M-P3). A team that does not play in the fixture is bad input."""
    team = next((t for t in (fixture.home_team, fixture.away_team) if t.pk == team_id), None)
    if team is None:
        raise DomainError(
            f"Team {team_id} does not play in {fixture}.", code="invalid", field="team"
        )
    league = fixture.round.season.league
    if not (is_coach(user=user, team=team) or is_commissioner(user=user, league=league)):
        raise PermissionRefused(
            f"Only the coach of {team} or a commissioner of {league} names its reserves."
        )
    return team

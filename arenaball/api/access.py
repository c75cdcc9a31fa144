"""Fetch an Arenaball object for the API user: 404 unless its league plays Arenaball and is
visible to them (api.access.get_visible's rule), then 403 unless they may act on it. The
services check rights again under their locks."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from api.access import ApiUser, get_visible, visible_league_ids
from arenaball.models import Character, Design
from league.access import is_coach, is_commissioner, require_coach_or_commissioner
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, League, Team

RULESET = "arenaball"


def arena_league(*, user: ApiUser, league_id: int) -> League:
    league = League.objects.filter(
        pk=league_id, ruleset=RULESET, pk__in=visible_league_ids(user=user)
    ).first()
    if league is None:
        raise Http404
    return league


def arena_team(*, user: ApiUser, team_id: int) -> Team:
    return get_visible(
        Team.objects.filter(league__ruleset=RULESET).select_related("league", "coach"),
        league_path="league",
        user=user,
        pk=team_id,
    )


def arena_team_for_change(*, user: ApiUser, team_id: int) -> Team:
    """The team's coach or a commissioner of its league changes its designs, cars and roster."""
    team = arena_team(user=user, team_id=team_id)
    require_coach_or_commissioner(user=user, team=team)
    return team


def arena_fixtures() -> QuerySet[Fixture]:
    return Fixture.objects.filter(round__season__league__ruleset=RULESET).select_related(
        "round__season__league", "home_team", "away_team"
    )


def arena_fixture(*, user: ApiUser, fixture_id: int) -> Fixture:
    return get_visible(
        arena_fixtures(), league_path="round__season__league", user=user, pk=fixture_id
    )


def arena_design(*, user: ApiUser, design_id: int, change: bool = False) -> Design:
    design = get_visible(
        Design.objects.filter(team__league__ruleset=RULESET).select_related("team__league"),
        league_path="team__league",
        user=user,
        pk=design_id,
    )
    if change:
        require_coach_or_commissioner(user=user, team=design.team)
    return design


def arena_character(*, user: ApiUser, character_id: int, change: bool = False) -> Character:
    character = get_visible(
        Character.objects.filter(team__league__ruleset=RULESET).select_related(
            "team__league", "died_in"
        ),
        league_path="team__league",
        user=user,
        pk=character_id,
    )
    if change:
        require_coach_or_commissioner(user=user, team=character.team)
    return character


def team_for_pits(*, user: ApiUser, fixture: Fixture, team_id: int) -> Team:
    """The coach of a team of the fixture chooses its pits, or the league's commissioner (the
    other team's coach may not). A team that does not play in the fixture is bad input."""
    team = next((t for t in (fixture.home_team, fixture.away_team) if t.pk == team_id), None)
    if team is None:
        raise DomainError(
            f"Team {team_id} does not play in {fixture}.", code="invalid", field="team"
        )
    league = fixture.round.season.league
    if not (is_coach(user=user, team=team) or is_commissioner(user=user, league=league)):
        raise PermissionRefused(
            f"Only the coach of {team} or a commissioner of {league} chooses its pits."
        )
    return team

"""Fetch a Magic Number Eleven object for the API user: 404 unless its league plays Magic
Number Eleven and is visible to them (api.access.get_visible's rule). Who may act is the
services' call, under their locks (a refusal is a 403)."""

from __future__ import annotations

from django.db.models import QuerySet

from api.access import ApiUser, get_visible
from league.errors import DomainError
from league.models import Fixture, Season
from rules.mn11 import Side

RULESET = "mn11"


def mn11_fixtures() -> QuerySet[Fixture]:
    return Fixture.objects.filter(round__season__league__ruleset=RULESET).select_related(
        "round__season__league", "home_team", "away_team"
    )


def mn11_fixture(*, user: ApiUser, fixture_id: int) -> Fixture:
    return get_visible(
        mn11_fixtures(), league_path="round__season__league", user=user, pk=fixture_id
    )


def mn11_season(*, user: ApiUser, season_id: int) -> Season:
    return get_visible(
        Season.objects.filter(league__ruleset=RULESET).select_related("league"),
        league_path="league",
        user=user,
        pk=season_id,
    )


def side_for_team(*, fixture: Fixture, team_id: int) -> Side:
    """The side `team_id` plays in `fixture`; a team that does not play in it is bad input."""
    if team_id == fixture.home_team_id:
        return Side.HOME
    if team_id == fixture.away_team_id:
        return Side.AWAY
    raise DomainError(f"Team {team_id} does not play in {fixture}.", code="invalid", field="team")


def side_given(*, fixture: Fixture, side: str | None, team_id: int | None) -> Side:
    """The side a match-day request is for: `side` ("home"/"away", the GK and line-up
    endpoints' name for it), or the older `team` (the team's id), or both if they agree."""
    by_team = None if team_id is None else side_for_team(fixture=fixture, team_id=team_id)
    if side is None:
        if by_team is None:
            raise DomainError(
                "Give the side: home or away (or the team's id as team).",
                code="invalid",
                field="side",
            )
        return by_team
    if by_team is not None and by_team.value != side:
        raise DomainError(
            f"Team {team_id} plays {by_team.label} in {fixture}, not {Side(side).label}.",
            code="invalid",
            field="team",
        )
    return Side(side)

"""A signed-up coach's Arenaball team (league/signup): on approval it is made as every new
team is (the core's team_create, then the ruleset's set-up: the seed's Track Car and
Goalkeeper designs, A-T5, within the design budget, A-T3; eight characters and six crewed cars,
A-T1, A-T2), with him as its coach; he redesigns and recrews it from his team's page. One team
per coach and league, as for an invited coach's own entry (arenaball/services/team_entry.py)."""

from __future__ import annotations

from arenaball.errors import ArenaballError
from league.access import Actor
from league.models import Season, Team
from league.services.teams import team_create
from league.signup.models import JoinRequest

CREATION_LINE = (
    "Starts with the seed's Track Car and Goalkeeper designs (A-T5, within the budget, A-T3), "
    "eight characters and six crewed cars (A-T1, A-T2); its coach redesigns and recrews them"
)


def join_request_build(*, season: Season, request: JoinRequest, actor: Actor) -> Team:
    league = season.league
    if Team.objects.filter(league=league, coach_id=request.user_id).exists():
        raise ArenaballError(
            f"{request.user} already coaches a team of {league}: one team per coach.",
            code="already_coaching",
        )
    return team_create(
        season=season,
        name=request.name,
        short_name=request.short_name,
        actor=actor,
        coach=request.user,
        colour=request.colour,
    )

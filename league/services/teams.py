"""Writes for teams: building and creating one in a league, and editing it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record, snapshot
from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.errors import validation_refused
from league.models import League, Season, Team
from league.rulesets import ruleset_for
from league.services.edits import row_edit
from league.services.seasons import season_enter_team

TEAM_COLOUR = "#1f6feb"


def team_build(
    *,
    league: League,
    name: str,
    short_name: str,
    coach: User | None = None,
    colour: str = TEAM_COLOUR,
) -> Team:
    """A new team of `league`, validated and not yet saved: its slug from its name, its short
    name in capitals. An invalid one raises ValidationError naming each field."""
    team = Team(
        league=league,
        name=name,
        short_name=short_name.upper(),
        slug=slugify(name),
        coach=coach,
        colour=colour,
    )
    team.full_clean()
    return team


def team_create(
    *,
    season: Season,
    name: str,
    short_name: str,
    actor: Actor,
    coach: User | None = None,
    colour: str = TEAM_COLOUR,
) -> Team:
    """A new team in `season`'s league (commissioners only), entered into the season and
    given what the league's game needs by its ruleset (`team_setup`). A game that rolls its
    teams by its own rules has its own service (its ruleset's ``team_setup``)."""
    league = season.league
    require_commissioner(user=actor, league=league)
    try:
        team = team_build(
            league=league, name=name, short_name=short_name, coach=coach, colour=colour
        )
    except ValidationError as invalid:
        raise validation_refused(invalid) from None
    with transaction.atomic():
        team.save()
        season_enter_team(season=season, team=team, actor=actor)
        capability(ruleset_for(league), Rosters).team_setup(team=team, actor=actor)
        audit_record(
            actor=actor,
            action="team.create",
            obj=team,
            league=league,
            message=str(team),
            after=snapshot(team, ["name", "short_name", "coach", "colour"]),
        )
    return team


TEAM_EDITABLE = frozenset({"name", "short_name", "coach", "colour"})


def team_update(*, team: Team, actor: Actor, changes: Mapping[str, Any]) -> Team:
    """Edit a team's name, short name, coach or colour (commissioners only)."""
    with transaction.atomic():
        # Locks the team: two edits are applied one after the other, each audited.
        locked = (
            Team.objects.select_for_update(of=("self",)).select_related("league").get(pk=team.pk)
        )
        require_commissioner(user=actor, league=locked.league)
        if "short_name" in changes:
            changes = {**changes, "short_name": str(changes["short_name"]).upper()}
        row_edit(
            obj=locked,
            changes=changes,
            editable=TEAM_EDITABLE,
            league=locked.league,
            action="team.update",
            actor=actor,
        )
    return locked

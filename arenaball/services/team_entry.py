"""A coach enters his own team (A-T1, A-T2): a user the league's commissioners invited creates
a team in its Arenaball season while that season takes entries (a draft with no schedule yet);
the team starts as every new team does (the ruleset's set-up: the seed's designs, eight
characters, six crewed cars) and is his to build. One team per coach and league."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from arenaball.selectors import team_entry_refusal
from arenaball.services.crews import team_setup
from league.access import Actor
from league.audit import audit_record, snapshot
from league.errors import validation_refused
from league.models import Season, Team
from league.services.seasons import season_enter_team
from league.services.teams import TEAM_COLOUR, team_build


def team_enter(
    *, season: Season, actor: Actor, name: str, short_name: str, colour: str = TEAM_COLOUR
) -> Team:
    """The invited coach's own team, entered into `season` and set up, audited."""
    with transaction.atomic():
        # Locks the season: entries close when the schedule is made, one team per coach.
        locked = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if (refusal := team_entry_refusal(season=locked, user=actor)) is not None:
            raise refusal
        assert isinstance(actor, User)
        try:
            team = team_build(
                league=locked.league, name=name, short_name=short_name, coach=actor, colour=colour
            )
        except ValidationError as invalid:
            raise validation_refused(invalid) from None
        team.save()
        season_enter_team(season=locked, team=team, actor=actor)
        team_setup(team=team, actor=actor)
        audit_record(
            actor=actor,
            action="team.create",
            obj=team,
            league=locked.league,
            message=f"{team} entered by its coach",
            after=snapshot(team, ["name", "short_name", "coach", "colour"]),
        )
    return team

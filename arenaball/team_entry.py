"""A coach enters his own team (A-T1, A-T2): a user the league's commissioners invited creates
a team in its Arenaball season while that season takes entries (a draft with no schedule yet);
the team starts as every new team does (the ruleset's set-up: the seed's designs, eight
characters, six crewed cars) and is his to build. One team per coach and league."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import transaction

from arenaball.crews import team_setup
from arenaball.errors import ArenaballError
from league.access import Actor, is_commissioner
from league.audit import audit_record, snapshot
from league.errors import PermissionRefused, validation_refused
from league.models import Invitation, Round, Season, Team
from league.services.seasons import season_enter_team
from league.services.teams import TEAM_COLOUR, team_build

KEY = "arenaball"


def team_entry_refusal(
    *, season: Season, user: User | AnonymousUser | None
) -> ArenaballError | PermissionRefused | None:
    """Why `user` may not enter a team of his own in `season` now, or None."""
    if user is None or not user.is_authenticated:
        return PermissionRefused("Sign in to enter a team.")
    league = season.league
    if league.ruleset != KEY:
        return ArenaballError(f"{league} does not play Arenaball.", code="other_game")
    if season.status != Season.Status.DRAFT or Round.objects.filter(season=season).exists():
        return ArenaballError(
            f"{season} takes no more teams: its schedule is made. Ask a commissioner of {league}.",
            code="entries_closed",
        )
    invited = Invitation.objects.filter(user_id=user.pk, league=league).exists()
    if not invited and not is_commissioner(user=user, league=league):
        return PermissionRefused(
            f"Only coaches the commissioners of {league} invited may enter a team; ask one of them."
        )
    if Team.objects.filter(league=league, coach_id=user.pk).exists():
        return ArenaballError(f"You already coach a team of {league}.", code="already_coaching")
    return None


def team_entry_seasons(*, user: User | AnonymousUser) -> list[Season]:
    """The Arenaball seasons `user` may enter a team of his own in now."""
    if not user.is_authenticated:
        return []
    leagues = Invitation.objects.filter(user_id=user.pk, league__ruleset=KEY).values("league")
    seasons = Season.objects.filter(
        league__in=leagues, status=Season.Status.DRAFT, rounds__isnull=True
    ).select_related("league")
    return [season for season in seasons if team_entry_refusal(season=season, user=user) is None]


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

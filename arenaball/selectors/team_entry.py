"""Whether a coach may enter his own team (A-T1, A-T2): a user the league's commissioners
invited, in its Arenaball season while that season takes entries (a draft with no schedule
yet), one team per coach and league; arenaball.services.team_enter enters it."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from arenaball.errors import ArenaballError
from league.access import is_commissioner
from league.errors import PermissionRefused
from league.models import Invitation, Round, Season, Team

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

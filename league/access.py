"""Who may do what: the checks every service, view and API endpoint share."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from league.errors import PermissionRefused
from league.models import League, Team

Actor = User | AnonymousUser | None


def is_commissioner(*, user: Actor, league: League) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser) or league.commissioners.filter(pk=user.pk).exists()


def is_coach(*, user: Actor, team: Team) -> bool:
    return user is not None and user.is_authenticated and team.coach_id == user.pk


def require_commissioner(*, user: Actor, league: League) -> None:
    """`user` None is the server itself (a task or a command) and may act."""
    if user is not None and not is_commissioner(user=user, league=league):
        raise PermissionRefused(f"Only a commissioner of {league} may do this.")


def require_coach_or_commissioner(*, user: Actor, team: Team) -> None:
    if user is None or is_coach(user=user, team=team):
        return
    if not is_commissioner(user=user, league=team.league):
        raise PermissionRefused(f"Only the coach of {team} or a commissioner may do this.")

"""Where signing in lands a person (issue #17: a coach on My teams, a commissioner on his
season's control room); a `?next=` the sign-in form carries still wins (Django's LoginView)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.urls import reverse

from league.models import Season

#: Seasons a commissioner still runs, the live ones first.
_RUNNING = (Season.Status.ACTIVE, Season.Status.PLAYOFFS, Season.Status.DRAFT)


def sign_in_landing(*, user: User | AnonymousUser) -> str:
    """The page to open after signing in: a commissioner's newest running season's control
    room (any season's list if he runs none), everyone else My teams (a commissioner
    who is no staff member cannot enter the admin)."""
    if not user.is_authenticated:
        return reverse("home")
    if not user.is_staff:  # the admin, where the control room is, lets in staff only
        return reverse("my-teams")
    seasons = Season.objects.filter(status__in=_RUNNING)
    if not user.is_superuser:
        if not user.commissioned_leagues.exists():
            return reverse("my-teams")
        seasons = seasons.filter(league__commissioners=user)
    live = sorted(seasons.only("id", "status", "created_at"), key=_live_first)
    if live:
        return reverse("admin:league_season_change", args=[live[0].pk])
    return reverse("admin:league_season_changelist")


def _live_first(season: Season) -> tuple[int, float]:
    return (_RUNNING.index(Season.Status(season.status)), -season.created_at.timestamp())

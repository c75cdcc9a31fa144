"""Reads of leagues and seasons: which a user may see, and each league's current season."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, Count, F, Q, QuerySet, Value, When

from league.models import League, Season


def league_visible_q(*, user: User | AnonymousUser) -> Q:
    """Public leagues for everyone; a private league also for its commissioners and coaches."""
    if not user.is_authenticated:
        return Q(is_public=True)
    if user.is_superuser:
        return Q()
    return Q(is_public=True) | Q(commissioners=user) | Q(teams__coach=user)


def league_visible_to(*, user: User | AnonymousUser, league: League) -> bool:
    """`league_visible_q` for one league already read: no query for a public league or a
    superuser, one for a private league. A page reads its row first and checks after,
    because a `league IN (visible leagues)` subquery in the row's own many-join query costs
    PostgreSQL more to plan than the rest of the page's queries to run."""
    if league.is_public or user.is_superuser:
        return True
    return (
        user.is_authenticated
        and League.objects.filter(league_visible_q(user=user), pk=league.pk).exists()
    )


def league_list(*, user: User | AnonymousUser) -> QuerySet[League]:
    return League.objects.filter(league_visible_q(user=user)).distinct().order_by("name")


def league_for_user(*, user: User | AnonymousUser, slug: str) -> League:
    """The league with `slug` if `user` may read it; League.DoesNotExist otherwise."""
    return League.objects.filter(league_visible_q(user=user)).distinct().get(slug=slug)


def league_seasons(*, league: League) -> QuerySet[Season]:
    """A league's seasons, newest first, with their round and team counts. One query."""
    return (
        league.seasons.annotate(
            round_count=Count("rounds", distinct=True), team_count=Count("standings", distinct=True)
        )
        .select_related("champion")
        .order_by("-created_at")
    )


def season_for_user(*, user: User | AnonymousUser, league_slug: str, season_slug: str) -> Season:
    """The season if `user` may read its league; Season.DoesNotExist otherwise. One query,
    two for a private league (league_visible_to)."""
    season = Season.objects.select_related("league", "rules", "champion").get(
        league__slug=league_slug, slug=season_slug
    )
    if not league_visible_to(user=user, league=season.league):
        raise Season.DoesNotExist
    return season


#: The order that puts a league's current season first among those not archived: the newest
#: that has started (a season still in draft is being prepared, and does not take the home
#: page from the season being played or just finished), else the newest draft.
CURRENT_SEASON_ORDER = (
    Case(When(status=Season.Status.DRAFT, then=Value(1)), default=Value(0)),
    F("created_at").desc(),
    F("pk").desc(),
)


def season_current(*, league: League) -> Season | None:
    """The season a league is playing now (CURRENT_SEASON_ORDER)."""
    return (
        league.seasons.exclude(status=Season.Status.ARCHIVED)
        .select_related("league", "rules")
        .order_by(*CURRENT_SEASON_ORDER)
        .first()
    )

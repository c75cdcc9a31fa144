"""Reads of leagues, seasons and standings."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, Prefetch, Q, QuerySet

from league.models import League, Season, StandingRow


def league_visible_q(*, user: User | AnonymousUser) -> Q:
    """Public leagues for everyone; a private league also for its commissioners and coaches."""
    if not user.is_authenticated:
        return Q(is_public=True)
    if user.is_superuser:
        return Q()
    return Q(is_public=True) | Q(commissioners=user) | Q(teams__coach=user)


def league_list(*, user: User | AnonymousUser) -> QuerySet[League]:
    return League.objects.filter(league_visible_q(user=user)).distinct().order_by("name")


def league_list_with_standings(*, user: User | AnonymousUser) -> QuerySet[League]:
    """Leagues with their seasons, newest first, and each season's standings rows.

    Three queries whatever the number of leagues, seasons and teams.
    """
    rows = StandingRow.objects.select_related("team").order_by(
        F("position").asc(nulls_last=True), "-points", "team__name"
    )
    seasons = (
        Season.objects.exclude(status=Season.Status.ARCHIVED)
        .annotate(round_count=Count("rounds"))
        .prefetch_related(Prefetch("standings", queryset=rows))
        .order_by("-created_at")
    )
    return league_list(user=user).prefetch_related(Prefetch("seasons", queryset=seasons))


def standings_for_season(*, season: Season) -> QuerySet[StandingRow]:
    """The season's table: its rows with their teams, by position (rows not yet ranked last),
    then team name. One query whatever the number of teams."""
    return (
        StandingRow.objects.filter(season=season)
        .select_related("team")
        .order_by(F("position").asc(nulls_last=True), "team__name")
    )


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
    """The season if `user` may read its league; Season.DoesNotExist otherwise. One query."""
    visible = League.objects.filter(league_visible_q(user=user)).values("pk")
    return Season.objects.select_related("league", "rules", "champion").get(
        league__slug=league_slug, slug=season_slug, league__in=visible
    )


def season_current(*, league: League) -> Season | None:
    """The season a league is playing now: the newest one not archived."""
    return (
        league.seasons.exclude(status=Season.Status.ARCHIVED)
        .select_related("league", "rules")
        .order_by("-created_at")
        .first()
    )

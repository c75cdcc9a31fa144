"""The API's reads: every queryset limited to the leagues the user may see
(``league_visible_q``), with what its serializer shows fetched in a constant number of
queries. Each game's own reads are its API's (its own ``api/selectors.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, OuterRef, QuerySet, Subquery

from api.access import ApiUser, visible_league_ids
from api.season_rules import rules_related
from api.serializers import fixture_detail_parts
from league.models import ApiToken, Fixture, League, Season, Team
from league.selectors.coaching import team_seasons


def leagues(*, user: ApiUser) -> QuerySet[League]:
    return League.objects.filter(pk__in=visible_league_ids(user=user)).order_by("name")


def seasons(*, user: ApiUser) -> QuerySet[Season]:
    return (
        Season.objects.filter(league__in=visible_league_ids(user=user))
        .select_related("league", *rules_related())
        .prefetch_related("divisions__rows")
        .order_by("league__name", "-created_at")
    )


def teams(*, user: ApiUser) -> QuerySet[Team]:
    return (
        Team.objects.filter(league__in=visible_league_ids(user=user))
        .select_related("league", "coach")
        .order_by("league__name", "name")
    )


#: How many games a fixture's round has, so its label names a knockout round ("Final")
#: without a query per fixture.
_ROUND_GAMES = Subquery(
    Fixture.objects.filter(round_id=OuterRef("round_id"))
    .order_by()
    .values("round_id")
    .annotate(n=Count("id"))
    .values("n")
)


def fixtures(*, user: ApiUser, detail: bool = False) -> QuerySet[Fixture]:
    """The fixtures `user` may see; with what every installed game adds to a fixture's
    `detail` (api.serializers.FixtureDetailParts) prefetched."""
    queryset = (
        Fixture.objects.filter(round__season__league__in=visible_league_ids(user=user))
        .select_related("round__season", "home_team", "away_team", "result")
        .annotate(round_games=_ROUND_GAMES)
        .order_by("round__season_id", "round__number", "id")
    )
    if detail:
        queryset = queryset.prefetch_related(
            *(lookup for parts in fixture_detail_parts() for lookup in parts.prefetch)
        )
    return queryset


@dataclass(frozen=True)
class CoachedTeam:
    team: Team
    season: Season | None


@dataclass(frozen=True)
class Me:
    """Who the request acts as: the user, his roles, and the token it came with (if any)."""

    user: User
    commissioner_of: list[League]
    teams: list[CoachedTeam]
    token: ApiToken | None


def me_profile(*, user: User, token: ApiToken | None) -> Me:
    """The signed-in user's leagues as commissioner, the teams he coaches (each with the
    season it follows: its league season not archived) and the token he signed in with.
    Three queries."""
    teams = list(Team.objects.filter(coach=user).select_related("league").order_by("name", "id"))
    seasons = team_seasons([team.pk for team in teams])
    return Me(
        user=user,
        commissioner_of=list(user.commissioned_leagues.order_by("name")),
        teams=[CoachedTeam(team=team, season=seasons.get(team.pk)) for team in teams],
        token=token,
    )

"""The API's reads: every queryset limited to the leagues the user may see
(``league_visible_q``), with what its serializer shows fetched in a constant number of
queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)

from api.access import ApiUser, visible_league_ids
from api.season_rules import rules_related
from games.models import Appearance, Inspection, StatLine, TableInspection
from injuries.models import Injury
from league.coaching import team_seasons
from league.models import ApiToken, Fixture, League, Result, Season, Team
from rosters.models import DiceRoll, Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.snapshot import stat_levels
from rules.magnoball.vocabulary import StatCategory


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


#: A player out injured (M-I1) stays on the active roster but cannot take the field.
_OUT_INJURED = Exists(Injury.objects.filter(player_id=OuterRef("pk"), state=Injury.State.OUT))


def may_play_q() -> Q:
    """The players who may take the field in their team's next match."""
    return Q(roster_state=Player.RosterState.ACTIVE) & ~Q(_OUT_INJURED)


def players(*, user: ApiUser) -> QuerySet[Player]:
    """Each annotated ``may_play``: on the active roster and not out injured, the players a
    line-up takes (M-P3, games/lineups.py) and so a report may name."""
    return (
        Player.objects.filter(team__league__in=visible_league_ids(user=user))
        .select_related("team")
        .annotate(may_play=ExpressionWrapper(may_play_q(), output_field=BooleanField()))
        .order_by("team__name", "string", "shirt_number", "id")
    )


#: A result's lines by player id, each player's stat lines by category: the order the
#: result service leaves the lines it stored in (games.results.result_record).
RESULT_LINES_QUERYSET = (
    Appearance.objects.select_related("player")
    .prefetch_related(Prefetch("stat_lines", queryset=StatLine.objects.order_by("category")))
    .order_by("player_id")
)
_RESULT_LINES = Prefetch("result__appearances", queryset=RESULT_LINES_QUERYSET)


#: How many games a fixture's round has, so its label names a knockout round ("Final")
#: without a query per fixture.
_ROUND_GAMES = Subquery(
    Fixture.objects.filter(round_id=OuterRef("round_id"))
    .order_by()
    .values("round_id")
    .annotate(n=Count("id"))
    .values("n")
)


def fixtures(*, user: ApiUser, with_lines: bool = False) -> QuerySet[Fixture]:
    queryset = (
        Fixture.objects.filter(round__season__league__in=visible_league_ids(user=user))
        .select_related("round__season", "home_team", "away_team", "result")
        .annotate(round_games=_ROUND_GAMES)
        .order_by("round__season_id", "round__number", "id")
    )
    if with_lines:
        inspections = Inspection.objects.select_related("enhancement__player")
        queryset = queryset.prefetch_related(
            _RESULT_LINES,
            Prefetch("inspections", queryset=inspections),
            Prefetch("injuries", queryset=Injury.objects.order_by("id")),
        )
    return queryset


def result_with_lines(*, result_id: int) -> Result:
    return (
        Result.objects.select_related("fixture", "reported_by")
        .prefetch_related(
            Prefetch("appearances", queryset=RESULT_LINES_QUERYSET),
            Prefetch("fixture__injuries", queryset=Injury.objects.order_by("id")),
        )
        .get(pk=result_id)
    )


def fixture_dice(*, fixture: Fixture) -> QuerySet[DiceRoll]:
    """The ledger entries of a fixture, in the order they were rolled."""
    return DiceRoll.objects.filter(fixture=fixture).order_by("created_at", "sequence", "id")


def injuries(*, user: ApiUser) -> QuerySet[Injury]:
    return (
        Injury.objects.filter(player__team__league__in=visible_league_ids(user=user))
        .select_related("player__team", "force_healing")
        .order_by("-created_at", "-id")
    )


def inspections(*, user: ApiUser) -> QuerySet[Inspection]:
    return (
        Inspection.objects.filter(fixture__round__season__league__in=visible_league_ids(user=user))
        .select_related("enhancement__player")
        .order_by("fixture_id", "id")
    )


def table_inspections(*, user: ApiUser) -> QuerySet[TableInspection]:
    return (
        TableInspection.objects.filter(
            fixture__round__season__league__in=visible_league_ids(user=user)
        )
        .select_related("player")
        .order_by("fixture_id", "id")
    )


@dataclass(frozen=True)
class SeasonLine:
    season: PlayerSeason
    stats: dict[str, dict[str, int]]


@dataclass(frozen=True)
class PlayerProfile:
    """A player with his career: stat levels (M-P7), seasons, matches and injuries."""

    player: Player
    levels: dict[str, int]
    seasons: list[SeasonLine]
    matches: list[Appearance]
    injuries: list[Injury]


def player_profile(*, player: Player) -> PlayerProfile:
    """Six queries whatever the length of the career."""
    season_stats: dict[int, dict[str, dict[str, int]]] = defaultdict(dict)
    career: dict[StatCategory, int] = defaultdict(int)
    for stat in PlayerSeasonStat.objects.filter(player=player):
        season_stats[stat.season_id][stat.category] = {
            "attempts": stat.attempts,
            "successes": stat.successes,
        }
        career[StatCategory(stat.category)] += stat.successes
    # Levels count career successes (M-P7) against the thresholds of his latest season.
    latest = (
        Season.objects.filter(league_id=player.team.league_id)
        .select_related("rules")
        .order_by("-created_at")
        .first()
    )
    levels: dict[str, int] = {}
    if latest is not None and hasattr(latest, "rules"):
        levels = {c.value: n for c, n in stat_levels(career, latest.rules.to_engine()).items()}
    lines = [
        SeasonLine(line, season_stats[line.season_id])
        for line in PlayerSeason.objects.filter(player=player)
        .select_related("season")
        .order_by("season__created_at")
    ]
    matches = list(
        Appearance.objects.filter(player=player)
        .select_related("result__fixture__round", "result__fixture__home_team")
        .select_related("result__fixture__away_team")
        .prefetch_related(Prefetch("stat_lines", queryset=StatLine.objects.order_by("category")))
        .order_by("result__fixture__round__season__created_at", "result__fixture__round__number")
    )
    injuries = list(
        Injury.objects.filter(player=player).select_related("force_healing").order_by("created_at")
    )
    return PlayerProfile(player, levels, lines, matches, injuries)


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

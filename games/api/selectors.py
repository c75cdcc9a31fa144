"""MagnoBall's reads in the API: every queryset limited to the leagues the user may see
(api.access.visible_league_ids), with what its serializer shows fetched in a constant number
of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
)

from api.access import ApiUser, visible_league_ids
from games.models import Appearance, Inspection, StatLine, TableInspection
from injuries.models import Injury
from league.models import Fixture, Result, Season
from rosters.models import DiceRoll, Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.snapshot import stat_levels
from rules.magnoball.vocabulary import StatCategory

#: A player out injured (M-I1) stays on the active roster but cannot take the field.
_OUT_INJURED = Exists(Injury.objects.filter(player_id=OuterRef("pk"), state=Injury.State.OUT))


def may_play_q() -> Q:
    """The players who may take the field in their team's next match."""
    return Q(roster_state=Player.RosterState.ACTIVE) & ~Q(_OUT_INJURED)


def players(*, user: ApiUser) -> QuerySet[Player]:
    """Each annotated ``may_play``: on the active roster and not out injured, the players a
    line-up takes (M-P3, games/selectors/lineups.py) and so a report may name."""
    return (
        Player.objects.filter(team__league__in=visible_league_ids(user=user))
        .select_related("team")
        .annotate(may_play=ExpressionWrapper(may_play_q(), output_field=BooleanField()))
        .order_by("team__name", "string", "shirt_number", "id")
    )


#: A result's lines by player id, each player's stat lines by category: the order the
#: result service leaves the lines it stored in (games.services.result_record).
RESULT_LINES_QUERYSET = (
    Appearance.objects.select_related("player")
    .prefetch_related(Prefetch("stat_lines", queryset=StatLine.objects.order_by("category")))
    .order_by("player_id")
)


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
